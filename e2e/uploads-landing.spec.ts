/**
 * Uploads land as the lessons the user meant (bridge host + demo sandbox, which processes a new
 * lesson video for 3 s): "Upload videos" on a course opens Uploads with that course chosen; the
 * speed limit in force shows after navigating away and back; a row's label, bar and the totals
 * agree while a part is in flight; each lesson's video goes from processing to ready (with the
 * length the server read) in the uploads view and in the course view; the batch's end is told
 * with its course and section. Upload numbers can be trusted: no rate above the limit, the status
 * bar's percent is over the batch (at least the running row's, below 100 while it runs), engineer settings wait under "Advanced", and "Clear
 * finished" empties the list of what is done.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { gotoRoute, openCourseFromList, waitForShell, writeVideo } from './support.ts';

const COURSE = 'Workplace Safety Essentials';

test('videos land as lessons: course chosen, limit kept, progress agrees, processing → ready, batch told', async ({
  lectern,
}) => {
  test.setTimeout(180_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-landing-'));
  // Real 3 s videos; the last one carries 6 MB of trailing bytes (still a video) so its single
  // part is in flight long enough under a 1 MiB/s limit to look at the row meanwhile.
  const names = ['Landing one.mp4', 'Landing two.mp4', 'Landing three.mp4'];
  const paths = names.map((name) => join(dir, name));
  // Small random tails keep the three apart for the duplicate check.
  writeVideo(paths[0]!, 16);
  writeVideo(paths[1]!, 16);
  writeVideo(paths[2]!, 6_000_000);
  try {
    const { page } = lectern;
    await waitForShell(page);

    // From the course page, "Upload videos" opens Uploads with this course chosen.
    await openCourseFromList(page, COURSE);
    await page.getByRole('link', { name: 'Upload videos' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uploads');
    await lectern.answerFileDialog(paths);
    await page.getByTestId('add-files').click();
    await expect(page.getByTestId('staged-row')).toHaveCount(3);
    const course = page.getByLabel('Course');
    await expect(course.locator('option:checked')).toHaveText(COURSE);
    const section = page.getByLabel('Section');
    await expect(section.locator('option')).not.toHaveCount(1);
    await section.selectOption({ index: 1 });
    // The menu shows "1. Title": the notice names the section by its title.
    const sectionTitle = ((await section.locator('option:checked').textContent()) ?? '')
      .replace(/^\S+\.\s*/, '')
      .trim();
    expect(sectionTitle).not.toBe('');

    // "Parallel parts" is an engineer's setting: folded under Advanced.
    await expect(page.getByLabel('Parallel parts')).toBeHidden();
    await page.getByTestId('upload-advanced').locator('summary').click();
    await expect(page.getByLabel('Parallel parts')).toBeVisible();

    // A speed limit still applies after navigating away and back: the menu says so.
    await page.getByLabel('Speed limit').selectOption({ label: '1 MiB/s' });
    await page.getByTestId('start-uploads').click();
    const rows = page.getByTestId('upload-row');
    await expect(rows).toHaveCount(3);
    await gotoRoute(page, 'courses');
    await expect(page.getByTestId('course-row').first()).toBeVisible();
    await gotoRoute(page, 'uploads');
    await expect(page.getByLabel('Speed limit').locator('option:checked')).toHaveText('1 MiB/s');

    // While the big file's only part is in flight, its label and its bar tell the same (the totals
    // line adds up the same per-row reading).
    const big = rows.filter({ hasText: names[2]! });
    const reading = () =>
      big.evaluate((row) => {
        const width = (selector: string) => parseFloat(row.querySelector<HTMLElement>(selector)!.style.width);
        return {
          label: parseInt(row.querySelector('[data-testid="upload-percent"]')!.textContent, 10),
          valueNow: Number(row.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')),
          done: width('.progress-done'),
          flight: width('.progress-flight'),
        };
      });
    await expect.poll(async () => (await reading()).flight, { timeout: 30_000 }).toBeGreaterThan(5);
    const during = await reading();
    expect(during.label).toBeGreaterThan(0);
    expect(during.label).toBe(during.valueNow);
    expect(Math.abs(during.label - (during.done + during.flight))).toBeLessThan(1.01);

    // Once it is the only one running, the status bar's percent is over the whole batch (the two
    // finished ones count whole, so it never fell back when they finished): at least its row's,
    // and below 100 while it runs (both read at once).
    await expect
      .poll(
        () =>
          page.evaluate((file) => {
            const status = document.querySelector('[data-testid="status-uploads"]')?.textContent ?? '';
            const row = [...document.querySelectorAll('[data-testid="upload-row"]')].find(
              (r) => r.getAttribute('data-file') === file,
            );
            const label = parseInt(row?.querySelector('[data-testid="upload-percent"]')?.textContent ?? '', 10);
            const match = /1 upload running · (\d+)%/.exec(status);
            if (!match) return false;
            const percent = Number(match[1]);
            return percent >= label && percent < 100;
          }, names[2]!),
        { timeout: 30_000 },
      )
      .toBe(true);

    // Under the 1 MiB/s limit no rate reads above it, on the row or in the totals.
    const megabytesPerSecond = (text: string | null): number => {
      const match = /([\d.]+) (KiB|MiB)\/s/.exec(text ?? '');
      if (!match) return 0;
      return Number(match[1]) / (match[2] === 'KiB' ? 1024 : 1);
    };
    for (let i = 0; i < 3; i++) {
      expect(megabytesPerSecond(await big.getByTestId('upload-speed').textContent())).toBeLessThanOrEqual(1);
      expect(megabytesPerSecond(await page.getByTestId('upload-totals').textContent())).toBeLessThanOrEqual(1);
      await page.waitForTimeout(200);
    }
    // Every file is done; the batch's end is told in the app (watched from now on: a success
    // notice fades after a few seconds).
    const told = expect(
      page.getByTestId('notice').filter({ hasText: `3 videos uploaded to ${COURSE} › ${sectionTitle}` }),
    ).toBeVisible({ timeout: 90_000 });
    for (const name of names) {
      await expect(rows.filter({ hasText: name })).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    }
    await told;

    // Processing → ready in the uploads view, with the length the server read from the bytes.
    // The last one attached just now: the server is still processing it (first retrieve after 10 s).
    const last = rows.filter({ hasText: names[2]! }).getByTestId('upload-video');
    await expect(last).toHaveAttribute('data-video-status', 'PROCESSING');
    await expect(last).toContainText('Video processing');
    for (const name of names) {
      const video = rows.filter({ hasText: name }).getByTestId('upload-video');
      await expect(video).toHaveAttribute('data-video-status', 'READY', { timeout: 60_000 });
      await expect(video).toContainText('Video ready · 3 s');
    }

    // The course view reads the refreshed cache: the lesson's video reads ready there too.
    await openCourseFromList(page, COURSE);
    const lesson = page.getByTestId('lesson-row').filter({ hasText: 'Landing one' });
    await expect(lesson).toBeVisible({ timeout: 15_000 });
    await expect(lesson).toContainText(/ready/i);
    await expect(lesson).not.toContainText(/processing/i);

    // "Clear finished" takes the done rows off the list (the lessons keep their videos).
    await gotoRoute(page, 'uploads');
    await expect(rows).toHaveCount(3);
    await page.getByTestId('clear-finished').click();
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId('clear-finished')).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
