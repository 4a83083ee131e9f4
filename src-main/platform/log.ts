/**
 * Main process / plain Node. A small append-only log under the app's data folder, rotated by size
 * (main.log → main.log.1 → … → main.log.N, the oldest dropped) so it never grows without bound.
 * Secrets never reach it: callers log no keys, and `redact` strips anything that looks like a
 * bearer credential as a second line of defence.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  readonly file: string | null;
}

const BEARER = /(bearer\s+)[^\s"',]+/gi;

export function redact(text: string): string {
  return text.replace(BEARER, '$1[redacted]');
}

export interface LogLimits {
  /** Size at which main.log is rotated. Default 1 MiB. */
  maxBytes: number;
  /** Rotated files kept (main.log.1 … main.log.N). Default 3: at most 4 MiB of logs in all. */
  keep: number;
  /** Longer lines (a huge stack or value) are cut. Default 16 KiB. */
  maxLineBytes: number;
}

export const DEFAULT_LOG_LIMITS: LogLimits = { maxBytes: 1024 * 1024, keep: 3, maxLineBytes: 16 * 1024 };

export function createLogger(logDir: string | null, echo = false, limits: Partial<LogLimits> = {}): Logger {
  const { maxBytes, keep, maxLineBytes } = { ...DEFAULT_LOG_LIMITS, ...limits };
  const file = logDir ? join(logDir, 'main.log') : null;
  if (logDir) mkdirSync(logDir, { recursive: true });
  let size = file ? (statSync(file, { throwIfNoEntry: false })?.size ?? 0) : 0;

  const rotate = (path: string) => {
    rmSync(`${path}.${keep}`, { force: true });
    for (let n = keep - 1; n >= 1; n--) {
      if (statSync(`${path}.${n}`, { throwIfNoEntry: false })) renameSync(`${path}.${n}`, `${path}.${n + 1}`);
    }
    if (keep > 0) renameSync(path, `${path}.1`);
    else rmSync(path, { force: true });
    size = 0;
  };

  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    let line = redact(JSON.stringify({ at: new Date().toISOString(), level, message, ...fields }));
    if (Buffer.byteLength(line) > maxLineBytes) {
      // Still one JSON line: the start of the entry, as text (≤ 4 bytes a character, plus escapes).
      line = redact(
        JSON.stringify({ at: new Date().toISOString(), level, message, cut: line.slice(0, maxLineBytes / 8) }),
      );
    }
    const bytes = Buffer.byteLength(line) + 1;
    if (file) {
      try {
        if (size > 0 && size + bytes > maxBytes) rotate(file);
        appendFileSync(file, line + '\n');
        size += bytes;
      } catch {
        // A log that cannot be written (disk full, folder gone) must not take the app down with it.
      }
    }
    if (echo) process.stderr.write(line + '\n');
  };
  return {
    file,
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/** Describes an unknown thrown value for the log without dumping whole objects. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.name, detail: error.message, stack: error.stack };
  return { error: String(error) };
}
