// Tests (plain Node): the sandbox's simulated video processing across a restart — a lesson still
// PROCESSING when the sandbox stops finishes after it starts again on the same data (the due time
// is stored), READY with the duration read from the stored parts; and the processing time a test
// sets while the sandbox runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { startTestSandbox, tempDir } from '../test-support/index.ts';
import { clientFor, firstId } from './test-support/http.ts';
import { uploadBytes } from './test-support/uploads.ts';

describe('sandbox video processing', () => {
  it('finishes processing begun before a restart', async () => {
    // The same data on a new port, so no connection of the first server is reused by the second.
    const options = { dataDir: tempDir('lectern-sandbox-processing-'), partSize: 16 * 1024, processingMs: 1500 };
    const first = clientFor(await startTestSandbox(options));
    onTestFinished(() => first.sandbox.close());
    const courseId = await firstId(first, '/courses');
    const sectionId = await firstId(first, `/courses/${courseId}/sections`);
    const lessons = `/courses/${courseId}/sections/${sectionId}/lessons`;
    const bytes = readFileSync(new URL('../media/test-fixtures/h264-3s.mp4', import.meta.url));
    const { session } = await uploadBytes(first, bytes, { fileName: 'restart.mp4' });
    const created = await first.create(lessons, { title: 'Across a restart', video_upload_id: session.id });
    const id = String(created.json.data.id);
    expect(created.json.data.video_status).toBe('PROCESSING');
    await first.sandbox.close();

    const second = clientFor(await startTestSandbox(options));
    onTestFinished(() => second.sandbox.close());
    expect((await second.get(`${lessons}/${id}`)).json.data.video_status).toMatch(/PROCESSING|READY/);
    await vi.waitFor(
      async () => {
        const data = (await second.get(`${lessons}/${id}`)).json.data as Record<string, unknown>;
        expect(data).toMatchObject({ video_status: 'READY', video_ready: 'true', duration_seconds: 3 });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('a processing time set while running holds new videos, and a shorter one brings a waiting video forward', async () => {
    const client = clientFor(await startTestSandbox({ partSize: 16 * 1024, processingMs: 0 }));
    onTestFinished(() => client.sandbox.close());
    const courseId = await firstId(client, '/courses');
    const sectionId = await firstId(client, `/courses/${courseId}/sections`);
    const lessons = `/courses/${courseId}/sections/${sectionId}/lessons`;
    const bytes = readFileSync(new URL('../media/test-fixtures/h264-3s.mp4', import.meta.url));

    client.sandbox.setProcessingMs(3_600_000);
    const { session } = await uploadBytes(client, bytes, { fileName: 'held.mp4' });
    const id = String((await client.create(lessons, { title: 'Held', video_upload_id: session.id })).json.data.id);
    const status = async (): Promise<unknown> =>
      (await client.get(`${lessons}/${id}`)).json.data.video_status as unknown;
    expect(await status()).toBe('PROCESSING');

    client.sandbox.setProcessingMs(0);
    await vi.waitFor(async () => expect(await status()).toBe('READY'), { timeout: 10_000, interval: 50 });
  });
});
