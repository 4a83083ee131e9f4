// Tests (plain Node): what happens when the keychain cannot be used — no session bus, a bus
// without a Secret Service, a keyring with no unlocked collection, a locked collection, a daemon
// that never answers, keytar failing to load. Each case runs keytar in a child process with its
// own D-Bus environment, then checks that the key was written nowhere.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createSystemKeyStore, KeychainTimeout, KeychainUnavailable, reasonFromSystemMessage } from './index.ts';
import {
  bareEnv,
  filesContaining,
  requirePrivateKeyring,
  runNodeChild,
  secretToolLookup,
} from './test-support/index.ts';

requirePrivateKeyring();

const CHILD = fileURLToPath(new URL('./test-fixtures/keychain-child.ts', import.meta.url));
const WITH_KEYRING = fileURLToPath(new URL('../../scripts/with-keyring.sh', import.meta.url));

const NO_SECRET_SERVICE_MESSAGE =
  'Lectern keeps API keys in your system keychain. No Secret Service is running: install and unlock GNOME Keyring ' +
  'or KWallet (e.g. `sudo apt install gnome-keyring`), then try again. The key was not saved.';

interface ChildResult {
  ok: boolean;
  typed?: boolean;
  name?: string;
  code?: string;
  reason?: string;
  message?: string;
  elapsedMs: number;
}

let home: string;
let account: string;
let key: string;

beforeEach(() => {
  home = tempDir('lectern-nokeychain-');
  for (const dir of ['data', 'config', 'cache', 'runtime']) mkdirSync(join(home, dir), { mode: 0o700 });
  account = randomUUID();
  key = `lk_nowhere_${randomBytes(16).toString('hex')}`;
});

afterEach(() => {
  // Nothing written anywhere: not in the child's home or XDG dirs, not in our private keyring.
  expect(filesContaining(home, key)).toEqual([]);
  expect(secretToolLookup(account)).toBeNull();
});

/** A child environment with private HOME/XDG dirs; D-Bus variables only as given. */
function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return bareEnv({
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_RUNTIME_DIR: join(home, 'runtime'),
    ...extra,
  });
}

/**
 * The classification cases run with a long keychain timeout: what they check is how a failure is
 * told apart, and on a starved machine a daemon started on demand can take longer than the
 * product's few seconds to answer (that case is the hung-daemon test's, with its own timeout).
 */
const CLASSIFY_TIMEOUT_MS = 20_000;

function plan(timeoutMs = CLASSIFY_TIMEOUT_MS): string {
  return JSON.stringify({
    timeoutMs,
    ops: [
      { op: 'set', account, key },
      { op: 'get', account },
    ],
  });
}

function results(lines: string[]): ChildResult[] {
  return lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as ChildResult);
}

