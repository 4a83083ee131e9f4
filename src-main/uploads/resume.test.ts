// Tests (plain Node): resuming from the journal against the sandbox — restart mid-upload, parts the
// journal missed, a file changed since it started, and storage that answers without an ETag.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_SETTLES } from '../test-support/index.ts';
import {
  assetSha256,
  checkProgress,
  makeFile,
  recordingManager,
  startHarness,
  type Harness,
} from './test-support/index.ts';
import type { UploadApi } from './types.ts';

const PART = 256 * 1024;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ partSize: PART });
});
afterAll(async () => {
  await h?.close();
});

const target = () => ({ kind: 'new' as const, courseId: h.courseId, sectionId: h.sectionId, title: '' });

describe('resume from the journal', () => {
  it('picks up after a restart and sends only what is missing', async () => {
    const files = [join(h.dir, 'restart_a.mp4'), join(h.dir, 'restart_b.mp4')];
    const shas = [await makeFile(files[0]!, 20 * PART + 77, 21), await makeFile(files[1]!, 10 * PART, 22)];
    const journalPath = join(h.dir, 'restart.sqlite');
    const first = recordingManager({
      journalPath,
      api: h.client,
      bandwidthBytesPerSec: 3 * 1024 * 1024,
      concurrency: 3,
    });
    const added = await first.manager.add(files.map((path) => ({ path, lessonTarget: target() })));
    first.manager.start();
    await vi.waitUntil(() => (first.manager.get(added[0]!.id)?.bytesConfirmed ?? 0) >= 6 * PART, UPLOAD_SETTLES);
    await first.manager.close();

    const second = recordingManager({ journalPath, api: h.client, concurrency: 3 });
    const reloaded = second.manager.list();
    expect(reloaded.map((r) => r.state)).toEqual(['queued', 'queued']);
    expect(reloaded[0]!.bytesConfirmed).toBeGreaterThanOrEqual(6 * PART);
    second.manager.start();
    await second.manager.whenIdle();
    const final = second.manager.list();
    expect(reloaded[0]!.uploadId).toEqual(expect.any(String));
    expect(final[0]!.uploadId).not.toBe(final[1]!.uploadId);
    for (const [i, row] of final.entries()) {
      expect(row.state).toBe('done');
      // A session begun before the restart is resumed, never replaced; a file not begun gets its first.
      const before = reloaded[i]!.uploadId;
      if (before) expect(row.uploadId).toBe(before);
      expect(row.uploadId).toEqual(expect.any(String));
      expect(await assetSha256(h.client, row.uploadId!)).toBe(shas[i]);
      expect(checkProgress(second.rows(row.id))).toBeNull();
    }
    // At most the parts that were in flight when the first manager closed went out twice.
    expect(final[0]!.bytesResent + final[1]!.bytesResent).toBeLessThanOrEqual(3 * PART);
    await second.manager.close();
  });

  it('adopts parts the server holds but the journal lost, after checking their MD5', async () => {
    const path = join(h.dir, 'adopt.mp4');
    const sha = await makeFile(path, 12 * PART, 23);
    const journalPath = join(h.dir, 'adopt.sqlite');
    const first = recordingManager({ journalPath, api: h.client, bandwidthBytesPerSec: 3 * 1024 * 1024 });
    const [row] = await first.manager.add([{ path, lessonTarget: target() }]);
    first.manager.start();
    await vi.waitUntil(() => (first.manager.get(row!.id)?.bytesConfirmed ?? 0) >= 4 * PART, UPLOAD_SETTLES);
    first.manager.pause();
    const uploadId = first.manager.get(row!.id)!.uploadId!;
    await first.manager.close();
    await new Promise((r) => setTimeout(r, 200)); // let aborted PUTs the server already had land
    const onServer = (await h.client.uploads.listParts(uploadId)).length;
    // As if the process died between the storage's 200 and the journal commit.
    const db = new DatabaseSync(journalPath);
    const lost = Number(db.prepare('DELETE FROM upload_parts WHERE done = 1').run().changes);
    db.close();
    expect(lost).toBeGreaterThanOrEqual(4);
    expect(onServer).toBeGreaterThanOrEqual(lost);

    const second = recordingManager({ journalPath, api: h.client });
    const before = second.manager.get(row!.id)!;
    expect(before.state).toBe('paused'); // a pause survives a restart
    second.manager.resume();
    await second.manager.whenIdle();
    const done = second.manager.get(row!.id)!;
    expect(done.state).toBe('done');
    expect(await assetSha256(h.client, done.uploadId!)).toBe(sha);
    // Every part the server held was adopted, none sent again: exactly the missing ones went out.
    expect(done.bytesSent - before.bytesSent).toBe((12 - onServer) * PART);
    await second.manager.close();
  });

  it('does not resume a changed file into its old session: it says so and starts a new one', async () => {
    const path = join(h.dir, 'changed.mp4');
    await makeFile(path, 16 * PART, 24);
    const journalPath = join(h.dir, 'changed.sqlite');
    const first = recordingManager({ journalPath, api: h.client, bandwidthBytesPerSec: 3 * 1024 * 1024 });
    const [row] = await first.manager.add([{ path, lessonTarget: target() }]);
    first.manager.start();
    await vi.waitUntil(() => (first.manager.get(row!.id)?.bytesConfirmed ?? 0) >= 3 * PART, UPLOAD_SETTLES);
    const oldUpload = first.manager.get(row!.id)!.uploadId!;
    await first.manager.close();

    appendFileSync(path, Buffer.alloc(5000, 1)); // re-exported: longer, new tail
    const { createHash } = await import('node:crypto');
    const { readFileSync } = await import('node:fs');
    const newSha = createHash('sha256').update(readFileSync(path)).digest('hex');

    const second = recordingManager({ journalPath, api: h.client });
    second.manager.start();
    await second.manager.whenIdle();
    const states = second.rows(row!.id).map((r) => r.state);
    expect(states).toContain('changed');
    const done = second.manager.get(row!.id)!;
    expect(done).toMatchObject({ state: 'done', bytesTotal: 16 * PART + 5000, notice: { code: 'FILE_CHANGED' } });
    expect(done.uploadId).not.toBe(oldUpload);
    expect(await assetSha256(h.client, done.uploadId!)).toBe(newSha);
    // The old session is aborted in the background (best effort).
    let status = '';
    for (let i = 0; i < 100 && status !== 'ABORTED'; i++) {
      status = (await h.client.uploads.get(oldUpload)).status;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe('ABORTED');
    await second.manager.close();
  });
});

describe('storage that misbehaves (through a proxy in front of the sandbox storage)', () => {
  let proxy: Server;
  let proxyOrigin = '';
  /** strip: no ETag header; corrupt-once: a wrong ETag on each part's first PUT; reject: 400. */
  let mode: 'strip' | 'corrupt-once' | 'reject' = 'strip';
  const seen = new Set<string>();

  beforeAll(async () => {
    // Forwards storage PUTs to the sandbox and bends the answer according to `mode`.
    proxy = createServer((req, res) => {
      const upstream = new URL(req.url ?? '/', h.sandbox.baseUrl);
      if (mode === 'reject') {
        req.resume();
        res.writeHead(400, { 'content-type': 'application/xml' }).end('<Error><Code>InvalidPart</Code></Error>');
        return;
      }
      request(upstream, {
        method: 'PUT',
        headers: { 'content-length': req.headers['content-length'] ?? '0' },
        body: req,
      }).then(
        async (up) => {
          const body = Buffer.from(await up.body.arrayBuffer());
          const headers: Record<string, string | number> = { 'content-length': body.length };
          const first = !seen.has(upstream.pathname);
          seen.add(upstream.pathname);
          if (mode === 'corrupt-once' && up.headers.etag)
            headers.etag = first ? '"00000000000000000000000000000000"' : String(up.headers.etag);
          res.writeHead(up.statusCode, headers);
          res.end(body);
        },
        () => res.destroy(),
      );
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
  });

  const viaProxy = (): UploadApi => ({
    uploads: {
      ...h.client.uploads,
      signParts: async (id, parts, o) =>
        (await h.client.uploads.signParts(id, parts, o)).map((p) => {
          const url = new URL(p.url);
          return { ...p, url: proxyOrigin + url.pathname + url.search };
        }),
    },
    lessons: h.client.lessons,
  });

  it('recovers missing ETags from list-parts before complete, never hanging at 100 % (Uppy #6182)', async () => {
    mode = 'strip';
    const path = join(h.dir, 'no_etag.mp4');
    const sha = await makeFile(path, 7 * PART + 3, 25);
    const { manager, rows } = recordingManager({ journalPath: join(h.dir, 'no-etag.sqlite'), api: viaProxy() });
    const [row] = await manager.add([{ path, lessonTarget: target() }]);
    manager.start();
    await manager.whenIdle();
    const done = manager.get(row!.id)!;
    expect(done.state).toBe('done');
    expect(await assetSha256(h.client, done.uploadId!)).toBe(sha);
    expect(checkProgress(rows(row!.id))).toBeNull();
    await manager.close();
    const db = new DatabaseSync(join(h.dir, 'no-etag.sqlite'));
    const etags = db.prepare('SELECT etag FROM upload_parts ORDER BY part_number').all() as { etag: string }[];
    db.close();
    expect(etags).toHaveLength(8);
    expect(etags.every((e) => /^"[0-9a-f]{32}"$/.test(e.etag))).toBe(true);
  });

  it('re-sends a part whose ETag is not the MD5 of what was sent', async () => {
    mode = 'corrupt-once';
    const path = join(h.dir, 'bad_etag.mp4');
    const sha = await makeFile(path, 5 * PART, 26);
    const { manager } = recordingManager({
      journalPath: join(h.dir, 'bad-etag.sqlite'),
      api: viaProxy(),
      backoffBaseMs: 5,
    });
    const [row] = await manager.add([{ path, lessonTarget: target() }]);
    manager.start();
    await manager.whenIdle();
    const done = manager.get(row!.id)!;
    expect(done.state).toBe('done');
    expect(done.bytesResent).toBe(5 * PART);
    expect(await assetSha256(h.client, done.uploadId!)).toBe(sha);
    await manager.close();
  });

  it('fails the file at once with the reason when storage refuses with another 4xx', async () => {
    mode = 'reject';
    const path = join(h.dir, 'rejected.mp4');
    await makeFile(path, 3 * PART, 27);
    const { manager } = recordingManager({ journalPath: join(h.dir, 'rejected.sqlite'), api: viaProxy() });
    const [row] = await manager.add([{ path, lessonTarget: target() }]);
    manager.start();
    await manager.whenIdle();
    const failed = manager.get(row!.id)!;
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'STORAGE_400' } });
    expect(failed.error!.message).toMatch(/InvalidPart/);
    expect(failed.bytesSent).toBeLessThanOrEqual(3 * PART);
    // Retried once storage behaves: the finished parts are kept, the file completes.
    mode = 'strip';
    manager.retry(row!.id);
    await manager.whenIdle();
    expect(manager.get(row!.id)!.state).toBe('done');
    await manager.close();
  });
});
