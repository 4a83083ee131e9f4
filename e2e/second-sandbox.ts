/**
 * e2e support: a second sandbox server for a spec file that adds it as a workspace. Its key goes to
 * a real Secret Service, so the file's tests skip, saying why, outside scripts/with-keyring.sh.
 */
import { startSandbox, type RunningSandbox } from '../src-main/sandbox/index.ts';
import { test } from './fixtures.ts';

/** Call at the top of a spec file: the server starts before the file's tests and closes after them. */
export function useSecondSandbox(seed: 'demo' | 'empty' | 'large'): () => RunningSandbox {
  let second: RunningSandbox | null = null;
  test.skip(
    process.platform === 'linux' && !process.env['LECTERN_KEYRING_SESSION'] && !process.env['DBUS_SESSION_BUS_ADDRESS'],
    'needs a Secret Service: run under scripts/with-keyring.sh (npm test does)',
  );
  test.beforeAll(async () => {
    second = await startSandbox({ seed, quiet: true });
  });
  test.afterAll(async () => {
    await second?.close();
  });
  return () => {
    if (!second) throw new Error('useSecondSandbox: use it from a test');
    return second;
  };
}
