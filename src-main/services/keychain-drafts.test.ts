// Tests (plain Node, real Secret Service): the keychain is locked while a workspace has drafts.
// A child process runs the app's own services inside its own private GNOME Keyring (so locking it
// touches no other test), against the sandbox over real HTTP: the workspace's key is saved in the
// keychain, drafts are made and one is sent, the app closes, the keychain's collection is locked
// and the app starts again. The drafts are listed and editable, a send waits (not failed) with a
// sentence naming the cause and the fix, and once the keychain is unlocked the draft goes at the
// next start without being asked again. The key is never written anywhere in the data folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareEnv, filesContaining, requirePrivateKeyring, runNodeChild } from '../keychain/test-support/index.ts';
import { startTestSandbox, tempDir, type TestSandbox } from '../test-support/index.ts';

requirePrivateKeyring();

const CHILD = fileURLToPath(new URL('./test-fixtures/locked-keychain-child.ts', import.meta.url));
const WITH_KEYRING = fileURLToPath(new URL('../../scripts/with-keyring.sh', import.meta.url));

/**
 * In one private keyring: the app runs with the keychain locked ('before'), the keychain is
 * unlocked, and the app starts again ('after'). A headless keyring can be unlocked only by a
 * replacing daemon (there is no prompt), which a running process's libsecret does not follow, so
 * the unlock is seen by the next start, as after a desktop login.
 */
const BEFORE_UNLOCK_AFTER =
  '"$1" "$2" before "$3" && ' +
  'printf %s lectern-test-keyring | gnome-keyring-daemon --replace --unlock --components=secrets --daemonize >/dev/null && ' +
  '"$1" "$2" after "$3"';

let sandbox: TestSandbox;
let courseId: string;
beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'demo', randomSeed: 5 });
  const courses = await sandbox.client().courses.list({ pageSize: 1 });
  courseId = courses.results[0]!.id;
});
afterAll(() => sandbox.close());

describe('the keychain is locked while a workspace has drafts', () => {
  it(
    'drafts stay listed and editable, a send waits with the reason, and goes once it is unlocked; no plaintext key',
    { timeout: 120_000 },
    async () => {
      const home = tempDir('lectern-locked-keychain-');
      for (const dir of ['config', 'cache']) mkdirSync(join(home, dir), { mode: 0o700 });
      const dataDir = join(home, 'lectern-data');
      const apiKey = sandbox.keys.tenantAdmin;
      const run = await runNodeChild(
        CHILD,
        [JSON.stringify({ dataDir, baseUrl: sandbox.baseUrl, apiKey, courseId })],
        bareEnv({ HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache') }),
        { command: ['bash', WITH_KEYRING, 'bash', '-c', BEFORE_UNLOCK_AFTER, 'locked-keychain'], timeoutMs: 110_000 },
      );
      const phases = Object.fromEntries(
        run.lines
          .filter((l) => l.startsWith('{'))
          .map((l) => {
            const { phase, ...rest } = JSON.parse(l) as { phase: string } & Record<string, unknown>;
            return [phase, rest];
          }),
      );
      expect(Object.keys(phases), run.stderr).toEqual(['working', 'locked', 'unlocked']);
      expect(phases['working']).toEqual({ sent: 'sent', local: 'editing' });

      const locked = phases['locked']!;
      expect(locked).toMatchObject({
        listed: true,
        edited: 'Keychain later (edited offline)',
        state: 'key-unavailable',
        draftState: 'queued',
        outbox: ['queued'],
      });
      // One sentence naming the cause (the keychain, locked) and the fix (unlock it).
      expect(locked['message']).toMatch(
        /not in your system keychain any more: the keychain may be locked \(unlock it\)/,
      );

      expect(phases['unlocked']).toEqual({ draftState: 'sent', state: 'online' });
      // Each draft reached the server exactly once.
      const titles = (await sandbox.client().assessments.list({ courseId, pageSize: 100 })).results.map((a) => a.title);
      expect(titles.filter((t) => t === 'Keychain sent')).toHaveLength(1);
      expect(titles.filter((t) => t === 'Keychain later (edited offline)')).toHaveLength(1);
      // Never a plaintext fallback: the key is in no file of the data folder (or the child's home).
      expect(filesContaining(home, apiKey)).toEqual([]);
    },
  );
});
