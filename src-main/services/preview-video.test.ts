// Main process / plain Node tests. A course's preview video through the app's own wiring (the
// profile session and the preview handlers) against the real sandbox over HTTP, with a real SQLite
// store and journal: a picked file is checked by its bytes, uploaded, attached with the course
// update through the outbox and followed to READY; removed (null) online and while the server is
// away (sent once it is back); and on a server without course updates the upload is kept in the
// course draft with the sentence, then attached once the server offers it again.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PreviewVideo } from '../../src-shared/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { createFileHandles, createLogger } from '../platform/index.ts';
import { fasterTime } from '../../src-shared/retry.ts';
import { SOON, startTestSandbox, suiteTempDir, type TestSandbox } from '../test-support/index.ts';
import type { AppServices } from './index.ts';
import { openProfileSession, type ProfileSession } from './profile-session.ts';

const MP4 = fileURLToPath(new URL('../media/test-fixtures/h264-3s.mp4', import.meta.url));
// The first processing check comes 10 s after the attach (as for lessons' videos), on the
// follower's clock: here one that runs 5 times faster (2 s), shared by both runs of the app so
// the restart counts from the journal's last check as a real one would.
const pollTime = fasterTime(5);
const FOLLOWED = { ...SOON, timeout: 10_000, interval: 50 };
const SENT = { ...SOON, timeout: 20_000, interval: 50 };

let sandbox: TestSandbox;
let session: ProfileSession;
let courseId: string;
let dispatch: ReturnType<typeof createAppDispatch>;
const APP = 'app://lectern';

/** One IPC call through the app's own dispatch (payloads and answers checked against the contract). */
async function ipc(channel: string, input: unknown): Promise<PreviewVideo> {
  const result = await dispatch(channel, input, { origin: APP });
  if (!result.ok) throw result.error;
  return result.value as PreviewVideo;
}
const data = suiteTempDir('lectern-preview-');
const fileHandles = createFileHandles();

function openSession(): ProfileSession {
  return openProfileSession({
    dataDir: data.path,
    connection: {
      profileId: 'p',
      baseUrl: sandbox.baseUrl,
      keyMode: 'tenant',
      apiKey: async () => ({ key: sandbox.keys.tenantAdmin, origin: new URL(sandbox.baseUrl).origin }),
    },
    events: { emit: () => undefined, subscribe: () => () => undefined },
    log: createLogger(null),
    videoPollTime: pollTime,
  });
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'demo', restartable: true, processingMs: 300 });
  const other = sandbox.client();
  courseId = (await other.courses.list({ pageSize: 1 })).results[0]!.id;
  session = openSession();
  const services = { session: () => session, fileHandles, log: createLogger(null) } as unknown as AppServices;
  dispatch = createAppDispatch(services, () => [APP]);
  await vi.waitFor(() => expect(session.sync.connectivity().state).toBe('online'), SENT);
  await session.sync.refreshCache({ kind: 'course', courseId });
});
afterAll(async () => {
  await session.close();
  await sandbox.close();
});

const server = async () =>
  (await sandbox.client().courses.get(courseId)) as unknown as {
    preview_video_status: string;
    preview_video_url: string;
    preview_video_ready: string;
  };
const view = () => ipc('courses.previewVideo', { courseId });
async function pick(name: string, bytes?: Buffer): Promise<string> {
  const path = join(data.path, name);
  if (bytes) writeFileSync(path, bytes);
  else copyFileSync(MP4, path);
  const [handle] = await fileHandles.issue([path]);
  return handle!.handle;
}
const previewRows = () => session.uploads.list().filter((r) => r.target.kind === 'preview');

