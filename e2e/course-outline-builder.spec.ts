/**
 * The course page as one outline, through the bridge host and the demo sandbox: the
 * course card on top, sections as cards holding their lessons, listed once; "Add section" keeps
 * the window still (the top bar on screen, no ancestor scrolled) and focus goes to the new
 * section; a section is renamed in place (offline: shown at once, marked as waiting); moved by
 * Alt+↑/↓ with focus kept; deleted with Undo, and one that holds lessons deleted with them when
 * asked by name; focus never drops to the page body; a push's progress survives navigating away
 * and the outline shows what it made; long right-to-left titles keep their start visible.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { chooseRowAction } from './row-menu.ts';
import {
  checkScreen,
  expectAccessible,
  gotoRoute,
  closeRunningPush,
  openPushPlan,
  sandboxApi,
  screenshot,
  waitForShell,
  writeYardCourse,
} from './support.ts';

interface ServerSection {
  id: string;
  title: string;
  order: number;
  lessons: { id: string; title: string }[];
}

async function workplaceSafety(info: SandboxInfo): Promise<{ id: string; name: string }> {
  const courses = (await sandboxApi(info, 'GET', '/courses?search=Workplace%20Safety')) as unknown as {
    results: { id: string; name: string }[];
  };
  return courses.results[0]!;
}

async function sections(info: SandboxInfo, courseId: string): Promise<ServerSection[]> {
  const page = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: ServerSection[];
  };
  return [...page.results].sort((a, b) => a.order - b.order);
}

/** The outline's card of one section, by its title. */
function card(page: Page, title: string): Locator {
  return page.locator('.course-section', { has: page.locator('.section-card-name', { hasText: title }) });
}

/** Every box that could move the window: the document, the shell and the body. */
async function windowScroll(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [document.scrollingElement, document.body, document.querySelector('.shell'), document.getElementById('root')].map(
      (el) => el?.scrollTop ?? 0,
    ),
  );
}

async function expectWindowStill(page: Page): Promise<void> {
  expect(await windowScroll(page)).toEqual([0, 0, 0, 0]);
  const top = await page.getByTestId('workspace-switcher').boundingBox();
  expect(top, 'the workspace switcher is on screen').not.toBeNull();
  expect(top!.y).toBeGreaterThanOrEqual(0);
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(heading).not.toBeNull();
}

