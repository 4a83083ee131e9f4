// Tests (plain Node): one pipeline across the whole queue, read from the sandbox's own request log
// (real HTTP, no clocks compared across processes, no wall-clock bounds). The next file's session is
// made while the current file's parts are still in flight, a finished file's complete and lesson
// create overlap the next file's bytes, URLs are signed in batches (not one call per part), lesson
// creates do not wait for each other's answers, and a batch reads its section once (at its end, to
// check the given order), not once per lesson.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../sandbox/index.ts';
import { createUploadManager } from './manager.ts';
import { makeFile, startHarness, type Harness } from './test-support/index.ts';

const PART = 64 * 1024;
const log: RequestLogEntry[] = [];
let h: Harness;

beforeAll(async () => {
  // Every part PUT is answered 150 ms after its body: parts are in flight long enough to watch.
  h = await startHarness({ partSize: PART, storageLatencyMs: 150, onRequest: (entry) => log.push(entry) });
});
afterAll(() => h.close());

/** The requests about one upload session, by kind. */
function sessionTraffic(uploadId: string) {
  const mine = log.filter((e) => e.path.includes(uploadId));
  return {
    puts: mine.filter((e) => e.method === 'PUT' && e.path.includes('/parts/')),
    signs: mine.filter((e) => e.path.endsWith('/sign-parts')),
    complete: mine.find((e) => e.path.endsWith('/complete')),
  };
}

async function upload(names: { name: string; size: number }[], concurrency = 4) {
  const manager = createUploadManager({
    journalPath: join(h.dir, `${names[0]!.name}.sqlite`),
    api: h.client,
    concurrency,
    md5Workers: 0,
  });
  try {
    const paths = await Promise.all(
      names.map(async ({ name, size }, i) => {
        const path = join(h.dir, `${name}.mp4`);
        await makeFile(path, size, i + 7);
        return path;
      }),
    );
    const from = log.length;
    await manager.add(
      paths.map((path) => ({
        path,
        lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: '' },
      })),
    );
    manager.start();
    await manager.whenIdle();
    const rows = manager.list();
    expect(rows.map((r) => [r.state, r.error])).toEqual(rows.map(() => ['done', null]));
    return { rows, traffic: log.slice(from) };
  } finally {
    await manager.close();
  }
}

/** `upload` with every API call answered `latencyMs` late (the sandbox's own delay). */
async function uploadWithApiLatency(names: { name: string; size: number }[], concurrency: number, latencyMs: number) {
  h.sandbox.setFaults({ latencyMs });
  try {
    return await upload(names, concurrency);
  } finally {
    h.sandbox.setFaults({ latencyMs: 0 });
  }
}

/** The titles of these uploads' lessons in the order the section now holds them. */
async function titlesInSectionOrder(rows: { lessonId: string | null }[]): Promise<(string | undefined)[]> {
  const section = await h.client.sections.get(h.courseId, h.sectionId);
  const mine = new Set(rows.map((r) => r.lessonId));
  return [...section.lessons!]
    .filter((l) => mine.has(l.id))
    .sort((x, y) => x.order! - y.order!)
    .map((l) => l.title);
}

describe('one pipeline across the queue', () => {
  it("creates the next file's session while this file's parts are in flight; its complete overlaps the next file's bytes", async () => {
    const { rows, traffic } = await upload([
      { name: 'pipeline-a', size: 20 * PART },
      { name: 'pipeline-b', size: 20 * PART },
    ]);
    const [a, b] = rows.map((r) => sessionTraffic(r.uploadId!));
    const creates = traffic.filter((e) => e.method === 'POST' && e.path.endsWith('/uploads'));
    expect(creates).toHaveLength(2);
    // Both sessions existed before a's last part was answered: b did not wait for a's end.
    const aLastPutAnswered = Math.max(...a!.puts.map((e) => e.answeredAt));
    expect(Math.max(...creates.map((e) => e.receivedAt))).toBeLessThan(aLastPutAnswered);
    expect(Math.min(...b!.signs.map((e) => e.receivedAt))).toBeLessThan(aLastPutAnswered);
    // a's complete reached the server while b's parts were still being sent.
    expect(a!.complete!.receivedAt).toBeLessThan(Math.max(...b!.puts.map((e) => e.answeredAt)));
    // A batch of URLs per sign call: 20 parts took far fewer calls than parts.
    for (const s of [a!, b!]) {
      expect(s.puts.length).toBe(20);
      expect(s.signs.length).toBeLessThanOrEqual(4);
    }
  });

  it('makes several sessions at once and keeps PUTs of several files in flight, within the one concurrency limit (plus those waiting for their answer)', async () => {
    const files = Array.from({ length: 8 }, (_, i) => ({ name: `many-${i + 1}`, size: PART }));
    // 100 ms per API call: sessions of several files are made at once, not one after another.
    const { rows, traffic } = await uploadWithApiLatency(files, 3, 100);
    const creates = traffic.filter((e) => e.method === 'POST' && e.path.endsWith('/uploads'));
    const overlapping = creates.filter((c) =>
      creates.some((d) => d !== c && d.receivedAt < c.answeredAt && c.receivedAt < d.answeredAt),
    );
    expect(overlapping.length).toBeGreaterThan(0);
    const ids = new Set(rows.map((r) => r.uploadId!));
    const puts = traffic.filter((e) => e.method === 'PUT' && [...ids].some((id) => e.path.includes(id)));
    expect(puts).toHaveLength(8);
    // At the moment each PUT arrived, how many were in flight (arrived, not yet answered)?
    const inFlight = puts.map((p) => puts.filter((q) => q.receivedAt <= p.receivedAt && q.answeredAt > p.receivedAt));
    const most = Math.max(...inFlight.map((x) => x.length));
    // One-part files: more than one file's bytes moved at once. Three slots send bytes; a PUT whose
    // bytes are all sent waits 150 ms for its answer without holding a slot, so at most three more.
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(6);
  });

  it('reads the section once for a batch whose files finish in order, and keeps the given order', async () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `ordered-${i + 1}`, size: PART / 2 }));
    const { rows, traffic } = await upload(files, 1);
    const sectionPath = `/courses/${h.courseId}/sections/${h.sectionId}`;
    const sectionReads = traffic.filter((e) => e.method === 'GET' && e.path.endsWith(sectionPath));
    // Each lesson goes last as its file finishes (none needs a read to be placed); the batch's end
    // checks the order once.
    expect(sectionReads).toHaveLength(1);
    expect(await titlesInSectionOrder(rows)).toEqual(files.map((f) => f.name));
  });

  it('sends the lesson creates of files finishing together without waiting for answers, and keeps the given order', async () => {
    const files = Array.from({ length: 10 }, (_, i) => ({ name: `together-${i + 1}`, size: PART / 2 }));
    // 100 ms per API call: a file completes while the lesson before it is still being created.
    const { rows, traffic } = await uploadWithApiLatency(files, 3, 100);
    const lessonPath = `/courses/${h.courseId}/sections/${h.sectionId}/lessons`;
    const creates = traffic.filter((e) => e.method === 'POST' && e.path.endsWith(lessonPath));
    expect(creates).toHaveLength(10);
    const inFlight = creates.map((c) =>
      creates.filter((d) => d.receivedAt <= c.receivedAt && d.answeredAt > c.receivedAt),
    );
    expect(Math.max(...inFlight.map((x) => x.length))).toBeGreaterThan(1);
    expect(await titlesInSectionOrder(rows)).toEqual(files.map((f) => f.name));
  });
});
