/**
 * Main process / plain Node. The single dispatch both transports use (Electron IPC and the
 * bridge host): check the sender's origin, parse the payload with the contract's schema, run the
 * handler, validate its output, and turn any failure into a serializable `{code, message, details}`.
 */
import {
  isChannelName,
  requestChannels,
  type ChannelName,
  type ChannelOutput,
  type IpcError,
  type Result,
} from '../../src-shared/index.ts';
import type { z } from 'zod';
import { humanSystemError, isSystemError } from './system-errors.ts';

export type ChannelHandler<K extends ChannelName> = (
  input: z.output<(typeof requestChannels)[K]['input']>,
) => Promise<ChannelOutput<K>> | ChannelOutput<K>;

export type HandlerTable = { [K in ChannelName]: ChannelHandler<K> };

export interface Sender {
  /** Origin of the frame that sent the message (Electron senderFrame.url, or the HTTP Origin header). */
  origin: string | null;
}

export interface DispatchOptions {
  handlers: HandlerTable;
  /** Origins our own renderer is served from, e.g. `app://lectern` or `http://127.0.0.1:5123`. */
  allowedOrigins: () => readonly string[];
  /** Internal log for failures we could not type; never sent to the renderer. */
  logInternalError?: (channel: string, error: unknown) => void;
}

/** Where a call's time went in main (filled in when the transport asks, for its Server-Timing). */
export interface DispatchTiming {
  /** The handler: the service's work (a cached read, a queued change). */
  handlerMs: number;
  /** The contract's checks: the input parse and the output parse. */
  checkMs: number;
}

export type Dispatch = (
  channel: string,
  rawInput: unknown,
  sender: Sender,
  timing?: DispatchTiming,
) => Promise<Result<unknown>>;

/** Parses any URL-ish string to its origin; compare parsed origins, never string prefixes. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    // Custom standard schemes (app://lectern) report origin "null" in WHATWG URL; rebuild it.
    if (parsed.origin === 'null') {
      return parsed.host ? `${parsed.protocol}//${parsed.host}` : null;
    }
    return parsed.origin;
  } catch {
    return null;
  }
}

export function createDispatch(options: DispatchOptions): Dispatch {
  const { handlers, allowedOrigins, logInternalError } = options;
  return async (channel, rawInput, sender, timing) => {
    if (!isChannelName(channel)) {
      return failure({
        code: 'UNKNOWN_CHANNEL',
        message: `There is no channel named "${String(channel).slice(0, 80)}".`,
      });
    }
    const origin = originOf(sender.origin);
    if (origin === null || !allowedOrigins().includes(origin)) {
      return failure({
        code: 'FORBIDDEN_SENDER',
        message: 'This request did not come from Lectern’s own window and was refused.',
        details: { origin },
      });
    }
    const schemas = requestChannels[channel];
    const started = performance.now();
    const parsed = schemas.input.safeParse(rawInput);
    const parsedAt = performance.now();
    if (!parsed.success) {
      return failure({
        code: 'INVALID_INPUT',
        message: `The request to ${channel} was not in the expected form.`,
        details: {
          issues: parsed.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.'),
            message: issue.message,
          })),
        },
      });
    }
    try {
      const handler = handlers[channel] as (input: unknown) => unknown;
      const value = await handler(parsed.data);
      const handledAt = performance.now();
      // Output is validated (and unknown fields stripped) so nothing off-contract leaves main.
      const checked = schemas.output.safeParse(value);
      if (timing) {
        timing.handlerMs = handledAt - parsedAt;
        timing.checkMs = parsedAt - started + (performance.now() - handledAt);
      }
      if (!checked.success) {
        logInternalError?.(channel, checked.error);
        return failure({ code: 'INTERNAL', message: `Lectern produced an unexpected answer for ${channel}.` });
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      return failure(toIpcError(error, channel, logInternalError));
    }
  };
}

function failure(error: IpcError): Result<never> {
  return { ok: false, error };
}

/**
 * Typed service errors carry `toIpcError()` (or are our own classes with an UPPER_SNAKE code);
 * OS, Node and SQLite errors become a plain sentence (details only in the log); anything else a
 * generic INTERNAL error.
 */
export function toIpcError(
  error: unknown,
  channel: string,
  logInternalError?: (channel: string, error: unknown) => void,
): IpcError {
  if (error && typeof error === 'object') {
    const candidate = error as { toIpcError?: () => IpcError; code?: unknown; message?: unknown; details?: unknown };
    if (typeof candidate.toIpcError === 'function') return candidate.toIpcError();
    if (
      typeof candidate.code === 'string' &&
      /^[A-Z][A-Z0-9_]+$/.test(candidate.code) &&
      typeof candidate.message === 'string'
    ) {
      if (isSystemError(error, candidate.code)) {
        logInternalError?.(channel, error);
        return humanSystemError(error, candidate.code);
      }
      const plain: IpcError = { code: candidate.code, message: candidate.message };
      if (isPlainData(candidate.details)) plain.details = candidate.details;
      return plain;
    }
  }
  logInternalError?.(channel, error);
  return { code: 'INTERNAL', message: 'Something went wrong inside Lectern. The details were written to the log.' };
}

function isPlainData(value: unknown): boolean {
  if (value === undefined) return false;
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}