async function openCourse(page: Page, info: SandboxInfo) {
  const course = await workplaceSafety(info);
  await gotoRoute(page, `courses/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
  return course;
}

async function focusedIsNotBody(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null))
    .toBe(true);
}

test('one outline: the course card, each section once; Add section keeps the window still and focuses it', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await openCourse(page, info);
  const server = await sections(info, course.id);

  // The course card holds its details' form and its preview video; no second list of sections.
  const about = page.getByRole('region', { name: 'About this course' });
  await expect(about.getByRole('button', { name: 'Edit course details' })).toBeVisible();
  await expect(about.getByRole('group', { name: 'Preview video' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sections and lessons' })).toHaveCount(0);
  await expect(page.getByTestId('structure-sections')).toHaveCount(0);
  await expect(page.locator('.course-section[data-section-id]')).toHaveCount(server.length);
  for (const section of server)
    await expect(page.locator('.section-card-name', { hasText: section.title })).toHaveCount(1);
  // "Push a folder…" is a header action; the drop target shows only while a folder is dragged.
  await expect(page.locator('.page-header').getByRole('button', { name: 'Push a folder…' })).toBeVisible();
  await expect(page.getByTestId('folder-push-dropzone')).toHaveCount(0);
  await checkScreen(page, testInfo, 'outline-1280-light');
  // Files dragged over the page: the drop target shows; leaving, it goes.
  const files = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'folder-stand-in.txt'));
    return transfer;
  });
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: files });
  await expect(page.getByTestId('folder-push-dropzone')).toContainText('Drop the folder to push it into');
  await screenshot(page, testInfo, 'folder-drag-over-page');
  await page.dispatchEvent('main', 'dragleave', { dataTransfer: files });
  await expect(page.getByTestId('folder-push-dropzone')).toHaveCount(0);

  // At the bottom of a long page, add a section at the end: nothing but the page's own scroll moves.
  const main = page.locator('main');
  await main.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByTestId('add-section').click();
  await page.getByLabel('New section title').fill('Added at the end');
  await page.getByLabel('New section title').press('Enter');
  const heading = card(page, 'Added at the end').locator('[data-section-heading]');
  await expect(heading).toBeFocused({ timeout: 20_000 });
  await expectWindowStill(page);
  await expect(heading).toBeInViewport();
  await expect
    .poll(async () => (await sections(info, course.id)).at(-1)?.title, { timeout: 20_000 })
    .toBe('Added at the end');
  // A few seconds later (the server's copy, a background read) the window is still where it was.
  await page.waitForTimeout(1_500);
  await expectWindowStill(page);

  // Between two sections: the new one lands there.
  await main.evaluate((el) => el.scrollTo(0, 0));
  await page.getByTestId('add-section-between').first().click();
  await page.getByLabel('New section title').fill('Added second');
  await page.getByLabel('New section title').press('Enter');
  await expect(card(page, 'Added second').locator('[data-section-heading]')).toBeFocused({ timeout: 20_000 });
  await expectWindowStill(page);
  // Only the page's own scroll moved, just enough to show what was made.
  await expect(card(page, 'Added second')).toBeInViewport();
  await expect
    .poll(async () => (await sections(info, course.id)).map((s) => s.title).indexOf('Added second'), {
      timeout: 20_000,
    })
    .toBe(1);
  await expect(page.locator('.course-section[data-section-id]').nth(1)).toContainText('Added second');

  // Light and dark, at both sizes: what a new instructor sees.
  await screenshot(page, testInfo, 'outline-1280-light-after-add');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'outline-1280-dark');
  await page.setViewportSize({ width: 1024, height: 700 });
  await screenshot(page, testInfo, 'outline-1024-dark');
  await expectAccessible(page, testInfo, 'outline-1024-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, testInfo, 'outline-1024-light');
});

/** A section's header in the outline, by the section's id (its title may be a field while renamed). */
function headerOf(page: Page, id: string): Locator {
  return page.locator(`.course-section[data-section-id="${id}"] > header`);
}

test('rename in place (offline: shown at once, marked as waiting); Alt+↑/↓ moves a section, focus kept', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await openCourse(page, info);
  const [first, second] = await sections(info, course.id);
  const header = headerOf(page, second!.id);

  // Rename in place: the title becomes a field in the header, focused; Enter saves; focus comes back.
  await chooseRowAction(header, 'Rename');
  const field = header.getByLabel('Section title', { exact: true });
  await expect(field).toBeFocused();
  await screenshot(page, testInfo, 'rename-in-place');
  await expect(page.locator('form[aria-label^="Edit section"]')).toHaveCount(0); // no form at the bottom
  await field.fill('Renamed in place');
  await field.press('Enter');
  await expect(header.locator('.section-card-name')).toHaveText('Renamed in place');
  await expect(header.locator('[data-row-menu]')).toBeFocused();
  await expect
    .poll(async () => (await sections(info, course.id)).find((s) => s.id === second!.id)?.title, { timeout: 20_000 })
    .toBe('Renamed in place');
  // Escape leaves the title as it was.
  await chooseRowAction(header, 'Rename');
  await header.getByLabel('Section title', { exact: true }).fill('Not this');
  await header.getByLabel('Section title', { exact: true }).press('Escape');
  await expect(header.locator('.section-card-name')).toHaveText('Renamed in place');
  await expect(header.locator('[data-row-menu]')).toBeFocused();

  // Alt+↑ on the section's menu button moves it up; focus stays on the same control of the same section.
  await header.locator('[data-row-menu]').press('Alt+ArrowUp');
  await expect(page.locator('.course-section[data-section-id]').first()).toHaveAttribute('data-section-id', second!.id);
  await expect(headerOf(page, second!.id).locator('[data-row-menu]')).toBeFocused();
  await expect(headerOf(page, second!.id).locator('.section-card-number')).toHaveText('Section 1');
  await expect
    .poll(async () => (await sections(info, course.id)).map((s) => s.id).slice(0, 2), { timeout: 20_000 })
    .toEqual([second!.id, first!.id]);
  await headerOf(page, second!.id).locator('[data-row-menu]').press('Alt+ArrowDown');
  await expect(page.locator('.course-section[data-section-id]').nth(1)).toHaveAttribute('data-section-id', second!.id);
  await expect(headerOf(page, second!.id).locator('[data-row-menu]')).toBeFocused();
  await expectWindowStill(page);

  // By drag: the third section's header dropped on the first section takes its place.
  const third = (await sections(info, course.id))[2]!;
  await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await page.setViewportSize({ width: 1280, height: 2400 }); // both cards in view: a drag cannot scroll
  await headerOf(page, third.id).dragTo(headerOf(page, first!.id));
  await expect(page.locator('.course-section[data-section-id]').first()).toHaveAttribute('data-section-id', third.id);
  await expect.poll(async () => (await sections(info, course.id))[0]!.id, { timeout: 20_000 }).toBe(third.id);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Offline: the new title shows at once, marked as waiting to send, and is sent when back.
  await lectern.setSandboxRunning(false);
  await expect(page.getByTestId('connection-state')).not.toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  const firstHeader = headerOf(page, first!.id);
  await chooseRowAction(firstHeader, 'Rename');
  await firstHeader.getByLabel('Section title', { exact: true }).fill('Renamed offline');
  await firstHeader.getByLabel('Section title', { exact: true }).press('Enter');
  await expect(firstHeader.locator('.section-card-name')).toHaveText('Renamed offline');
  await expect(firstHeader.getByTestId('section-rename-waiting')).toHaveText('Waiting to send');
  // A section added offline waits as a card of its own, then arrives without moving the window.
  await page.getByTestId('add-section').click();
  await page.getByLabel('New section title').fill('Queued offline');
  await page.getByLabel('New section title').press('Enter');
  await expect(page.getByTestId('section-create-pending')).toContainText('Queued offline');
  await screenshot(page, testInfo, 'rename-offline-waiting');
  await lectern.setSandboxRunning(true);
  await expect(page.locator('.section-card-name', { hasText: 'Queued offline' })).toHaveCount(1, { timeout: 40_000 });
  await expect(page.getByTestId('section-create-pending')).toHaveCount(0);
  await expectWindowStill(page);
  await expect
    .poll(async () => (await sections(info, course.id)).find((s) => s.id === first!.id)?.title, { timeout: 40_000 })
    .toBe('Renamed offline');
  await expect(firstHeader.getByTestId('section-rename-waiting')).toHaveCount(0, { timeout: 20_000 });
  await expect(firstHeader.locator('.section-card-name')).toHaveText('Renamed offline');
});

/** The focused element lies inside the outline's visible part, above the status bar. */
async function expectFocusedInView(page: Page, what: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          const main = document.querySelector('main');
          const bar = document.querySelector('.statusbar');
          if (!focused || !main) return 'nothing focused';
          const box = focused.getBoundingClientRect();
          const top = main.getBoundingClientRect().top;
          const bottom = Math.min(main.getBoundingClientRect().bottom, bar?.getBoundingClientRect().top ?? Infinity);
          return box.top >= top && box.bottom <= bottom
            ? 'in view'
            : `${box.top}–${box.bottom} outside ${top}–${bottom}`;
        }),
      { message: what, timeout: 5_000 },
    )
    .toBe('in view');
}

test('a keyboard move keeps the moved control in view: a section at 1280×800, the first lesson at 1024×700', async ({
  lectern,
}) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await openCourse(page, info);
  const [first] = await sections(info, course.id);
  const menu = headerOf(page, first!.id).locator('[data-row-menu]');
  await menu.focus();
  await menu.press('Alt+ArrowDown');
  await expect(page.locator('.course-section[data-section-id]').nth(1)).toHaveAttribute('data-section-id', first!.id);
  await expect(menu).toBeFocused();
  await expectFocusedInView(page, 'the section’s menu button after Alt+↓');
  await expectWindowStill(page);
  await menu.press('Alt+ArrowUp');
  await expect(page.locator('.course-section[data-section-id]').first()).toHaveAttribute('data-section-id', first!.id);
  await expectFocusedInView(page, 'the section’s menu button after Alt+↑');
  await expect.poll(async () => (await sections(info, course.id))[0]!.id, { timeout: 20_000 }).toBe(first!.id);

  await page.setViewportSize({ width: 1024, height: 700 });
  await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
  const lesson = first!.lessons[0]!;
  const link = page.locator(`[data-lesson-id="${lesson.id}"] .row-title`).first();
  await link.focus();
  await link.press('Alt+ArrowDown');
  await expect(page.locator(`.course-section[data-section-id="${first!.id}"] [data-lesson-id]`).nth(1)).toHaveAttribute(
    'data-lesson-id',
    lesson.id,
  );
  await expect(link).toBeFocused();
  await expectFocusedInView(page, 'the lesson’s link after Alt+↓');
  await expectWindowStill(page);
  await link.press('Alt+ArrowUp');
  await expectFocusedInView(page, 'the lesson’s link after Alt+↑');
  await expect
    .poll(async () => (await sections(info, course.id))[0]!.lessons[0]!.id, { timeout: 20_000 })
    .toBe(lesson.id);
});

test('delete a section with Undo; one that holds lessons goes with them when asked by name; focus kept', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await page.setViewportSize({ width: 1024, height: 700 });
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await openCourse(page, info);

  // An empty section: deleted with Undo; Undo keeps it, and focus lands on the Undo, then its menu.
  await page.getByTestId('add-section').click();
  await page.getByLabel('New section title').fill('Short-lived');
  await page.getByLabel('New section title').press('Enter');
  await expect(card(page, 'Short-lived').locator('[data-section-heading]')).toBeFocused({ timeout: 20_000 });
  const emptyId = (await card(page, 'Short-lived').getAttribute('data-section-id'))!;
  await chooseRowAction(headerOf(page, emptyId), 'Delete section…');
  let dialog = page.getByRole('dialog', { name: 'Delete the section “Short-lived”?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete section', exact: true }).click();
  const undo = headerOf(page, emptyId).getByRole('button', { name: /^Undo/ });
  await expect(undo).toBeFocused({ timeout: 10_000 });
  await expect(headerOf(page, emptyId).getByTestId('section-delete-pending')).toContainText('Will be deleted');
  await expectWindowStill(page);
  await undo.click();
  await expect(headerOf(page, emptyId).getByTestId('section-delete-pending')).toHaveCount(0, { timeout: 10_000 });
  await focusedIsNotBody(page);
  await page.waitForTimeout(7_000); // past the delete's wait: nothing was sent
  expect((await sections(info, course.id)).some((s) => s.id === emptyId)).toBe(true);

  // Without Undo it is sent; the window stays where it was.
  await chooseRowAction(headerOf(page, emptyId), 'Delete section…');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete section', exact: true }).click();
  await expect
    .poll(async () => (await sections(info, course.id)).some((s) => s.id === emptyId), { timeout: 30_000 })
    .toBe(false);
  await expect(page.locator(`.course-section[data-section-id="${emptyId}"]`)).toHaveCount(0, { timeout: 20_000 });
  await expectWindowStill(page);
  await focusedIsNotBody(page);

  // A section with lessons: the question names them and offers to delete them with it.
  const full = (await sections(info, course.id)).find((s) => s.lessons.length > 0)!;
  await chooseRowAction(headerOf(page, full.id), 'Delete section…');
  dialog = page.getByRole('dialog', { name: `Delete the section “${full.title}”?` });
  await expect(dialog).toContainText(full.lessons[0]!.title);
  await expect(dialog).toContainText('the server cannot move a lesson from one section to another');
  await checkScreen(page, testInfo, 'delete-section-with-lessons');
  await dialog.getByRole('button', { name: `Delete section and ${full.lessons.length} lessons` }).click();
  await expect(headerOf(page, full.id).getByRole('button', { name: /^Undo/ })).toBeFocused({ timeout: 10_000 });
  await expect(
    page.locator(`.course-section[data-section-id="${full.id}"] [data-testid="lesson-row-deleting"]`),
  ).toHaveCount(full.lessons.length);
  await expect
    .poll(async () => (await sections(info, course.id)).some((s) => s.id === full.id), { timeout: 40_000 })
    .toBe(false);
  await expect(page.locator(`.course-section[data-section-id="${full.id}"]`)).toHaveCount(0, { timeout: 20_000 });
  await expectWindowStill(page);
});

test('focus after saving course details stays in the card; a lesson dragged to another section says why not', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await openCourse(page, info);
  const about = page.getByRole('region', { name: 'About this course' });
  await about.getByRole('button', { name: 'Edit course details' }).click();
  const form = about.getByRole('form', { name: 'Course details' });
  // Labels above their fields, with room to write.
  const label = await form.getByText('Requirements', { exact: true }).boundingBox();
  const area = await form.getByLabel('Requirements').boundingBox();
  expect(area!.y - label!.y, 'the label sits above its field').toBeGreaterThan(12);
  expect(Math.abs(area!.x - label!.x), 'and starts where it starts').toBeLessThan(2);
  expect(area!.height).toBeGreaterThan(90);
  await form.getByLabel('Requirements').fill('Safety boots');
  await screenshot(page, testInfo, 'details-form');
  await form.getByRole('button', { name: /^Save details/ }).click();
  await expect
    .poll(
      async () => ((await sandboxApi(info, 'GET', `/courses/${course.id}`)) as { requirements?: string }).requirements,
      { timeout: 20_000 },
    )
    .toBe('Safety boots');
  await focusedIsNotBody(page);

  // Lessons move within their section only: the API has no way to move one to another section.
  await expect(page.locator('#reorder-help')).toContainText('no way to move a lesson to another section');
  const [a, b] = await sections(info, course.id);
  const lesson = page.locator(`.course-section[data-section-id="${a!.id}"] [data-testid="lesson-row"]`).last();
  const target = page.locator(`.course-section[data-section-id="${b!.id}"] [data-testid="lesson-row"]`).first();
  // Both rows in view first (a drag cannot scroll the page on its way).
  await page.locator('main').evaluate((main, id) => {
    const card = document.querySelector(`.course-section[data-section-id="${id}"]`)!;
    main.scrollTop += card.getBoundingClientRect().top - main.getBoundingClientRect().top;
  }, a!.id);
  await lesson.dragTo(target);
  await expect(
    page.getByTestId('notice').filter({ hasText: 'no way to move a lesson to another section' }),
  ).toBeVisible();
  expect((await sections(info, course.id))[0]!.lessons.length).toBe(a!.lessons.length);
});

test('a push shows on its course page after navigating away and back; the outline has what it made', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(180_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const root = mkdtempSync(join(tmpdir(), 'lectern-e2e-outline-push-'));
  const folder = writeYardCourse(root);
  try {
    const { page } = lectern;
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    const course = await openCourse(page, info);
    const dialog = await openPushPlan(lectern, folder, 'Yard course', course.name);
    await dialog.getByRole('button', { name: 'Push to course' }).click();
    await closeRunningPush(dialog);

    // Away and back: the page still shows the push (running or finished) with its log to open.
    await gotoRoute(page, 'uploads');
    await gotoRoute(page, `courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
    const status = page.getByTestId('push-status');
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute('data-step', 'finished', { timeout: 60_000 });
    await expect(status).toContainText('Yard course');
    // The sections it made are in the outline, without a reload.
    await expect(page.locator('.section-card-name', { hasText: 'Yard rules' })).toHaveCount(1, { timeout: 20_000 });
    await expect(page.locator('.section-card-name', { hasText: 'Loading bay' })).toHaveCount(1);
    await checkScreen(page, testInfo, 'push-finished-on-page');
    await status.getByRole('button', { name: 'Show what was done' }).click();
    await expect(dialog.getByTestId('push-events')).toContainText('Yard rules');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await focusedIsNotBody(page);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('long right-to-left titles keep their start visible in the outline headers', async ({ lectern }, testInfo) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await page.setViewportSize({ width: 1024, height: 700 });
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await workplaceSafety(info);
  const [first] = await sections(info, course.id);
  const arabic = 'مقدمة في السلامة المهنية ' + 'والوقاية من المخاطر في أماكن العمل '.repeat(6);
  await sandboxApi(info, 'PATCH', `/courses/${course.id}/sections/${first!.id}`, { title: arabic });
  await gotoRoute(page, `courses/${course.id}`);
  const name = headerOf(page, first!.id).locator('.section-card-name');
  await expect(name).toHaveText(arabic.trim(), { timeout: 20_000 });
  await expect(name).toHaveAttribute('dir', 'auto');
  // Cut short, at its end: in a right-to-left title the start is on the right, and it is on screen.
  const cut = await name.evaluate((el) => ({
    direction: getComputedStyle(el).direction,
    cut: el.scrollWidth > el.clientWidth,
  }));
  expect(cut).toEqual({ direction: 'rtl', cut: true });
  // Its first character is drawn inside the cut box (on its right), not hidden behind the "…".
  const start = await name.evaluate((el) => {
    const range = document.createRange();
    range.setStart(el.firstChild!, 0);
    range.setEnd(el.firstChild!, 1);
    const glyph = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return glyph.left >= box.left - 1 && glyph.right <= box.right + 1;
  });
  expect(start).toBe(true);
  await page.locator('main').evaluate((main, id) => {
    const header = document.querySelector(`.course-section[data-section-id="${id}"]`)!;
    main.scrollTop += header.getBoundingClientRect().top - main.getBoundingClientRect().top - 80;
  }, first!.id);
  await screenshot(page, testInfo, 'rtl-section-title');
});
