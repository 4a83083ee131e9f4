// Main process / plain Node tests. A cached outline kept as rows survives a kill at any instant: a
// child writes version after version of one outline through the real cache store and is SIGKILLed
// at a random moment; reopened, the file holds one whole version — the last the child reported
// written, or the one it was writing — never sections of one and lessons of another.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { testChildEntry } from '../../test-support/children.ts';
import { suiteTempDir } from '../../test-support/index.ts';
import { openProfileDatabase } from '../../store/index.ts';
import { seededRandom } from '../../sandbox/index.ts';
import { createCacheStore } from './store.ts';
import { outlineVersion, OUTLINE_KEY } from './test-support/outline-versions.ts';

const RUNS = Number(process.env.LECTERN_CRASH_RUNS ?? 12);
const SEED = Number(process.env.LECTERN_CRASH_SEED ?? 20261129);
const CHILD = testChildEntry('outline-write-child');
const data = suiteTempDir('lectern-outline-kill-');

/**
 * Runs the child from `first` and kills it at a random instant of a write: after it has reported
 * `after` writes, a random part of one write's time later (its writes timed as it went, so the
 * instant falls inside a write on a quick machine and a busy one alike). The last version it reported.
 */
function writeUntilKilled(
  first: number,
  after: number,
  fraction: number,
): Promise<{ last: number; killed: boolean; stderr: string }> {
  const child = spawn(process.execPath, [CHILD], {
    env: { ...process.env, LECTERN_OUTLINE_DIR: data.path, LECTERN_OUTLINE_FIRST: String(first) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  let readyAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const reported = () => out.split('\n').filter((line) => line.startsWith('WROTE ')).length;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (readyAt === 0 && out.includes('READY')) readyAt = performance.now();
    const writes = reported();
    if (timer === undefined && writes >= after) {
      const oneWriteMs = (performance.now() - readyAt) / writes;
      timer = setTimeout(() => child.kill('SIGKILL'), fraction * oneWriteMs);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      const written = out
        .split('\n')
        .slice(0, -1) // a line cut by the kill was never reported
        .filter((line) => line.startsWith('WROTE '))
        .map((line) => Number(line.slice(6)));
      resolve({ last: written.at(-1) ?? first - 1, killed: signal === 'SIGKILL', stderr });
    });
  });
}

describe('a cached outline under SIGKILL at random instants', () => {
  it(`holds one whole version after each of ${RUNS} kills`, { timeout: 120_000 }, async () => {
    const random = seededRandom(SEED);
    let next = 1;
    for (let run = 0; run < RUNS; run++) {
      const after = 1 + Math.floor(random() * 4);
      const fraction = random() * 1.5;
      const { last, killed, stderr } = await writeUntilKilled(next, after, fraction);
      expect(killed, stderr).toBe(true);
      expect(last - next + 1, 'the kill came after the writes it waited for').toBeGreaterThanOrEqual(after);
      const profile = openProfileDatabase({ dataDir: data.path, profileId: 'kill' });
      try {
        const stored = createCacheStore(profile.db).read(OUTLINE_KEY).data;
        const match = [last, last + 1].find((v) => JSON.stringify(stored) === JSON.stringify(outlineVersion(v)));
        expect(match, `run ${run}: killed ${fraction.toFixed(2)} of a write after v${last}`).toBeDefined();
        next = match! + 1;
      } finally {
        profile.close();
      }
    }
  });
});
