/**
 * Courses flow (bridge host + demo sandbox): browse with search and filters, move through the
 * list with the keyboard, open a course (summary, sections and lessons in order), and delete a
 * lesson after a confirmation that names it. Screenshots and an axe check per screen.
 */
import { test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, waitForShell } from './support.ts';
import { chooseRowAction } from './row-menu.ts';

test('browse courses: list from the cache, search, filters, keyboard', async ({ lectern }, testInfo) => {
  const { page } = lectern;
  await waitForShell(page);
  const rows = page.getByTestId('course-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('cache-note')).toContainText(/Updated/);
  const total = Number((await page.getByTestId('course-count').innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(5);
  await checkScreen(page, testInfo, 'courses');
  // Dark follows the OS, and must read as well.
  await page.emulateMedia({ colorScheme: 'dark' });
  await checkScreen(page, testInfo, 'courses-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Search goes to the server (debounced) and narrows the list.
  await page.getByTestId('course-search').fill('Workplace Safety');
  await expect(page.getByTestId('course-count')).toHaveText('1 course');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Workplace Safety Essentials');
  await page.getByTestId('course-search').fill('');
  await expect(page.getByTestId('course-count')).toHaveText(`${total} courses`);

  // Status filter: only archived courses remain.
  // A filter empties the count while its first page loads: wait for a count, and another one.
  const narrowerCount = new RegExp(`^(?!${total} courses$)\\d+ courses?$`);
  await page.getByTestId('course-status').selectOption('ARCHIVED');
  await expect(page.getByTestId('course-count')).toHaveText(narrowerCount);
  const archived = await rows.count();
  expect(archived).toBeGreaterThan(0);
  for (let i = 0; i < archived; i++) await expect(rows.nth(i)).toContainText('Archived');
  await page.getByTestId('course-status').selectOption('');

  // Category filter narrows too.
  const category = page.getByTestId('course-category');
  const firstCategory = await category.locator('option').nth(1).getAttribute('value');
  await category.selectOption(firstCategory ?? '');
  await expect(page.getByTestId('course-count')).toHaveText(narrowerCount);
  await category.selectOption('');
  await expect(page.getByTestId('course-count')).toHaveText(`${total} courses`);

  // The list is one tab stop; arrows move between rows and Enter opens one.
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  const secondName = (await rows.nth(1).locator('.row-title').innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(secondName);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('course detail shows sections and lessons in order, and deleting a lesson names it', async ({
  lectern,
}, testInfo) => {
  const { page } = lectern;
  await waitForShell(page);
  await page.getByTestId('course-search').fill('Workplace Safety');
  await expect(page.getByTestId('course-row')).toHaveCount(1);
  await page.getByTestId('course-row').first().click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workplace Safety Essentials');
  const summary = page.getByTestId('course-summary');
  for (const label of ['Status', 'Level', 'Categories', 'Instructors', 'Duration']) {
    await expect(summary.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(summary).not.toContainText('full_name'); // instructors shown as names, not raw JSON

  const sections = page.getByTestId('section-row');
  await expect(sections.first()).toContainText('Section 1');
  await expect(sections.nth(1)).toContainText('Section 2');
  const lessons = page.getByTestId('lesson-row');
  await expect(lessons.first()).toContainText('1.');
  // A quiet outline: no row says what it does not have.
  for (const quiet of ['Video: none', 'Media: none', 'Quiz: draft', '0.00 points']) {
    await expect(page.getByTestId('lesson-list')).not.toContainText(quiet);
  }
  const counts = page.getByTestId('course-counts');
  const before = Number(/(\d+) lessons/.exec(await counts.innerText())?.[1]);
  await checkScreen(page, testInfo, 'course-detail');

  // Delete the second lesson of the first section: the dialog names it; Escape backs out.
  const target = lessons.nth(1);
  const title = (await target.locator('.row-title').innerText()).trim();
  await chooseRowAction(target, 'Delete…');
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toContainText(`“${title}”`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkScreen(page, testInfo, 'course-delete-lesson-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('lesson-row').filter({ hasText: title })).toHaveCount(1);
  // Focus goes back to the row's menu button the action was chosen from.
  await expect(target.getByRole('button', { name: `Actions for ${title}` })).toBeFocused();

  await chooseRowAction(target, 'Delete…');
  await dialog.getByRole('button', { name: 'Delete lesson' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('lesson-row').filter({ hasText: title })).toHaveCount(0);
  await expect(counts).toContainText(`${before - 1} lessons`);
  await expect(page.getByTestId('notice').first()).toContainText(title);

  // Gone on the server too: a reload (fresh read) still does not have it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workplace Safety Essentials');
  await expect(page.getByTestId('lesson-row').first()).toBeVisible();
  await expect(page.getByTestId('lesson-row').filter({ hasText: title })).toHaveCount(0);
});

test('an unknown course shows a clear error instead of a blank screen', async ({ lectern }) => {
  const { page } = lectern;
  await waitForShell(page);
  await gotoRoute(page, 'courses/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText(/no longer has this course|not/i);
});
