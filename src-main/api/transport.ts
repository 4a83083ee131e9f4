// Main process / plain Node. One HTTP attempt over undici: keep-alive Agent per client, per-request
// header/body timeouts, and the mapping of undici/socket failures to Network/Timeout/Cancelled.
import { Agent } from './http-stack.ts';
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import { connectionFailureMessage, isTlsProblem } from '../../src-shared/connection-words.ts';

import { CancelledError, NetworkError, TimeoutError } from './errors.ts';
import type { ApiError, ApiErrorInit } from './errors.ts';

export interface Timeouts {
  /** TCP/TLS connect. */
  connectMs: number;
  /** From sending the request to receiving the response headers. */
  headersMs: number;
  /** Maximum silence between body chunks. */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 };

export function createAgent(timeouts: Timeouts): Agent {
  return new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
  });
}

export interface AttemptRequest {
  origin: string;
  /** Path and query. */
  path: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  body: string | null;
  /** Aborts for the caller's signal or the overall deadline. */
  signal: AbortSignal;
  /** Told as the request starts going out (undici is about to write its headers). */
  onSent?: (() => void) | undefined;
}

export interface AttemptResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export async function sendOnce(
  dispatcher: Dispatcher,
  req: AttemptRequest,
  timeouts: Timeouts,
): Promise<AttemptResponse> {
  const through = req.onSent ? toldWhenSent(dispatcher, req.onSent) : dispatcher;
  const res = await through.request({
    origin: req.origin,
    path: req.path,
    method: req.method,
    headers: req.headers,
    body: req.body,
    signal: req.signal,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
  });
  // Always drain the body so the keep-alive socket returns to the pool.
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

/**
 * `dispatcher`, telling `onSent` as the request is handed its connection and its headers are about
 * to be written (undici's onRequestStart); the rest of the request is undici's own.
 */
function toldWhenSent(dispatcher: Dispatcher, onSent: () => void): Dispatcher {
  return dispatcher.compose((dispatch) => (options, handler) => dispatch(options, new SentHandler(handler, onSent)));
}

/** Passes every event on to `inner`; onRequestStart tells `onSent` first. */
class SentHandler implements Dispatcher.DispatchHandler {
  readonly #inner: Dispatcher.DispatchHandler;
  readonly #onSent: () => void;

  constructor(inner: Dispatcher.DispatchHandler, onSent: () => void) {
    this.#inner = inner;
    this.#onSent = onSent;
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.#onSent();
    this.#inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestUpgrade']>>): void {
    this.#inner.onRequestUpgrade?.(...args);
  }

  onResponseStart(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>): void {
    this.#inner.onResponseStart?.(...args);
  }

  onResponseData(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseData']>>): void {
    this.#inner.onResponseData?.(...args);
  }

  onResponseEnd(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseEnd']>>): void {
    this.#inner.onResponseEnd?.(...args);
  }

  onResponseError(...args: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseError']>>): void {
    this.#inner.onResponseError?.(...args);
  }

  onResponseStarted(): void {
    this.#inner.onResponseStarted?.();
  }

  onBodySent(chunk: Buffer): void {
    this.#inner.onBodySent?.(chunk);
  }

  onRequestSent(): void {
    this.#inner.onRequestSent?.();
  }
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

function errorCode(err: unknown): string {
  if (err && typeof err === 'object') {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const cause = (err as { cause?: unknown }).cause;
    if (cause && cause !== err) return errorCode(cause);
  }
  return 'UNKNOWN';
}

/**
 * Maps a failure thrown while sending or reading to a typed error. Deliberately copies only the
 * error code, never the undici error object (whose properties could reference request options).
 */
export function classifyTransportError(
  err: unknown,
  init: Omit<ApiErrorInit, 'code' | 'message'>,
  signals: { user: AbortSignal | undefined; deadline: AbortSignal },
): ApiError {
  const where = `${init.method} ${init.path}`;
  if (signals.user?.aborted) {
    return new CancelledError({ ...init, code: 'CANCELLED', message: `Request cancelled: ${where}` });
  }
  if (signals.deadline.aborted) {
    return new TimeoutError({ ...init, code: 'TIMEOUT', message: `Request deadline exceeded: ${where}` }, 'deadline');
  }
  const code = errorCode(err);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new TimeoutError({ ...init, code: 'TIMEOUT', message: `Connect timed out: ${where}` }, 'connect');
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new TimeoutError(
        { ...init, code: 'TIMEOUT', message: `No response headers in time: ${where}` },
        'headers',
      );
    case 'UND_ERR_BODY_TIMEOUT':
      return new TimeoutError({ ...init, code: 'TIMEOUT', message: `Response body stalled: ${where}` }, 'body');
    default: {
      // A certificate refused in the handshake: no request was sent either.
      const notSent = NOT_SENT_CODES.has(code) || isTlsProblem(code);
      const message = connectionFailureMessage(code, `${code}: ${where}`);
      return new NetworkError({ ...init, code: 'NETWORK_ERROR', message }, notSent, code === 'UNKNOWN' ? null : code);
    }
  }
}