describe('a course preview video from the app', () => {
  it('a file that is not a video is refused by its bytes, with the lessons’ sentence, before any upload', async () => {
    const handle = await pick('trailer.mp4', Buffer.from('not a video at all, only text'.repeat(100)));
    await expect(ipc('courses.setPreviewVideo', { courseId, handle })).rejects.toMatchObject({
      code: 'NOT_A_VIDEO',
    });
    expect(previewRows()).toHaveLength(0);
  });

  it('uploads, attaches through the outbox, follows processing to READY with its URL; then removes it', async () => {
    const started = await ipc('courses.setPreviewVideo', {
      courseId,
      handle: await pick('teaser.mp4'),
    });
    expect(started.phase).toBe('uploading');
    const [row] = previewRows();
    expect(row?.target).toMatchObject({
      kind: 'preview',
      courseId,
      title: expect.stringMatching(/^Preview video of /),
    });

    await vi.waitFor(
      async () => expect(await view()).toMatchObject({ phase: 'ready', status: 'READY', hasUrl: true }),
      FOLLOWED,
    );
    const onServer = await server();
    expect(onServer).toMatchObject({ preview_video_status: 'READY', preview_video_ready: 'true' });
    expect(onServer.preview_video_url).not.toBe('');
    expect(session.uploads.get(row!.id)).toMatchObject({ state: 'done', videoStatus: 'READY' });

    const removing = await ipc('courses.removePreviewVideo', { courseId });
    expect(removing.upload).toBeNull(); // the upload row is forgotten with the preview
    await session.sync.drainOutbox();
    await vi.waitFor(async () => expect((await server()).preview_video_ready).toBe('false'), SENT);
    await vi.waitFor(async () => expect((await view()).phase).not.toBe('removing'), SENT);
  });

  it('a removal while the server is away waits in the outbox and is sent once it is back', async () => {
    await ipc('courses.setPreviewVideo', { courseId, handle: await pick('again.mp4') });
    await vi.waitFor(async () => expect((await server()).preview_video_status).toBe('READY'), SENT);
    await vi.waitFor(() => expect(session.sync.preview.pending(courseId)).toBeNull(), SENT);

    await sandbox.stop();
    await vi.waitFor(() => expect(session.sync.connectivity().state).not.toBe('online'), SENT);
    await ipc('courses.removePreviewVideo', { courseId });
    expect(await view()).toMatchObject({ phase: 'removing' });
    expect(session.sync.preview.pending(courseId)).toMatchObject({ uploadId: null });

    await sandbox.restart();
    expect((await server()).preview_video_status).toBe('READY'); // nothing was sent while away
    await session.sync.drainOutbox();
    await vi.waitFor(async () => expect((await server()).preview_video_ready).toBe('false'), SENT);
    await vi.waitFor(() => expect(session.sync.preview.pending(courseId)).toBeNull(), SENT);
  });

  it('an app restart after the attach still follows the preview to READY (the journal keeps it)', async () => {
    await ipc('courses.setPreviewVideo', { courseId, handle: await pick('restart.mp4') });
    await vi.waitFor(() => expect(previewRows()[0]?.state).toBe('done'), SENT);
    await vi.waitFor(() => expect(session.sync.preview.pending(courseId)).toBeNull(), SENT);
    // Closed before the first processing check (10 s after the attach): the next run makes it.
    await session.close();
    session = openSession();
    expect(previewRows()).toMatchObject([{ target: { kind: 'preview', courseId }, state: 'done' }]);
    expect(previewRows()[0]!.videoStatus, 'the first run closed before its first check').not.toBe('READY');
    await vi.waitFor(async () => expect(await view()).toMatchObject({ phase: 'ready', hasUrl: true }), FOLLOWED);
    await ipc('courses.removePreviewVideo', { courseId });
    await session.sync.drainOutbox();
    await vi.waitFor(() => expect(session.sync.preview.pending(courseId)).toBeNull(), SENT);
  });

  it('a server without course updates: the upload is kept with the sentence, attached once it is offered', async () => {
    sandbox.setFaults({ noStructure: true });
    try {
      await ipc('courses.setPreviewVideo', { courseId, handle: await pick('refused.mp4') });
      const sentence = 'This server does not let Lectern change course details.';
      await vi.waitFor(async () => expect(await view()).toMatchObject({ phase: 'attaching', blocked: sentence }), SENT);
      expect(session.sync.structure.missing().map((m) => m.operation)).toContain('courses.update');
      const uploadId = previewRows()[0]!.uploadId;
      expect(session.sync.preview.pending(courseId)).toMatchObject({ uploadId, state: 'failed' });
      // A second pick is refused at once with the same sentence; the kept upload stays.
      await expect(
        ipc('courses.setPreviewVideo', { courseId, handle: await pick('refused-2.mp4') }),
      ).rejects.toMatchObject({ code: 'OPERATION_NOT_OFFERED', message: sentence });
      expect(previewRows()).toHaveLength(1);
    } finally {
      sandbox.setFaults({ noStructure: false });
    }
    session.sync.structure.recheck();
    const pending = session.sync.preview.pending(courseId)!;
    session.sync.retryDraft(pending.draftId);
    await session.sync.drainOutbox();
    await vi.waitFor(async () => expect((await server()).preview_video_status).toBe('READY'), SENT);
    await vi.waitFor(async () => expect(await view()).toMatchObject({ phase: 'ready', blocked: null }), FOLLOWED);
  });
});
