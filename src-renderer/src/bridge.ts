/**
 * Renderer. The typed handle on `window.lectern`. In Electron the preload provides it; under the
 * bridge host (tests, work without an Electron binary) a loopback transport implements the same
 * contract. Calls resolve to values or throw a `BridgeError` carrying the typed `{code, message}`.
 */
import type { IpcError, LecternBridge, Result } from '../../src-shared/index.ts';
import { installHttpBridge } from './bridge-http.ts';

declare global {
  interface Window {
    lectern?: LecternBridge;
  }
}

export class BridgeError extends Error {
  readonly code: string;
  readonly details: unknown;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'BridgeError';
    this.code = error.code;
    this.details = error.details;
  }
}

let bridgePromise: Promise<LecternBridge> | null = null;

export function getBridge(): Promise<LecternBridge> {
  // Static import: a dynamic one would cost a round trip before the first read can start.
  bridgePromise ??= window.lectern ? Promise.resolve(window.lectern) : Promise.resolve().then(installHttpBridge);
  return bridgePromise;
}

export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new BridgeError(result.error);
  return result.value;
}

/** Open, or the calls waiting for the first frame to be painted. */
let held: { opened: Promise<void>; open: () => void } | null = null;

/**
 * From now until `releaseCalls` (or `maxMs`, so nothing can wait on it for good), calls wait:
 * started once the opening screen's reads, the language and the workspaces are under way, so the
 * first frame is built from those alone. Each other call costs the page a request and its answer a
 * render before that frame (the status bar, badges, a screen's side reads); they follow it.
 */
export function holdCalls(maxMs: number): void {
  if (held) return;
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  held = { opened, open };
  setTimeout(releaseCalls, maxMs);
}

/** The held calls go (in the order they were made), and calls are no longer held. */
export function releaseCalls(): void {
  held?.open();
  held = null;
}

/** Calls a bridge function and unwraps its result: `await call((b) => b.app.info())`. */
export async function call<T>(fn: (bridge: LecternBridge) => Promise<Result<T>>): Promise<T> {
  if (held) await held.opened;
  return unwrap(fn(await getBridge()));
}
