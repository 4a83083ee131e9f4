/**
 * A course's preview video (bridge host + demo sandbox; the test answers main's file dialog): a
 * file that is not a video is refused by its bytes with the lessons' sentence; a real small video
 * is chosen, uploaded (it shows under Uploads, named for the course), attached, processed to READY
 * with its URL on the server; then "Remove preview" offers Undo in its toast (Undo keeps it, nothing
 * sent) and takes it off the course once the toast is closed. The course card's "Quizzes" counts the
 * course's quiz lessons, not its lessons.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { checkScreen, gotoRoute, sandboxApi, waitForShell, writeVideo } from './support.ts';

interface ServerCourse {
  id: string;
  name: string;
  preview_video_status: string;
  preview_video_ready: string;
  preview_video_url: string;
}

async function course(info: SandboxInfo): Promise<ServerCourse> {
  const courses = (await sandboxApi(info, 'GET', '/courses?search=Workplace%20Safety')) as unknown as {
    results: { id: string }[];
  };
  return (await sandboxApi(info, 'GET', `/courses/${courses.results[0]!.id}`)) as unknown as ServerCourse;
}

test('preview video: refused by its bytes, uploaded, processed to ready, then removed', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-preview-'));
  try {
    const { page } = lectern;
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    const { id: courseId, name } = await course(info);
    await gotoRoute(page, `courses/${courseId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const area = page.getByRole('region', { name: 'About this course' }).getByRole('group', { name: 'Preview video' });
    await expect(area.getByTestId('preview-video-status')).toBeVisible();

    // "Quizzes" on the course card: the quiz lessons (every lesson carries a quiz record on the server).
    const outline = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
      results: { lessons?: { lesson_type: string }[] }[];
    };
    const lessons = outline.results.flatMap((s) => s.lessons ?? []);
    const quizLessons = lessons.filter((l) => l.lesson_type === 'QUIZ').length;
    expect(quizLessons).not.toBe(lessons.length);
    await expect(page.getByTestId('course-quizzes')).toHaveText(String(quizLessons));

    // Named like a video, but text: refused before any upload, with the lessons' sentence.
    const notVideo = join(dir, 'trailer.mp4');
    writeFileSync(notVideo, 'This is a shot list, not a video.\n'.repeat(50));
    await lectern.answerFileDialog([notVideo]);
    await area.getByRole('button', { name: 'Choose preview video…' }).click();
    await expect(area.getByTestId('preview-video-error')).toHaveText('trailer.mp4 is a text file, not a video.');

    const teaser = join(dir, 'course-teaser.mp4');
    writeVideo(teaser, 256 * 1024);
    await lectern.answerFileDialog([teaser]);
    await area.getByRole('button', { name: 'Choose preview video…' }).click();
    await expect(area.getByTestId('preview-video-error')).toHaveCount(0);
    const status = area.getByTestId('preview-video-status');
    // Uploading n % → processing → ready (the sandbox processes it; Lectern polls as for lessons).
    await expect(status).toHaveAttribute('data-phase', /uploading|attaching|processing|ready/);
    await expect(status).toHaveAttribute('data-phase', 'ready', { timeout: 60_000 });
    await expect(status).toHaveText('Ready: the course has its preview video.');
    const ready = await course(info);
    expect(ready.preview_video_status).toBe('READY');
    expect(ready.preview_video_url).not.toBe('');
    await checkScreen(page, testInfo, 'course-preview-ready');

    // Under Uploads like any other upload, named for the course preview, processed.
    await gotoRoute(page, 'uploads');
    const row = page.getByTestId('upload-row').filter({ hasText: 'course-teaser.mp4' });
    await expect(row).toContainText(`Preview video of ${name}`);
    await expect(row).toHaveAttribute('data-state', 'done');
    await expect(row.getByTestId('upload-video')).toHaveAttribute('data-video-status', 'READY');

    await gotoRoute(page, `courses/${courseId}`);
    // Remove: held back with Undo in its toast; Undo keeps the video and sends nothing.
    const toast = page.getByTestId('notice').filter({ hasText: 'preview video will be removed' });
    await area.getByRole('button', { name: 'Remove preview' }).click();
    await expect(status).toHaveAttribute('data-phase', 'removing');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('notice').filter({ hasText: 'preview video was kept' })).toBeVisible();
    await expect(status).toHaveText('Ready: the course has its preview video.');
    expect((await course(info)).preview_video_ready).not.toBe('false');

    // Removed again and the toast closed: now the server hears of it.
    await area.getByRole('button', { name: 'Remove preview' }).click();
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(async () => (await course(info)).preview_video_ready, { timeout: 20_000 }).toBe('false');
    await expect(status).not.toHaveAttribute('data-phase', /ready|removing/, { timeout: 20_000 });
    await expect(area.getByRole('button', { name: 'Remove preview' })).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
