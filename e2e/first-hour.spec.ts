/**
 * A new instructor's first hour on the course page (what was left), through the bridge
 * host and the demo sandbox: "Add video…" on a new lesson stays on the lesson (its upload shown in
 * place; the Uploads row names the lesson and links back); a section added between two while
 * offline shows there at once and stays there once sent; a long course title keeps its line at
 * 1024 px (the header's actions go under it) and the window itself never scrolls; focus is never
 * dropped to the page by Undo of a lesson delete or by the course details' form; the push plan
 * shows its skipped files and totals without scrolling, never a row cut in half, and a push that
 * ends with its dialog closed says so once, on its course page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { chooseRowAction } from './row-menu.ts';
import {
  gotoRoute,
  closeRunningPush,
  openPushPlan,
  sandboxApi,
  screenshot,
  waitForShell,
  writeVideo,
  writeYardCourse,
} from './support.ts';

interface ServerSection {
  id: string;
  title: string;
  order: number;
  lessons: { id: string; title: string }[];
}

async function courseNamed(info: SandboxInfo, name: string): Promise<{ id: string; name: string }> {
  const found = (await sandboxApi(info, 'GET', `/courses?search=${encodeURIComponent(name)}`)) as unknown as {
    results: { id: string; name: string }[];
  };
  return found.results[0]!;
}

async function sections(info: SandboxInfo, courseId: string): Promise<ServerSection[]> {
  const page = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: ServerSection[];
  };
  return [...page.results].sort((a, b) => a.order - b.order);
}

async function openCourse(page: Page, course: { id: string; name: string }): Promise<void> {
  await gotoRoute(page, `courses/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
}

/** The outline's cards in order: a server section by its id, a waiting one as "waiting:<title>". */
async function cardOrder(page: Page): Promise<string[]> {
  return page
    .locator('.course-sections .course-section')
    .evaluateAll((cards) =>
      cards.map((card) =>
        card instanceof HTMLElement && card.dataset['pendingTitle'] !== undefined
          ? `waiting:${card.dataset['pendingTitle']}`
          : ((card as HTMLElement).dataset['sectionId'] ?? '?'),
      ),
    );
}

async function focusIsOnThePage(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body);
}

