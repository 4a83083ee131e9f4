/**
 * Uploads flow (bridge host + demo sandbox; the test answers main's file dialog): add files, pick
 * course and section, review titles, start; one row per file with state, progress, speed and
 * time left; pause / resume per file and for all; a lesson renamed while its video uploads; uploads
 * keep going while the user is elsewhere (the status bar shows them); after an app restart
 * mid-upload they reappear, finish, and land as lessons in the course view. A drop in the bridge
 * host explains itself and points to "Add files…".
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { LecternBridge } from '../src-shared/index.ts';
import { test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, openCourseFromList, waitForShell } from './support.ts';

const COURSE = 'Workplace Safety Essentials';
const MiB = 1024 * 1024;
// A real MP4 followed by random bytes: a video to the pre-flight check, unique content each run.
const MP4 = fileURLToPath(new URL('../src-main/media/test-fixtures/h264-3s.mp4', import.meta.url));

async function percentOf(page: Page, file: string): Promise<number> {
  const value = await page
    .getByTestId('upload-row')
    .filter({ hasText: file })
    .getByRole('progressbar')
    .getAttribute('aria-valuenow');
  return Number(value);
}

/** Bytes main counts as sent (acknowledged and in flight) for each file, through the bridge. */
async function bytesByFile(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
    const list = await bridge.uploads.list();
    if (!list.ok) return {};
    return Object.fromEntries(list.value.map((row) => [row.fileName, row.bytesConfirmed + row.bytesInFlight]));
  });
}

/** Bytes sent so far for every file except `but`. */
async function bytesOfOthers(page: Page, but?: string): Promise<number> {
  const bytes = await bytesByFile(page);
  return Object.entries(bytes).reduce((sum, [file, n]) => (file === but ? sum : sum + n), 0);
}

