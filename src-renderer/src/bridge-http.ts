/**
 * Renderer, bridge-host mode only (under Electron the preload provides `window.lectern`). Carries
 * the same contract to the bridge host on our own loopback origin. The launch address carries a
 * one-time code in its fragment (`#lectern-launch=…`, never sent to a server); the page redeems it
 * once for a browser token and sends that token as the `x-lectern-bridge-token` header on every
 * call. No cookie: cookies for 127.0.0.1 reach every port of it, so another local server would
 * receive them. The token is kept in sessionStorage, which belongs to our origin alone (scheme,
 * host and port), so a reload of this tab keeps working; a new tab needs a new launch address.
 *
 * The bridge object is built lazily from channel names (`lectern.group.method`) instead of from
 * the contract's schema table, so the first screen does not wait for zod to build every schema;
 * the host validates every call against the contract anyway.
 */
import type { ChannelName, EventName, FileHandle, LecternBridge, Result } from '../../src-shared/index.ts';
import { backoffDelay, sleep } from '../../src-shared/retry.ts';

const TOKEN_HEADER = 'x-lectern-bridge-token';
const TOKEN_STORAGE_KEY = 'lectern.bridgeToken';
const LAUNCH_FRAGMENT = /^#lectern-launch=([A-Za-z0-9_-]+)$/;

/**
 * The browser token: redeemed from the launch fragment when the page was opened by a launch
 * address (the fragment is removed at once, so it is neither bookmarked nor reused), else the
 * one this tab saved before a reload; null when the page has neither.
 */
function sessionToken(): Promise<string | null> {
  const launch = LAUNCH_FRAGMENT.exec(window.location.hash);
  if (!launch) return Promise.resolve(sessionStorage.getItem(TOKEN_STORAGE_KEY));
  history.replaceState(null, '', window.location.pathname + window.location.search);
  return fetch('/__bridge/launch', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({ code: launch[1] }),
  })
    .then(async (response) => {
      if (!response.ok) return sessionStorage.getItem(TOKEN_STORAGE_KEY);
      const { token } = (await response.json()) as { token: string };
      sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
      return token;
    })
    .catch(() => null);
}

/** A POST to the bridge with the token (POST, so the browser always sends our Origin). */
function bridgeFetch(path: string, token: string | null, body: string): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) },
    credentials: 'omit',
    body,
  });
}

/** One RPC over the bridge; every failure is a typed BRIDGE_UNAVAILABLE result, never a throw. */
async function callBridge(
  token: Promise<string | null>,
  channel: ChannelName,
  input: unknown,
): Promise<Result<unknown>> {
  try {
    const response = await bridgeFetch(
      `/__bridge/rpc/${encodeURIComponent(channel)}`,
      await token,
      JSON.stringify({ input }),
    );
    if (response.status === 403) {
      return {
        ok: false,
        error: {
          code: 'BRIDGE_UNAVAILABLE',
          message: 'This page has no Lectern session: open the address the bridge host printed (it works once).',
        },
      };
    }
    if (!response.ok) {
      return {
        ok: false,
        error: { code: 'BRIDGE_UNAVAILABLE', message: `The bridge refused the call (${response.status}).` },
      };
    }
    return (await response.json()) as Result<unknown>;
  } catch {
    return {
      ok: false,
      error: { code: 'BRIDGE_UNAVAILABLE', message: 'Lectern’s background process is not reachable.' },
    };
  }
}

/** Reconnects of the event stream: from half a second up to 5 s apart. */
const EVENTS_RECONNECT = { baseMs: 500, capMs: 5_000 };

/** Reads the event stream until it ends; true when it was open (so the next wait starts short). */
async function followEvents(token: string | null, deliver: (frame: string) => void): Promise<boolean> {
  let opened = false;
  try {
    const response = await bridgeFetch('/__bridge/events', token, '{}');
    if (!response.ok || !response.body) return false;
    opened = true;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return true;
      buffer += value;
      let boundary = buffer.indexOf('\n\n');
      while (boundary >= 0) {
        deliver(buffer.slice(0, boundary));
        buffer = buffer.slice(boundary + 2);
        boundary = buffer.indexOf('\n\n');
      }
    }
  } catch {
    return opened; // the host restarted, or the connection dropped (or never opened)
  }
}

export function installHttpBridge(): LecternBridge {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let streaming = false;
  const token = sessionToken();

  const call = (channel: ChannelName, input: unknown) => callBridge(token, channel, input);

  async function stream(): Promise<void> {
    // Reconnects after the host restarted or the connection dropped: the one back-off (full
    // jitter), reset once a stream was open.
    for (let failures = 1; ; failures++) {
      if (await followEvents(await token, deliver)) failures = 1;
      await sleep(backoffDelay(failures, EVENTS_RECONNECT));
    }
  }

  function deliver(frame: string): void {
    const data = frame
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n');
    if (!data) return;
    const { event, payload } = JSON.parse(data) as { event: EventName; payload: unknown };
    for (const listener of listeners.get(event) ?? []) listener(payload);
  }

  const bridge = lazyBridge(
    call,
    (event, listener) => {
      if (!streaming) {
        streaming = true;
        void stream();
      }
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    async () => ({
      ok: false,
      error: { code: 'NOT_AVAILABLE', message: 'Dropping files works in the desktop app; use “Add files…” here.' },
    }),
  );
  window.lectern = bridge;
  return bridge;
}

type Call = (channel: ChannelName, input: unknown) => Promise<Result<unknown>>;

function lazyBridge(
  call: Call,
  subscribe: (event: EventName, listener: (payload: unknown) => void) => () => void,
  registerDropped: (files: readonly File[], options?: { folder?: true }) => Promise<Result<FileHandle[]>>,
): LecternBridge {
  const fixed: Record<string, unknown> = {
    events: { on: (event: EventName, listener: (payload: unknown) => void) => subscribe(event, listener) },
    files: { registerDropped },
  };
  const groups = new Map<string, object>();
  const group = (name: string): object => {
    let methods = groups.get(name);
    if (!methods) {
      const functions = new Map<string, (input?: unknown) => Promise<Result<unknown>>>();
      methods = new Proxy(
        {},
        {
          get: (_target, method) => {
            if (typeof method !== 'string' || method === 'then') return undefined;
            let fn = functions.get(method);
            if (!fn) {
              fn = (input?: unknown) => call(`${name}.${method}` as ChannelName, input);
              functions.set(method, fn);
            }
            return fn;
          },
        },
      );
      groups.set(name, methods);
    }
    return methods;
  };
  return new Proxy(
    {},
    {
      // `then` must stay undefined: the bridge is handed around in promises.
      get: (_target, key) => (typeof key !== 'string' || key === 'then' ? undefined : (fixed[key] ?? group(key))),
    },
  ) as LecternBridge;
}