test('Add video… on a new lesson stays on the lesson: the upload in place, and Uploads names it with a link back', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-first-hour-'));
  const video = join(dir, 'forklift-take-1.mp4');
  writeVideo(video, 512 * 1024);
  try {
    const { page } = lectern;
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    const course = await courseNamed(info, 'Workplace Safety');
    await openCourse(page, course);
    await page.getByTestId('new-lesson').first().click();
    const title = `Forklift walkaround ${Date.now()}`;
    await page.locator('input[name="title"]').fill(title);
    await page.locator('select[name="lesson_type"]').selectOption('VIDEO');
    await page.getByRole('button', { name: 'Create lesson' }).click();
    await expect(page).toHaveURL(/\/lessons\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const lessonUrl = page.url();
    const lessonId = /lessons\/([0-9a-f-]{36})$/.exec(lessonUrl)![1]!;

    await lectern.answerFileDialog([video]);
    await page.getByTestId('replace-video').click();
    // Still the lesson's editor, its upload shown in place; the button keeps the focus.
    const upload = page.getByTestId('lesson-video-upload');
    await expect(upload).toContainText('forklift-take-1.mp4');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(page.url()).toBe(lessonUrl);
    await expect(page.getByTestId('replace-video')).toBeFocused();
    await screenshot(page, testInfo, 'lesson-upload-in-place');
    await expect(upload).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(upload).toHaveAttribute('data-video-status', 'READY', { timeout: 60_000 });
    await expect(upload).toContainText('is this lesson’s video now');
    await expect
      .poll(async () => {
        const [section] = (await sections(info, course.id)).filter((s) => s.lessons.some((l) => l.id === lessonId));
        const lesson = (await sandboxApi(
          info,
          'GET',
          `/courses/${course.id}/sections/${section!.id}/lessons/${lessonId}`,
        )) as { video_status?: string };
        return lesson.video_status;
      })
      .toBe('READY');

    // The Uploads row says which lesson's video it replaced, and its link goes back to that lesson.
    await gotoRoute(page, 'uploads');
    const row = page.getByTestId('upload-row').filter({ hasText: 'forklift-take-1.mp4' });
    const replaces = row.getByTestId('upload-replaces');
    await expect(replaces).toContainText(title, { timeout: 20_000 });
    // At 1024 px the name keeps its room (the words before it go to screen readers only).
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect
      .poll(async () => (await replaces.getByRole('link', { name: title }).boundingBox())?.width ?? 0)
      .toBeGreaterThan(120);
    await screenshot(page, testInfo, 'uploads-row-names-the-lesson-1024');
    await replaces.getByRole('link', { name: title }).click();
    await expect(page.locator(`[data-lesson-id="${lessonId}"]`)).toHaveAttribute('data-linked', 'true');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a section added between two while offline shows there at once and stays there once sent', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await courseNamed(info, 'Workplace Safety');
  await openCourse(page, course);
  const before = await sections(info, course.id);
  expect(before.length).toBeGreaterThanOrEqual(2);

  await lectern.setSandboxRunning(false);
  await expect(page.getByTestId('connection-state')).not.toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  await page.getByTestId('add-section-between').first().click();
  await page.getByLabel('New section title').fill('Between, offline');
  await page.getByLabel('New section title').press('Enter');
  // At once, second: where it was asked for, not at the end; its waiting card has the focus.
  const waiting = page.locator('[data-pending-title="Between, offline"]');
  await expect(waiting).toBeVisible();
  expect(await cardOrder(page)).toEqual([
    before[0]!.id,
    'waiting:Between, offline',
    ...before.slice(1).map((s) => s.id),
  ]);
  await expect(waiting).toBeFocused();
  await screenshot(page, testInfo, 'between-offline-waiting');

  await lectern.setSandboxRunning(true);
  await expect
    .poll(async () => (await sections(info, course.id)).map((s) => s.title).indexOf('Between, offline'), {
      timeout: 40_000,
    })
    .toBe(1);
  await expect(waiting).toHaveCount(0, { timeout: 20_000 });
  const sent = (await sections(info, course.id))[1]!;
  expect(await cardOrder(page)).toEqual([before[0]!.id, sent.id, ...before.slice(1).map((s) => s.id)]);
});

test('a long course title keeps its line at 1024 px, the actions under it; the window itself never scrolls', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  // Looking for "New course": the Courses screen says where courses are made and what is done here.
  await gotoRoute(page, 'courses');
  await expect(page.getByTestId('courses-lead')).toContainText('Courses are created on your learning platform');
  const course = await courseNamed(info, 'Designing Reliable Distributed Systems');
  for (const [width, height] of [
    [1024, 700],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openCourse(page, course);
    const heading = page.getByRole('heading', { level: 1 });
    const oneLine = await heading.evaluate((h1) => {
      const lineHeight = parseFloat(getComputedStyle(h1).lineHeight);
      return h1.getBoundingClientRect().height < lineHeight * 1.5;
    });
    expect(oneLine, `the title on one line at ${width} px`).toBe(true);
    const title = (await heading.boundingBox())!;
    const actions = (await page.locator('.page-header .page-actions').boundingBox())!;
    const beside = actions.x >= title.x + title.width;
    const under = actions.y >= title.y + title.height;
    expect(beside || under, 'the actions never cover the title').toBe(true);
    // Nothing makes the document scroll behind the shell (one scrollbar: the page's own).
    const documentScrolls = await page.evaluate(
      () => document.scrollingElement!.scrollHeight > document.scrollingElement!.clientHeight,
    );
    expect(documentScrolls).toBe(false);
    await screenshot(page, testInfo, `long-title-${width}`);
  }
  expect(
    (await page.locator('.page-header .page-actions').boundingBox())!.y,
    'at 1280 px the actions sit beside the title',
  ).toBeLessThan((await page.getByRole('heading', { level: 1 }).boundingBox())!.y + 10);
});

test('focus stays on the page: Undo of a lesson delete, and the course details form opened and closed', async ({
  lectern,
}) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await courseNamed(info, 'Workplace Safety');
  await openCourse(page, course);

  // Course details: the form opens on its first field; Close gives the focus back to its button.
  const about = page.getByRole('region', { name: 'About this course' });
  await about.getByRole('button', { name: 'Edit course details' }).click();
  const form = about.getByRole('form', { name: 'Course details' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Level').locator('option:checked')).toHaveText(/^[A-Z]/);
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(about.getByRole('button', { name: 'Edit course details' })).toBeFocused();

  // A lesson deleted and kept with the Undo on its row: focus lands on the lesson's row again.
  const [first] = await sections(info, course.id);
  const lesson = first!.lessons.at(-1)!;
  const row = page.locator(`[data-lesson-id="${lesson.id}"]`);
  await chooseRowAction(row, 'Delete…');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete lesson' }).click();
  const undo = page.locator(`[data-deleting-id="${lesson.id}"]`).getByRole('button', { name: /^Undo/ });
  await expect(undo).toBeFocused({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect(row.getByRole('link', { name: lesson.title })).toBeFocused({ timeout: 10_000 });
  expect(await focusIsOnThePage(page)).toBe(true);

  // A lesson moved with Alt+↓ and put back with its toast's Undo: focus back on the lesson.
  const [firstLesson, secondLesson] = first!.lessons;
  const moved = page.locator(`[data-lesson-id="${firstLesson!.id}"]`).getByRole('link', { name: firstLesson!.title });
  await moved.focus();
  await moved.press('Alt+ArrowDown');
  await expect(page.locator('.course-section').first().locator('[data-lesson-id]').nth(1)).toHaveAttribute(
    'data-lesson-id',
    firstLesson!.id,
  );
  expect(secondLesson).toBeDefined();
  const movedToast = page.getByTestId('notice').filter({ hasText: `Moved “${firstLesson!.title}”` });
  await movedToast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'is back at position 1' })).toBeVisible();
  await expect(moved).toBeFocused();

  // And with the Undo in its toast.
  await chooseRowAction(row, 'Delete…');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete lesson' }).click();
  const toast = page.getByTestId('notice').filter({ hasText: 'will be deleted' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(row.getByRole('link', { name: lesson.title })).toBeFocused({ timeout: 10_000 });
});

/** Rows of the plan's tree each wholly inside its scrolling box or wholly outside it. */
async function rowsCut(region: Locator): Promise<string[]> {
  return region.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const top = outer.top + box.clientTop;
    const bottom = top + box.clientHeight;
    return [...box.querySelectorAll('.push-entry')]
      .map((row) => row.getBoundingClientRect())
      .filter((r) => r.bottom > top + 0.5 && r.top < bottom - 0.5 && (r.top < top - 0.5 || r.bottom > bottom + 0.5))
      .map((r) => `${Math.round(r.top - top)}..${Math.round(r.bottom - top)} of ${Math.round(bottom - top)}`);
  });
}

test('the push plan shows its skipped files and totals without scrolling, no row cut; the result said once', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(180_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const root = mkdtempSync(join(tmpdir(), 'lectern-e2e-first-hour-push-'));
  const folder = writeYardCourse(root);
  writeFileSync(join(folder, 'notes.txt'), 'beside the sections');
  for (let i = 1; i <= 12; i++) writeFileSync(join(folder, '2 - Loading bay', `scrap-${i}.tmp`), '');
  try {
    const { page } = lectern;
    await page.setViewportSize({ width: 1024, height: 700 });
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    const course = await courseNamed(info, 'Workplace Safety');
    await openCourse(page, course);
    const dialog = await openPushPlan(lectern, folder, 'Yard course', course.name);

    // The skipped files and the totals are in view at once; the dialog itself does not scroll.
    await expect(dialog.getByTestId('push-skipped')).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByTestId('push-skipped')).toContainText('scrap-1.tmp');
    await expect(dialog.getByTestId('push-summary')).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByTestId('push-summary')).toContainText('13 files skipped');
    expect(await dialog.evaluate((d) => d.scrollHeight <= d.clientHeight)).toBe(true);
    const summary = (await dialog.getByTestId('push-summary').boundingBox())!;
    const buttons = (await dialog.locator('.modal-actions').boundingBox())!;
    expect(buttons.y, 'the buttons never cover the totals').toBeGreaterThanOrEqual(summary.y + summary.height);
    // The plan scrolls in a box of whole rows: none is cut in half, at the top or scrolled down.
    const region = dialog.getByRole('region', { name: 'The plan' });
    expect(await region.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    expect(await rowsCut(region)).toEqual([]);
    await region.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => region.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);
    await expect.poll(() => rowsCut(region)).toEqual([]);
    await page.keyboard.press('End');
    await expect.poll(() => rowsCut(region)).toEqual([]);
    await screenshot(page, testInfo, 'push-plan-1024');

    // Pushed with the dialog closed, on the course page: its card says how it ended, no toast too.
    await dialog.getByRole('button', { name: 'Push to course' }).click();
    await closeRunningPush(dialog);
    await expect(page.getByTestId('push-folder')).toBeFocused();
    const status = page.getByTestId('push-status');
    await expect(status).toHaveAttribute('data-step', 'finished', { timeout: 60_000 });
    await expect(status).toContainText('Pushed to');
    await expect(page.locator('.section-card-name', { hasText: 'Loading bay' })).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByTestId('notice').filter({ hasText: 'Pushed to' })).toHaveCount(0);
    await status.getByRole('button', { name: 'Dismiss' }).click();
    await expect(status).toHaveCount(0);
    await expect(page.getByTestId('push-folder')).toBeFocused();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