test('upload videos into lessons: add, review, start, pause, resume, restart, land in the course', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(240_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-videos-'));
  const files = ['site-walkthrough.mp4', 'fire-drill_2026.mp4', 'first-aid-kit.mp4'].map((name, i) => {
    const path = join(dir, name);
    writeFileSync(path, Buffer.concat([readFileSync(MP4), randomBytes((10 + i) * MiB)]));
    return { name, path };
  });
  try {
    const { page } = lectern;
    await waitForShell(page);
    await gotoRoute(page, 'uploads');
    await expect(page.getByText('No uploads yet')).toBeVisible();
    await checkScreen(page, testInfo, 'uploads-empty');

    // A drop cannot become a file handle in the bridge host: the user is told what to do instead.
    await page.getByTestId('dropzone').evaluate((zone) => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId('notice').filter({ hasText: 'Add files' })).toBeVisible();

    // Add files through main's dialog (answered by the test), then review.
    await lectern.answerFileDialog(files.map((f) => f.path));
    await page.getByTestId('add-files').click();
    const staged = page.getByTestId('staged-row');
    await expect(staged).toHaveCount(3);
    await expect(staged.nth(1).getByTestId('staged-title')).toHaveValue('Fire drill 2026');
    await expect(page.getByTestId('start-uploads')).toBeDisabled();
    await page.getByLabel('Course').selectOption({ label: COURSE });
    const section = page.getByLabel('Section');
    await expect(section.locator('option')).not.toHaveCount(1);
    await section.selectOption({ index: 1 });
    await staged.nth(0).getByTestId('staged-title').fill('Site walkthrough (video)');
    await checkScreen(page, testInfo, 'uploads-review');

    // A speed limit (as for a video call) keeps the uploads running long enough to pause them.
    await page.getByTestId('upload-advanced').locator('summary').click();
    await page.getByLabel('Parallel parts').selectOption('2');
    await page.getByLabel('Speed limit').selectOption({ label: '1 MiB/s' });
    await page.getByTestId('start-uploads').click();
    const rows = page.getByTestId('upload-row');
    await expect(rows).toHaveCount(3);
    const first = rows.filter({ hasText: files[0]!.name });
    await expect(first).toHaveAttribute('data-state', 'uploading', { timeout: 15_000 });
    await expect(first.getByRole('textbox', { name: `Lesson title for ${files[0]!.name}` })).toHaveValue(
      'Site walkthrough (video)',
    );
    await expect(page.getByTestId('upload-totals')).toContainText('3 files');
    await expect.poll(() => percentOf(page, files[0]!.name), { timeout: 20_000 }).toBeGreaterThan(0);
    await checkScreen(page, testInfo, 'uploads-running');

    // Pause one file, then resume it.
    await first.getByRole('button', { name: `Pause ${files[0]!.name}` }).click();
    await expect(first).toHaveAttribute('data-state', 'paused', { timeout: 5_000 });
    const pausedAt = await percentOf(page, files[0]!.name);
    const pausedBytes = (await bytesByFile(page))[files[0]!.name];
    // The other files go on sending: once a megabyte more of theirs is out, a paused file that
    // still sent would have moved too.
    const othersAtPause = await bytesOfOthers(page, files[0]!.name);
    await expect
      .poll(() => bytesOfOthers(page, files[0]!.name), { timeout: 20_000 })
      .toBeGreaterThan(othersAtPause + MiB);
    expect((await bytesByFile(page))[files[0]!.name]).toBe(pausedBytes);
    expect(await percentOf(page, files[0]!.name)).toBe(pausedAt);
    await first.getByRole('button', { name: `Resume ${files[0]!.name}` }).click();
    await expect(first).not.toHaveAttribute('data-state', 'paused', { timeout: 5_000 });

    // Pause all, resume all.
    await page.getByRole('button', { name: 'Pause all' }).click();
    for (const f of files) {
      await expect(rows.filter({ hasText: f.name })).toHaveAttribute('data-state', /paused|done/, { timeout: 5_000 });
    }
    // A lesson's title can still change while its video uploads (Escape keeps the saved one), on a
    // file still paused: which files are done by now depends on how fast this machine ran the steps
    // above at 1 MiB/s, not on anything checked here.
    const titles = ['Site walkthrough (video)', 'Fire drill 2026', 'First aid kit'];
    const pausedRow = page.locator('[data-testid="upload-row"][data-state="paused"]').first();
    await expect(pausedRow).toBeVisible();
    const rowText = (await pausedRow.textContent()) ?? '';
    const edited = files.findIndex((f) => rowText.includes(f.name));
    expect(edited).toBeGreaterThanOrEqual(0);
    const titleInput = pausedRow.getByRole('textbox', { name: `Lesson title for ${files[edited]!.name}` });
    const saved = titles[edited]!;
    await titleInput.fill('Draft name');
    await titleInput.press('Escape');
    await expect(titleInput).toHaveValue(saved);
    await titleInput.fill('   ');
    await titleInput.press('Enter');
    await expect(page.getByTestId('notice').filter({ hasText: '1 to 255 characters' })).toBeVisible();
    await expect(titleInput).toHaveValue(saved);
    titles[edited] = `${saved}, step by step`;
    await titleInput.fill(titles[edited]);
    await titleInput.press('Enter');
    await expect(titleInput).toHaveValue(titles[edited]);
    await page.getByRole('button', { name: 'Resume all' }).click();
    await expect(rows.filter({ hasText: files[0]!.name })).toHaveAttribute(
      'data-state',
      /uploading|queued|completing|attaching|done/,
    );

    // Uploads keep going while the user is elsewhere; the status bar shows them.
    await gotoRoute(page, 'courses');
    await expect(page.getByTestId('status-uploads')).toContainText(/upload/);
    const sentBeforeLeaving = await bytesOfOthers(page);
    await expect.poll(() => bytesOfOthers(page), { timeout: 20_000 }).toBeGreaterThan(sentBeforeLeaving + MiB);
    await gotoRoute(page, 'uploads');
    await expect(rows).toHaveCount(3);

    // Restart the app mid-upload: the uploads come back and finish.
    await lectern.restart();
    const p = lectern.page;
    await waitForShell(p);
    await gotoRoute(p, 'uploads');
    const after = p.getByTestId('upload-row');
    await expect(after).toHaveCount(3, { timeout: 15_000 });
    // Unfinished uploads continue on their own where they stopped.
    for (const f of files) {
      await expect(after.filter({ hasText: f.name })).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    }
    await expect(p.getByTestId('upload-totals')).toContainText('3 done');
    await checkScreen(p, testInfo, 'uploads-done');

    // They landed as lessons in the chosen section.
    await openCourseFromList(p, COURSE);
    // Main refreshes the course's cached sections when an upload attaches its lesson; re-reading
    // covers the moment between the event and the refresh.
    await expect
      .poll(
        async () => {
          await p.reload();
          await expect(p.getByTestId('lesson-row').first()).toBeVisible();
          // The copy shown is settled: not one that a refresh under way is about to replace.
          await expect(p.getByTestId('cache-note')).toContainText('Updated');
          await expect(p.getByTestId('cache-note')).not.toContainText('refreshing');
          return p
            .getByTestId('lesson-row')
            .filter({ hasText: new RegExp(titles.map((title) => title.replace(/[()]/g, '\\$&')).join('|')) })
            .count();
        },
        { timeout: 100_000, intervals: [5_000] },
      )
      .toBe(titles.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
