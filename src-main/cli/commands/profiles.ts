// CLI (plain Node). `lectern profiles list|add|set-key|set-url|remove|test`: the app's workspaces, shared
// with the desktop app through the data folder. Keys go to the OS keychain and are read from
// standard input only (never from argv, where `ps` and shell history would show them). The
// `--profile NAME` connection other commands use is profile-connection.ts.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createSystemKeyStore, isKeychainError, type KeyStore } from '../../keychain/index.ts';
import { profileDatabasePath } from '../../store/index.ts';
import { forgetWriteRefusalsOf } from '../../sync/index.ts';
import {
  InvalidProfile,
  KeyRejected,
  KeyRequired,
  NoKey,
  ProfileNameTaken,
  ProfileNotFound,
  SandboxProfileFixed,
  Unreachable,
  VerificationFailed,
  WorkspaceService,
  type Profile,
  type Verification,
} from '../../workspaces/index.ts';
import { action } from '../args.ts';
import type { Command, CommandContext } from '../command.ts';
import { COMMAND_HELP } from '../help.ts';
import { UsageError } from '../globals.ts';
import { byName } from '../profile-connection.ts';

const USAGE = COMMAND_HELP.profiles.usage;

/** Exit codes shared with the rest of the CLI: 3 the server refused, 4 unreachable, 1 keychain. */
const EXIT = { failure: 1, usage: 2, api: 3, network: 4 } as const;

export const profilesCommand: Command = {
  name: 'profiles',
  options: {
    name: { type: 'string' },
    'base-url': { type: 'string' },
    environment: { type: 'string' },
    mode: { type: 'string' },
    yes: { type: 'boolean' },
  },
  async run(ctx) {
    const verb = action(ctx, ['list', 'add', 'set-key', 'set-url', 'remove', 'test'], USAGE.join(' | '));
    const service = openWorkspaces(ctx.globals.dataDir, createSystemKeyStore());
    try {
      if (verb === 'list') return list(ctx, service);
      if (verb === 'add') return await add(ctx, service);
      const profile = byName(service, oneName(ctx, verb));
      if (verb === 'set-key')
        return print(ctx, await service.setKey(profile.id, await readKey(ctx)), 'Replaced the key of');
      if (verb === 'set-url') return await setUrl(ctx, service, profile);
      if (verb === 'test') return print(ctx, await service.testConnection(profile.id), 'Connection OK for');
      if (ctx.options.yes !== true) {
        throw new UsageError(
          `Removing "${profile.name}" deletes its API key and its local data (cache, drafts, uploads). Pass --yes to confirm.`,
        );
      }
      await service.remove(profile.id, { confirm: true });
      if (ctx.out.json) ctx.out.printJson({ removed: profile.id });
      else ctx.out.line(`Removed workspace "${profile.name}", its key and its local data.`);
    } catch (error) {
      return reportWorkspaceError(ctx, error);
    } finally {
      service.close();
    }
  },
};

/** The workspaces database in the data folder, with local data deleted on removal. */
export function openWorkspaces(dataDir: string, keyStore: KeyStore): WorkspaceService {
  return new WorkspaceService({
    dataDir,
    keyStore,
    // The per-workspace store folder (cache, drafts). Upload journal rows expire on their own.
    onProfileRemoved: (profileId) =>
      rmSync(dirname(profileDatabasePath(dataDir, profileId)), { recursive: true, force: true }),
    // `set-key` / `set-url` with a key: what the old key was refused says nothing about the new one.
    onKeyReplaced: (profileId) => forgetWriteRefusalsOf(dataDir, profileId),
  });
}

function list(ctx: CommandContext, service: WorkspaceService): void {
  if (ctx.args.length > 0) throw new UsageError(`profiles list takes no arguments. Usage: lectern ${USAGE[0]}`);
  const profiles = service.list();
  if (ctx.out.json) return ctx.out.printJson(profiles);
  if (profiles.length === 0) return ctx.out.line('No workspaces yet. Add one with: lectern profiles add --help');
  ctx.out.table(profiles, [
    { header: '', value: (p) => (p.isActive ? '*' : ' '), max: 1 },
    { header: 'NAME', value: (p) => p.name, max: 80 },
    { header: 'ENVIRONMENT', value: (p) => p.environment },
    { header: 'MODE', value: (p) => p.keyMode },
    { header: 'KEY', value: (p) => (p.hasKey ? `…${p.keyHint ?? ''}` : 'none') },
    { header: 'VERIFIED', value: (p) => p.lastVerifiedAt ?? 'never' },
    { header: 'BASE URL', value: (p) => p.baseUrl, max: Infinity },
  ]);
}

