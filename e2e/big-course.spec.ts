/**
 * A course of real size (the large seed's 60 sections and 1,500 lessons): its outline renders only
 * the sections near the view (the others keep their header and the room their lessons take), so
 * scrolling to its end (at once, or once it settled) renders the last sections' lessons and lets
 * the first ones go; a lesson there still moves with Alt+↓ / Alt+↑, focus following it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startBridgeHostProcess, test, expect } from './fixtures.ts';
import { openCourseFromList, waitForShell } from './support.ts';

const BIG_COURSE = 'Complete Site Safety Programme';

/** The lesson ids of a section card, in the order shown. */
function lessonOrder(page: Page, sectionIndex: number): Promise<string[]> {
  return page
    .locator('.course-section')
    .nth(sectionIndex)
    .getByTestId('lesson-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-lesson-id') ?? ''));
}

/**
 * Brings a section card to the top of the outline's scroller, as a user scrolling there would. The
 * card is found and scrolled in one task: while cards still mount, a stand-in is replaced by its
 * full card, and a handle taken a call earlier could be the one let go (it scrolls nothing).
 */
async function scrollToSection(page: Page, sectionIndex: number): Promise<void> {
  await page.evaluate((index) => {
    document.querySelectorAll('.course-section')[index]?.scrollIntoView({ block: 'start' });
  }, sectionIndex);
}

test('a course of 1,500 lessons: sections near the view render, scrolling follows, Alt+↓/↑ moves a lesson', async ({
  playwright,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'starts its own bridge host with the large seed');
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-big-course-'));
  const { child, appUrl } = await startBridgeHostProcess(dataDir, ['--sandbox-seed', 'large']);
  const browser = await playwright.chromium.launch({
    executablePath: process.env['LECTERN_CHROMIUM'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(appUrl);
    await waitForShell(page);
    await openCourseFromList(page, BIG_COURSE);
    await expect(page.getByTestId('course-counts')).toHaveText('60 sections · 1,500 lessons', { timeout: 30_000 });
    await expect(page.locator('.course-section')).toHaveCount(60);

    // Scrolled to the end at once, while the cards are still mounting: the last section's lessons
    // render (the card's nearness is where it is now, not where it was when it mounted).
    await scrollToSection(page, 59);
    await expect(page.locator('.course-section').last().getByTestId('lesson-row')).toHaveCount(25);
    await scrollToSection(page, 0);

    // Only the first sections' lessons are rendered; the others stand in at their height.
    await expect(page.locator('.course-section').first().getByTestId('lesson-row')).toHaveCount(25);
    // The window settles once the observers have seen where each card ended up (rows measured
    // shorter or taller than the estimate move the cards once), so the count is polled.
    await expect.poll(() => page.getByTestId('lesson-row').count()).toBeLessThan(300);
    await expect(page.locator('.course-section').last().getByTestId('lessons-stand-in')).toHaveCount(1);

    // Scrolled to the end: the last section's lessons render, the first section's let go.
    await scrollToSection(page, 59);
    await expect(page.locator('.course-section').last().getByTestId('lesson-row')).toHaveCount(25);
    await expect(page.locator('.course-section').first().getByTestId('lessons-stand-in')).toHaveCount(1);
    await expect.poll(() => page.getByTestId('lesson-row').count()).toBeLessThan(300);

    // A lesson in the middle moves down with Alt+↓ and back with Alt+↑; focus stays on it.
    await scrollToSection(page, 30);
    await expect(page.locator('.course-section').nth(30).getByTestId('lesson-row')).toHaveCount(25);
    const before = await lessonOrder(page, 30);
    const moving = before[2]!;
    const title = page.locator(`[data-lesson-id="${moving}"] a.row-title`);
    await title.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect
      .poll(() => lessonOrder(page, 30))
      .toEqual([...before.slice(0, 2), before[3], moving, ...before.slice(4)]);
    await expect(title).toBeFocused();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => lessonOrder(page, 30)).toEqual(before);
    await expect(title).toBeFocused();
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
