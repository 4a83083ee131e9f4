/**
 * Main process / plain Node. A small append-only log under the app's data folder.
 * Secrets never reach it: callers log no keys, and `redact` strips anything that looks like a
 * bearer credential as a second line of defence.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
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

export function createLogger(logDir: string | null, echo = false): Logger {
  const file = logDir ? join(logDir, 'main.log') : null;
  if (logDir) mkdirSync(logDir, { recursive: true });
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    const line = redact(JSON.stringify({ at: new Date().toISOString(), level, message, ...fields }));
    if (file) appendFileSync(file, line + '\n');
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