describe('no Secret Service reachable', () => {
  it('a session bus address that points at nothing → the plain "install GNOME Keyring" error, fast', async () => {
    const run = await runNodeChild(
      CHILD,
      [plan()],
      childEnv({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${home}/no-such-bus` }),
    );
    const [set, get] = results(run.lines);
    expect(set).toMatchObject({
      ok: false,
      typed: true,
      name: 'KeychainUnavailable',
      code: 'KEYCHAIN_UNAVAILABLE',
      reason: 'no-secret-service',
    });
    expect(set!.message).toBe(NO_SECRET_SERVICE_MESSAGE);
    expect(get).toMatchObject({ ok: false, reason: 'no-secret-service' });
    expect(get!.message).toContain('The key could not be read.');
    expect(run.lines.join('\n')).not.toContain(key);
  });

  it('no session bus at all and no display (headless, no DBUS_SESSION_BUS_ADDRESS)', async () => {
    const run = await runNodeChild(CHILD, [plan()], childEnv());
    const [set] = results(run.lines);
    expect(set).toMatchObject({ ok: false, name: 'KeychainUnavailable', reason: 'no-secret-service' });
    expect(set!.message).toBe(NO_SECRET_SERVICE_MESSAGE);
  });

  it('a session bus on which nothing provides org.freedesktop.secrets', async () => {
    // A bus with no service directories: gnome-keyring cannot be auto-started on it.
    const config = join(home, 'bus.conf');
    writeFileSync(
      config,
      `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${home}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
`,
    );
    const run = await runNodeChild(CHILD, [plan()], childEnv(), {
      command: ['dbus-run-session', `--config-file=${config}`, '--'],
    });
    const [set] = results(run.lines);
    expect(set).toMatchObject({ ok: false, name: 'KeychainUnavailable', reason: 'no-secret-service' });
    expect(set!.message).toBe(NO_SECRET_SERVICE_MESSAGE);
  });

  it('a keyring daemon with no unlocked default keyring (it would need a prompt) → "unlock it"', async () => {
    // A plain session bus: D-Bus starts gnome-keyring on demand, but with no login keyring and no
    // display it cannot ask for a password.
    const run = await runNodeChild(CHILD, [plan()], childEnv(), { command: ['dbus-run-session', '--'] });
    const [set] = results(run.lines);
    expect(set).toMatchObject({ ok: false, name: 'KeychainUnavailable', reason: 'locked' });
    expect(set!.message).toMatch(/locked .*unlock it/);
    expect(set!.message).toMatch(/The key was not saved\.$/);
  });

  it('a locked collection → "unlock it", and reads of a locked keyring find nothing', async () => {
    // A fresh private keyring (with-keyring.sh, not nested), locked before Lectern uses it.
    const lockThenRun =
      'dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets ' +
      'org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null && exec "$@"';
    const run = await runNodeChild(CHILD, [plan()], childEnv(), {
      command: ['bash', WITH_KEYRING, 'bash', '-c', lockThenRun, 'lock-then-run'],
    });
    const [set, get] = results(run.lines);
    expect(set, run.stderr).toMatchObject({ ok: false, name: 'KeychainUnavailable', reason: 'locked' });
    expect(set!.message).toContain('Your keyring is locked');
    // libsecret answers lookups in a locked collection with "nothing found", not an error.
    expect(get).toMatchObject({ ok: true, value: null });
  });
});

describe('a keyring daemon that never answers', () => {
  let server: Server;
  let socket: string;

  afterAll(() => server?.close());

  it('times out after timeoutMs with KeychainTimeout, and refuses further calls at once while stuck', async () => {
    socket = join(home, 'hung-bus');
    // Accepts the connection and never says a word: the D-Bus handshake waits forever.
    server = createServer((connection) => connection.on('data', () => undefined));
    await new Promise<void>((resolve) => server.listen(socket, resolve));

    const run = await runNodeChild(CHILD, [plan(600)], childEnv({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` }), {
      untilLines: 2,
    });
    const [set, get] = results(run.lines);
    expect(set).toMatchObject({ ok: false, typed: true, name: 'KeychainTimeout', code: 'KEYCHAIN_TIMEOUT' });
    expect(set!.elapsedMs).toBeGreaterThanOrEqual(550);
    expect(set!.message).toContain('did not answer within 0.6 s');
    expect(set!.message).toContain('The key may not have been saved');
    expect(get).toMatchObject({ ok: false, name: 'KeychainTimeout' });
    // Refused at once, not after a second wait: the message names the earlier request.
    expect(get!.message).toContain('still not answered an earlier request');
  });
});

describe('keytar cannot be loaded', () => {
  it('reports library-missing with what to install, for every operation', async () => {
    const store = createSystemKeyStore({
      loadKeytar: () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory');
      },
    });
    const error = await store.set(account, key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeychainUnavailable);
    expect((error as KeychainUnavailable).reason).toBe('library-missing');
    expect((error as Error).message).toContain('sudo apt install libsecret-1-0 gnome-keyring');
    expect((error as Error).message).toContain('The key was not saved.');
    expect(JSON.stringify(error)).not.toContain(key);
    await expect(store.get(account)).rejects.toBeInstanceOf(KeychainUnavailable);
    await expect(store.delete(account)).rejects.toBeInstanceOf(KeychainUnavailable);
  });
});

describe('system messages map to reasons', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-secret-service'],
    ['Could not connect: No such file or directory', 'no-secret-service'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-secret-service'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'locked'],
    ['Something else entirely', 'failed'],
  ])('%s → %s', (message, reason) => {
    expect(reasonFromSystemMessage(message)).toBe(reason);
  });

  it('timeout errors carry plain details and no key', () => {
    const error = new KeychainTimeout('set', 4_000);
    expect(error.message).toContain('within 4 s');
    expect(error.details).toEqual({ operation: 'set', timeoutMs: 4_000, stillWaitingOnEarlierCall: false });
  });
});
