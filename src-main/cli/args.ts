// CLI (plain Node). Small argument helpers shared by commands.
import { randomUUID } from 'node:crypto';
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
  const key = randomUUID();
  ctx.out.note(`Idempotency-Key: ${key} (pass --idempotency-key ${key} to retry this create safely)`);
  return key;
}

export const BODY_FILE = { 'body-file': { type: 'string' } } as const;
export const CREATE_OPTIONS = { ...BODY_FILE, 'idempotency-key': { type: 'string' } } as const;
export const SEARCH = { search: { type: 'string' } } as const;