async function add(ctx: CommandContext, service: WorkspaceService): Promise<void> {
  if (ctx.args.length > 0) {
    throw new UsageError(
      `profiles add takes options only; the key is read from standard input. Usage: lectern ${USAGE[1]}`,
    );
  }
  const required = (flag: string): string => {
    const value = ctx.options[flag];
    if (typeof value !== 'string' || value.trim() === '')
      throw new UsageError(`--${flag} is required. Usage: lectern ${USAGE[1]}`);
    return value;
  };
  const input = {
    name: required('name'),
    baseUrl: required('base-url'),
    environment: required('environment') as never,
    keyMode: required('mode') as never,
  };
  const apiKey = await readKey(ctx);
  print(ctx, await service.add({ ...input, apiKey }), 'Saved workspace');
}

/** A key is bound to the address it was verified for: moving needs the new address's key. */
async function setUrl(ctx: CommandContext, service: WorkspaceService, profile: Profile): Promise<void> {
  const baseUrl = ctx.options['base-url'];
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '')
    throw new UsageError(`--base-url is required. Usage: lectern ${USAGE[3]}`);
  const apiKey = profile.hasKey ? await readKey(ctx) : undefined;
  const moved = await service.update(profile.id, { baseUrl, apiKey });
  if (ctx.out.json) return ctx.out.printJson(moved);
  ctx.out.line(`Moved "${moved.name}" to ${moved.baseUrl}${moved.hasKey ? ` (key …${moved.keyHint ?? ''})` : ''}.`);
}

function print(ctx: CommandContext, result: Verification, verb: string): void {
  if (ctx.out.json) return ctx.out.printJson(result);
  const { profile } = result;
  const mode = result.verifiedMode ? `${result.verifiedMode} key confirmed` : 'key mode not confirmed';
  ctx.out.line(`${verb} "${profile.name}" (${mode}; key …${profile.keyHint ?? ''}).`);
  if (profile.capabilities.reason) ctx.out.line(profile.capabilities.reason);
  if (result.warning) ctx.out.note(`Warning: ${result.warning}`);
}

function oneName(ctx: CommandContext, verb: string): string {
  if (ctx.args.length !== 1 || !ctx.args[0]) {
    throw new UsageError(
      `expected the workspace NAME. Usage: lectern ${USAGE.find((u) => u.startsWith(`profiles ${verb}`))}`,
    );
  }
  return ctx.args[0];
}

/** Typed workspace and keychain errors as one plain line (or one JSON line with --json). */
function reportWorkspaceError(ctx: CommandContext, error: unknown): number {
  const known =
    isKeychainError(error) ||
    [
      KeyRejected,
      Unreachable,
      VerificationFailed,
      InvalidProfile,
      ProfileNameTaken,
      ProfileNotFound,
      NoKey,
      KeyRequired,
      SandboxProfileFixed,
    ].some((type) => error instanceof type);
  if (!known) throw error;
  const e = error as Error & { code: string; details?: unknown };
  if (ctx.out.json)
    ctx.io.stderr.write(`${JSON.stringify({ code: e.code, message: e.message, details: e.details ?? null })}\n`);
  else ctx.io.stderr.write(`lectern: ${e.message}\n`);
  if (error instanceof KeyRejected || error instanceof VerificationFailed) return EXIT.api;
  if (error instanceof Unreachable) return EXIT.network;
  if (isKeychainError(error) || error instanceof NoKey) return EXIT.failure;
  return EXIT.usage;
}

// ---- reading the key ---------------------------------------------------------------------------

async function readKey(ctx: CommandContext): Promise<string> {
  const stdin = ctx.io.stdin as Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => void };
  const text = stdin.isTTY && stdin.setRawMode ? await promptHidden(stdin, ctx.io.stderr) : await readAll(stdin);
  const key =
    text
      .split(/\r?\n/)
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  if (!key) {
    throw new UsageError('No API key on standard input. Pipe it in, e.g.: lectern profiles add … < key.txt');
  }
  return key;
}

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.length > 65_536) break; // no key is this long; do not buffer an endless pipe
  }
  return text;
}

/** Reads one line from a terminal without echoing it. */
function promptHidden(stdin: Readable & { setRawMode?: (raw: boolean) => void }, stderr: Writable): Promise<string> {
  stderr.write('API key (input hidden): ');
  return new Promise((resolve, reject) => {
    let line = '';
    stdin.setRawMode?.(true);
    const done = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.off('data', onData);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new UsageError('Cancelled.'));
        if (char === '\u007f' || char === '\b') line = line.slice(0, -1);
        else line += char;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

// ---- `--profile NAME` for every other command ----------------------------------------------------
