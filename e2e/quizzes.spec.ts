/**
 * Quizzes flow (bridge host + demo sandbox): the list shows each quiz with the lesson, section and
 * course it belongs to, and search narrows it on the server.
 */
import { test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, waitForShell } from './support.ts';

test('quizzes list: lesson, section and course of each, and search', async ({ lectern }, testInfo) => {
  const { page } = lectern;
  await waitForShell(page);
  await gotoRoute(page, 'quizzes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quizzes');

  const rows = page.getByTestId('quiz-row');
  await expect(rows.first()).toBeVisible();
  const total = Number((await page.getByTestId('quiz-count').innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(20);
  // Section and course names are looked up for the rows in view.
  await expect(rows.first()).toContainText(/Section: (?!…)\S/);
  await expect(rows.first()).toContainText(/Course: (?!…)\S/);
  await checkScreen(page, testInfo, 'quizzes');

  await page.getByTestId('quiz-search').fill('Hazards around you');
  await expect(page.getByTestId('quiz-count')).not.toHaveText(/^$/);
  await expect
    .poll(async () => Number((await page.getByTestId('quiz-count').innerText()).replace(/\D/g, '')))
    .toBeLessThan(total);
  // The count can land before the rows it counts: wait for a matching row on screen, then count.
  await expect(rows.first()).toContainText('Hazards around you');
  const found = await rows.count();
  expect(found).toBeGreaterThan(0);
  for (let i = 0; i < found; i++) await expect(rows.nth(i)).toContainText('Hazards around you');
  await expect(rows.first()).toContainText('Course: Workplace Safety Essentials');

  await page.getByTestId('quiz-search').fill('no quiz is called this zzz');
  await expect(page.getByText('No quizzes match this search')).toBeVisible();

  // A quiz row leads to its course.
  await page.getByTestId('quiz-search').fill('Hazards around you');
  await expect(rows.first()).toContainText('Hazards around you');
  await rows.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workplace Safety Essentials');
});
