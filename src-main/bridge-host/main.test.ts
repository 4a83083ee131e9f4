// Tests (plain Node): the bridge host's entry refuses its test hooks unless a test asks for them:
// --test-hooks needs LECTERN_TEST_HOOKS=1, and --video-poll-speed needs --test-hooks. Both exit 2
// with the reason before any service starts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

function host(args: string[], env: Record<string, string> = {}) {
  const { LECTERN_TEST_HOOKS: _ignored, ...inherited } = process.env;
  return spawnSync(process.execPath, [MAIN, '--data', tempDir('lectern-host-flags-'), '--no-sandbox', ...args], {
    env: { ...inherited, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('the bridge host entry', () => {
  it('refuses --test-hooks without LECTERN_TEST_HOOKS=1', () => {
    const run = host(['--test-hooks']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--test-hooks is for end-to-end tests: it needs LECTERN_TEST_HOOKS=1');
  });

  it('refuses --video-poll-speed without --test-hooks', () => {
    const run = host(['--video-poll-speed', '10'], { LECTERN_TEST_HOOKS: '1' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--video-poll-speed is a test hook: it needs --test-hooks.');
  });

  it('refuses --update-feed without --test-hooks (an update is code the app would run)', () => {
    const run = host(['--update-feed', 'http://127.0.0.1:9/'], { LECTERN_TEST_HOOKS: '1' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--update-feed is a test hook: it needs --test-hooks.');
  });
});
