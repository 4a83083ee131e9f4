/**
 * Plain Node. The bridge host: serves the built renderer on loopback and carries the IPC contract
 * over HTTP (requests) and a streamed event response (pushes). Every bridge call needs our own
 * Host, our own Origin and a token in the `x-lectern-bridge-token` header: a browser token the
 * page got by redeeming a one-time launch code, or the owner secret of the process that started
 * the host (session.ts). No cookie: a cookie for 127.0.0.1 would reach every other port of it.
 * It runs the very same handler table and dispatch as the Electron shell, so tests and
 * binary-less development exercise the real main-process code. Threat model: docs/security.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, relative as relativeTo, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { cacheControlFor, contentTypeFor, decodeUrlPath, isLoopbackHost, SECURITY_HEADERS } from '../platform/index.ts';
import type { Dispatch, DispatchTiming } from '../ipc/index.ts';
import { DROPPED_FILES_CHANNEL } from '../../src-shared/index.ts';
import type { AppEvents } from '../services/index.ts';
import {
  createBridgeSession,
  launchAddress,
  LAUNCH_PATH,
  TOKEN_HEADER,
  type BridgeScope,
  type BridgeSession,
} from './session.ts';

export { LAUNCH_PATH, TOKEN_HEADER };

export const RPC_PREFIX = '/__bridge/rpc/';
/** POST (so the browser sends its Origin): a streamed response of `data:` frames. */
export const EVENTS_PATH = '/__bridge/events';
/** POST with the owner secret: a fresh launch URL (e.g. for a browser opened by hand later). */
export const LAUNCH_CODE_PATH = '/__bridge/launch-code';
export const TEST_HOOKS_PREFIX = '/__bridge/test/';
const MAX_BODY_BYTES = 1024 * 1024;
/** Open event streams at most: a page holds one (a reload replaces it); more is a leak or abuse. */
export const MAX_EVENT_STREAMS = 16;
/** Loopback clients send a whole request at once; slower ones only hold sockets. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** After a 413: how long the rest of the body may still arrive (and be dropped) before the cut. */
const OVERSIZED_GRACE_MS = 1_000;

export interface BridgeHostOptions {
  rendererDir: string;
  /** Builds the dispatch once the port (and so our own origin) is known. */
  createDispatch: (allowedOrigins: () => readonly string[]) => Dispatch;
  events: AppEvents;
  host?: string;
  port?: number;
  /** The owner secret (default: 32 random bytes). */
  token?: string;
  /** How long a launch code stays valid (default 15 s). */
  launchCodeTtlMs?: number;
  /**
   * Only with `--test-hooks`: lets an end-to-end test answer the file dialog or stop the
   * built-in sandbox. Needs the owner secret and our Origin; absent in normal runs.
   */
  testHooks?: (action: string, body: unknown) => Promise<unknown>;
}

export interface RunningBridgeHost {
  url: string;
  origin: string;
  /** The owner secret, for the process that started the host (header `x-lectern-bridge-token`). */
  token: string;
  /** The address to open in a browser: the app with a one-time launch code in its fragment. */
  appUrl: string;
  /** Another one-time launch address (the first may have been used or expired). */
  newLaunchUrl(): string;
  close(): Promise<void>;
}

