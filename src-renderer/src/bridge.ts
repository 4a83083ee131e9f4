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

/** Calls a bridge function and unwraps its result: `await call((b) => b.app.info())`. */
export async function call<T>(fn: (bridge: LecternBridge) => Promise<Result<T>>): Promise<T> {
  return unwrap(fn(await getBridge()));
}
