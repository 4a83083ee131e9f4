// Main process / plain Node. Which failures are worth another attempt, and how long to wait.
// Capped exponential backoff with full jitter, like every other retry (catalogue.ts "Back-off");
// Retry-After is a floor, never shortened by jitter. The back-off, Retry-After and the sleep are
// src-shared/retry.ts's.

import { basename } from 'node:path';
import { backoffDelay as sharedBackoffDelay, parseRetryAfterMs, sleep as sharedSleep } from '../../src-shared/retry.ts';
import { AbortedError } from './token-bucket.ts';
import { progressWords, type SourceFileLoss } from './upload-words.ts';

export type FailureClass =
  /** Try again after a backoff (408, 429, 5xx). Spends the budget. */
  | 'retry'
  /**
   * No answer at all (network error, timeout, stall): the server may be unreachable. The engine
   * asks one shared probe: unreachable → wait without spending budget; reachable → like 'retry'.
   */
  | 'unreachable'
  /** The presigned URL expired or was refused (403): sign again, retry at once, budget kept. */
  | 'resign'
  /** Paused, cancelled or connections dropped on purpose: not a failure at all. */
  | 'aborted'
  /** Anything else (other 4xx, contract errors): the file fails with the reason. */
  | 'fatal';

export interface Classified {
  kind: FailureClass;
  status?: number;
  retryAfterMs?: number;
  code: string;
  message: string;
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
]);

const NETWORK_KINDS = new Set(['network', 'timeout', 'Network', 'Timeout', 'NetworkError', 'TimeoutError']);

/** Classifies any error: our own storage errors, typed API client errors, undici/Node errors. */
export function classify(error: unknown): Classified {
  const kindOf = (error as { kind?: unknown } | null)?.kind;
  if (
    error instanceof AbortedError ||
    (error instanceof Error && error.name === 'AbortError') ||
    kindOf === 'Cancelled'
  ) {
    return { kind: 'aborted', code: 'ABORTED', message: 'aborted' };
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const message = error instanceof Error ? error.message : String(error);
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const retryAfterMs = readRetryAfter(e);

  if (status !== undefined) {
    const base = { status, code: code ?? `HTTP_${status}`, message, retryAfterMs };
    if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', ...base };
    return { kind: 'fatal', ...base };
  }
  const kind = typeof e.kind === 'string' ? e.kind : typeof e.name === 'string' ? e.name : '';
  if (e.stalled === true) return { kind: 'unreachable', code: 'STALLED', message };
  const causeCode = readCauseCode(error);
  if (NETWORK_KINDS.has(kind) || (code && NETWORK_CODES.has(code)) || (causeCode && NETWORK_CODES.has(causeCode))) {
    return { kind: 'unreachable', code: code || causeCode || 'NETWORK', message };
  }
  // The API client's typed errors say themselves whether repeating can help.
  if (e.transient === true) return { kind: 'retry', code: code ?? kind, message, retryAfterMs };
  if (error instanceof TypeError && /fetch failed|terminated|other side closed/i.test(message)) {
    return { kind: 'unreachable', code: 'NETWORK', message };
  }
  if (/socket|ECONNRESET|other side closed|terminated/i.test(message))
    return { kind: 'unreachable', code: 'NETWORK', message };
  return { kind: 'fatal', code: code ?? (kind || 'ERROR'), message };
}

function readRetryAfter(e: Record<string, unknown>): number | undefined {
  for (const key of ['retryAfterMs', 'retryAfter', 'retryAfterSeconds']) {
    const v = e[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return key === 'retryAfterMs' ? v : v * 1000;
  }
  const details = e.details as Record<string, unknown> | undefined;
  if (details && typeof details === 'object') {
    const v = details.retryAfterSeconds ?? details.retryAfter;
    if (typeof v === 'number' && Number.isFinite(v)) return v * 1000;
  }
  return undefined;
}

function readCauseCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The `{ code, message, details }` a failed file shows (never a stack, never a key). */
/**
 * The source file failed to read mid-upload (deleted, moved, a drive unplugged or unmounted): one
 * sentence with the file's name and what to do, instead of the system's message with its path.
 */
const SOURCE_FILE_ERRORS: Readonly<Record<string, { code: string; why: SourceFileLoss }>> = {
  ENOENT: { code: 'FILE_NOT_FOUND', why: 'gone' },
  ENOTDIR: { code: 'FILE_NOT_FOUND', why: 'gone' },
  EACCES: { code: 'FILE_UNREADABLE', why: 'permission' },
  EPERM: { code: 'FILE_UNREADABLE', why: 'permission' },
  EIO: { code: 'FILE_UNREADABLE', why: 'driveError' },
  ENXIO: { code: 'FILE_UNREADABLE', why: 'driveDisconnected' },
  ENODEV: { code: 'FILE_UNREADABLE', why: 'driveDisconnected' },
  ESTALE: { code: 'FILE_UNREADABLE', why: 'networkDrive' },
};

function sourceFileProblem(e: { code?: unknown; path?: unknown }): { code: string; message: string } | null {
  const known = typeof e.code === 'string' ? SOURCE_FILE_ERRORS[e.code] : undefined;
  if (!known || typeof e.path !== 'string') return null;
  return { code: known.code, message: progressWords.sourceFileLost(basename(e.path), known.why) };
}

export function problemOf(error: unknown): { code: string; message: string; details?: unknown } {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; status?: unknown; path?: unknown };
  const fileProblem = sourceFileProblem(e);
  if (fileProblem) return fileProblem;
  const code = typeof e.code === 'string' ? (e.code === 'ENOENT' ? 'FILE_NOT_FOUND' : e.code) : 'UPLOAD_FAILED';
  const message = typeof e.message === 'string' && e.message ? e.message : progressWords.uploadFailed();
  return typeof e.status === 'number' ? { code, message, details: { status: e.status } } : { code, message };
}

/** HTTP Retry-After in ms: delta-seconds or an HTTP date (src-shared/retry.ts reads it). */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  return parseRetryAfterMs(value, now) ?? undefined;
}

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  random?: () => number;
}

/**
 * Delay before attempt `attempt + 1` (attempt counts failures so far, from 1): anywhere below the
 * exponential step (full jitter), so the parts of many uploads that failed together spread out.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, retryAfterMs?: number): number {
  return sharedBackoffDelay(attempt, { ...options, jitter: 'full' }, retryAfterMs);
}

/** Sleeps, rejecting with AbortedError when the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sharedSleep(ms, { signal }).catch(() => {
    throw new AbortedError(signal?.reason);
  });
}

/** What the retry loops need to know about reachability (see reachability.ts). */
export interface ReachGate {
  verify(): Promise<boolean>;
  whenReachable(signal?: AbortSignal): Promise<void>;
}

/**
 * Runs an API call with the engine's retry policy (on top of whatever the client does). While the
 * server cannot be reached the call waits for it and spends no attempts, however long that takes.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  options: BackoffOptions & { maxAttempts: number; signal?: AbortSignal; reach?: ReachGate },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const c = classify(error);
      if (options.signal?.aborted) throw error;
      if (c.kind === 'unreachable' && options.reach && !(await options.reach.verify())) {
        await options.reach.whenReachable(options.signal);
        attempt--;
        continue;
      }
      if ((c.kind !== 'retry' && c.kind !== 'unreachable') || attempt >= options.maxAttempts) throw error;
      await sleep(backoffDelay(attempt, options, c.retryAfterMs), options.signal);
    }
  }
}