export async function startBridgeHost(options: BridgeHostOptions): Promise<RunningBridgeHost> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`The bridge host only binds to loopback addresses, not ${host}.`);
  let session: BridgeSession | null = null;
  const rendererDir = resolve(options.rendererDir);
  let origins: string[] = [];
  const dispatch = options.createDispatch(() => origins);
  const eventStreams = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'bridge failure' });
      else res.destroy();
    });
  });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // DNS-rebinding guard: only our own host names are served.
    const hostHeader = req.headers.host ?? '';
    if (!origins.some((origin) => origin.endsWith(`//${hostHeader}`))) {
      return sendJson(res, 421, { error: 'unknown host' });
    }
    const url = new URL(req.url ?? '/', origins[0]);
    const pathname = decodeUrlPath(url.pathname);
    if (pathname === null) return sendJson(res, 400, { error: 'malformed percent-escape in the path' });
    if (pathname.startsWith('/__bridge/')) return bridgeRequest(req, res, pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method not allowed' });
    return serveStatic(pathname, res);
  }

  /** Every bridge endpoint: POST, from our own origin, with a token good for the endpoint. */
  async function bridgeRequest(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const scope = scopeOf(pathname);
    if (scope === null) return sendJson(res, 404, { error: 'not found' });
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'use POST' });
    // A browser always sends Origin with a POST: a page on another origin (another loopback port
    // included) is refused here whatever it holds.
    if (!origins.includes(headerValue(req.headers.origin) ?? '')) {
      return sendJson(res, 403, { error: 'foreign or missing Origin' });
    }
    if (scope !== 'launch' && !session?.authorized(req, scope)) {
      return sendJson(res, 403, { error: 'missing or wrong bridge token' });
    }
    if (pathname === EVENTS_PATH) return openEventStream(req, res);
    if (pathname === LAUNCH_CODE_PATH) return sendJson(res, 200, { appUrl: launchUrl() });
    const body = await readJsonBody(req, res);
    if (body === undefined) return;
    if (pathname === LAUNCH_PATH) return redeem(res, body);
    if (pathname.startsWith(TEST_HOOKS_PREFIX)) return testHook(res, pathname.slice(TEST_HOOKS_PREFIX.length), body);
    const channel = pathname.slice(RPC_PREFIX.length);
    // Only Electron's preload may turn paths into file handles; over HTTP it would let any
    // caller name an arbitrary file (docs/security.md, dropped files).
    if (channel === DROPPED_FILES_CHANNEL) {
      return sendJson(res, 200, {
        ok: false,
        error: { code: 'NOT_AVAILABLE', message: 'Not available in the bridge host.' },
      });
    }
    const input = body && typeof body === 'object' ? (body as { input?: unknown }).input : undefined;
    const timing: DispatchTiming = { handlerMs: 0, checkMs: 0 };
    const answer = await dispatch(channel, input, { origin: headerValue(req.headers.origin) }, timing);
    // Where the call's time went in main, for the page's own resource timing (same origin only).
    const serverTiming = `handler;dur=${timing.handlerMs.toFixed(1)}, check;dur=${timing.checkMs.toFixed(1)}`;
    return sendJson(res, 200, answer, { 'Server-Timing': serverTiming });
  }

  /** What a bridge path needs: `launch` (a launch code in the body), a token scope, or null (no such path). */
  function scopeOf(pathname: string): BridgeScope | 'launch' | null {
    if (pathname === LAUNCH_PATH) return 'launch';
    if (pathname === LAUNCH_CODE_PATH) return 'owner';
    if (pathname.startsWith(TEST_HOOKS_PREFIX)) return options.testHooks ? 'owner' : null;
    if (pathname === EVENTS_PATH || pathname.startsWith(RPC_PREFIX)) return 'browser';
    return null;
  }

  /** A launch code from the page's fragment, for a browser token of its own. */
  function redeem(res: ServerResponse, body: unknown): void {
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    const token = typeof code === 'string' ? (session?.redeem(code) ?? null) : null;
    if (token === null) {
      return sendJson(res, 403, {
        error:
          'This Lectern launch link has been used already or has expired (they work once, for a few seconds). ' +
          'Start Lectern again, or press Enter in the terminal that started it for a new link.',
      });
    }
    return sendJson(res, 200, { token });
  }

  async function testHook(res: ServerResponse, action: string, body: unknown): Promise<void> {
    try {
      const answer = await options.testHooks!(action, body ?? {});
      return sendJson(res, 200, answer ?? {});
    } catch (error) {
      return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  function openEventStream(req: IncomingMessage, res: ServerResponse): void {
    if (eventStreams.size >= MAX_EVENT_STREAMS) return sendJson(res, 429, { error: 'too many event streams' });
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', ...SECURITY_HEADERS });
    res.write(': connected\n\n');
    eventStreams.add(res);
    res.on('close', () => eventStreams.delete(res));
    req.resume();
  }

  function launchUrl(): string {
    if (!session) throw new Error('the bridge host is not listening yet');
    return launchAddress(origins[0]!, session.issueLaunchCode());
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const relative = normalize(pathname).replace(/^([/\\])+/, '');
    let file = resolve(rendererDir, relative);
    if (file !== rendererDir && !file.startsWith(rendererDir + sep)) return sendJson(res, 404, { error: 'not found' });
    const info = await stat(file).catch(() => null);
    // Client-side routes fall back to the app shell.
    if (!info || info.isDirectory()) file = join(rendererDir, 'index.html');
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) return sendJson(res, 404, { error: 'renderer not built; run npm run build' });
    res.writeHead(200, {
      'Content-Type': contentTypeFor(file),
      'Cache-Control': cacheControlFor(relativeTo(rendererDir, file)),
      ...SECURITY_HEADERS,
    });
    res.end(bytes);
  }

  const unsubscribe = options.events.subscribe((event, payload) => {
    const frame = `data: ${JSON.stringify({ event, payload })}\n\n`;
    for (const stream of eventStreams) stream.write(frame);
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const origin = `http://${hostForUrl}:${port}`;
  origins = host === '127.0.0.1' ? [origin, `http://localhost:${port}`] : [origin];
  session = createBridgeSession({ secret: options.token, launchCodeTtlMs: options.launchCodeTtlMs });

  return {
    url: origin,
    origin,
    token: session.secret,
    appUrl: launchUrl(),
    newLaunchUrl: launchUrl,
    close: async () => {
      unsubscribe();
      for (const stream of eventStreams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

/**
 * The body parsed as JSON (`{}` when empty), or undefined once an error answer was sent. An
 * oversized body gets its 413 and then the connection is cut: the rest is never read.
 */
async function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  const text = declared > MAX_BODY_BYTES ? null : await readBody(req);
  if (text === null) {
    refuseOversized(req, res);
    return undefined;
  }
  try {
    return text.length === 0 ? {} : (JSON.parse(text) as unknown);
  } catch {
    sendJson(res, 400, { error: 'body is not JSON' });
    return undefined;
  }
}

/**
 * The 413, then the connection is cut: its write side closes at once (the client reads the answer
 * before its reset), and the socket is destroyed after one more MiB or a second, whichever comes
 * first. Draining the rest would let a client keep us reading.
 */
function refuseOversized(req: IncomingMessage, res: ServerResponse): void {
  res.shouldKeepAlive = false;
  res.once('finish', () => {
    const socket = req.socket;
    socket.end();
    let discarded = 0;
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_BODY_BYTES) socket.destroy();
    });
    req.resume();
    setTimeout(() => socket.destroy(), OVERSIZED_GRACE_MS).unref();
  });
  sendJson(res, 413, { error: 'request too large' });
}

/** The body as text, or null past MAX_BODY_BYTES (reading stops there). */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      done(null);
    };
    req.on('data', onData);
    req.once('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.once('error', fail);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const started = performance.now();
  const text = JSON.stringify(body);
  const json = `json;dur=${(performance.now() - started).toFixed(1)}`;
  const serverTiming = headers['Server-Timing'] ? `${headers['Server-Timing']}, ${json}` : undefined;
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...SECURITY_HEADERS,
    ...headers,
    ...(serverTiming && { 'Server-Timing': serverTiming }),
  });
  res.end(text);
}
