// Tests (plain Node): property test against the sandbox — under random storage failures, stalls,
// short URL lifetimes, part sizes and slot counts, every file's progress only grows, never passes
// the total, ends exactly at it, and the assembled bytes equal the source.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assetSha256,
  checkProgress,
  makeFile,
  recordingManager,
  startHarness,
  type Harness,
} from './test-support/index.ts';

const PART = 128 * 1024;
let h: Harness;
let run = 0;

beforeAll(async () => {
  h = await startHarness({ partSize: PART, randomSeed: 7 });
});
afterAll(async () => {
  await h?.close();
});

describe('progress under random faults', () => {
  it('is monotonic and ends exactly at the total', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          storageFailRate: fc.double({ min: 0, max: 0.3, noNaN: true }),
          // API 500s, half of them after the work was done (lost responses: replays must hold).
          failRate: fc.double({ min: 0, max: 0.15, noNaN: true }),
          stallRate: fc.double({ min: 0, max: 0.1, noNaN: true }),
          urlTtlSeconds: fc.constantFrom(2, 900),
          concurrency: fc.integer({ min: 1, max: 6 }),
          sizes: fc.array(fc.integer({ min: 1, max: 14 * PART }), { minLength: 1, maxLength: 3 }),
          dropAfterMs: fc.option(fc.integer({ min: 20, max: 300 }), { nil: undefined }),
        }),
        async (c) => {
          run++;
          h.sandbox.setFaults({
            storageFailRate: c.storageFailRate,
            stallRate: c.stallRate,
            urlTtlSeconds: c.urlTtlSeconds,
          });
          const files = await Promise.all(
            c.sizes.map(async (size, i) => {
              const path = join(h.dir, `prop_${run}_${i}.mp4`);
              return { path, sha: await makeFile(path, size, run * 10 + i) };
            }),
          );
          const { manager, rows } = recordingManager({
            journalPath: join(h.dir, `prop_${run}.sqlite`),
            api: h.client,
            concurrency: c.concurrency,
            stallTimeoutMs: 400,
            backoffBaseMs: 10,
            backoffCapMs: 100,
            maxAttempts: 15,
          });
          try {
            const added = await manager.add(
              files.map((f) => ({
                path: f.path,
                lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: '' },
              })),
            );
            manager.start();
            const timer =
              c.dropAfterMs === undefined ? undefined : setTimeout(() => manager.dropConnections(), c.dropAfterMs);
            await manager.whenIdle();
            clearTimeout(timer);
            for (const [i, row] of added.entries()) {
              const history = rows(row.id);
              expect(checkProgress(history)).toBeNull();
              h.sandbox.setFaults({ failRate: 0 });
              expect(await assetSha256(h.client, history.at(-1)!.uploadId!)).toBe(files[i]!.sha);
            }
          } finally {
            await manager.close();
            h.sandbox.setFaults({ storageFailRate: 0, stallRate: 0, urlTtlSeconds: 900, failRate: 0 });
          }
        },
      ),
      { numRuns: 12, seed: 20260501, endOnFailure: true },
    );
  });
});
