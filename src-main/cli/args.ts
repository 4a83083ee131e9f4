// CLI (plain Node). Small argument helpers shared by commands.
import type { CommandContext } from './command.ts';
import { UsageError } from './globals.ts';

/** Exactly `names.length` positionals, returned in order; otherwise a usage error naming them. */
export function expectArgs(ctx: CommandContext, names: string[], usage: string): string[] {
  if (ctx.args.length !== names.length) {
    throw new UsageError(
      `expected ${names.join(' ') || 'no arguments'}, got ${ctx.args.length} argument(s). Usage: lectern ${usage}`,
    );
  }
  for (const [i, a] of ctx.args.entries()) if (a === '') throw new UsageError(`${names[i]} must not be empty`);
  return ctx.args;
}

/** The action word of `assessment get|delete …` style commands. */
export function action(ctx: CommandContext, allowed: readonly string[], usage: string): string {
  const verb = ctx.args[0];
  if (!verb || !allowed.includes(verb)) {
    throw new UsageError(
      `expected one of ${allowed.join('|')}${verb ? `, got ${JSON.stringify(verb)}` : ''}. Usage: lectern ${usage}`,
    );
  }
  ctx.args = ctx.args.slice(1);
  return verb;
}

/** `--idempotency-key K`, or a fresh one announced on stderr so the user can retry the same create. */
export function idempotencyKey(ctx: CommandContext): string {
  const given = ctx.options['idempotency-key'];
  if (typeof given === 'string') {
    if (given.trim() === '') throw new UsageError('--idempotency-key must not be empty');
    return given;
  }
  // The global Web Crypto, loaded when first used: importing node:crypto here would make every
  // command that parses an argument (upload among them) load all of crypto before its first request.
  const key = globalThis.crypto.randomUUID();
  ctx.out.note(`Idempotency-Key: ${key} (pass --idempotency-key ${key} to retry this create safely)`);
  return key;
}

export const BODY_FILE = { 'body-file': { type: 'string' } } as const;
export const CREATE_OPTIONS = { ...BODY_FILE, 'idempotency-key': { type: 'string' } } as const;
export const SEARCH = { search: { type: 'string' } } as const;

/** `90s`, `5m`, `1h`, `1500ms`, or plain seconds → milliseconds. */
export function parseDuration(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/i.exec(value.trim());
  const scale = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as Record<string, number>;
  const ms = m ? Number(m[1]) * scale[(m[2] ?? 's').toLowerCase()]! : NaN;
  if (!Number.isFinite(ms) || ms < 1)
    throw new UsageError(`${flag} must be a duration (e.g. 90s, 5m, 1h), got ${JSON.stringify(value)}`);
  return Math.round(ms);
}

/** `1048576`, `512K`, `8M`, `1.5G`, `256MiB` (binary units) → whole bytes; NaN for anything else. */
export function parseByteCount(value: string): number {
  const m = /^(\d+(?:\.\d+)?)([KMG]i?B?)?$/i.exec(value.trim());
  const scale = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 } as Record<string, number>;
  return m ? Math.floor(Number(m[1]) * scale[(m[2] ?? '').charAt(0).toUpperCase()]!) : NaN;
}

/** `--limit-rate`: bytes per second, as parseByteCount reads them. */
export function parseByteRate(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = parseByteCount(value);
  if (!Number.isFinite(n) || n < 1)
    throw new UsageError(`${flag} must be bytes per second (e.g. 500000, 512K, 8M), got ${JSON.stringify(value)}`);
  return n;
}
