/**
 * The window's Content Security Policy is never tripped over: from a fresh load through the screens
 * whose forms and reads bring zod and the contract's schemas in (courses, a course's outline, the
 * assessment, assignment and quiz forms, uploads, workspaces), the browser reports no violation.
 * zod tries an eval-based fast path unless told not to before its first schema is built; the CSP
 * forbids eval, so that attempt would be reported as a violation on the console.
 */
import type { ConsoleMessage } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { gotoRoute, waitForShell } from './support.ts';

const VIOLATION = /Content Security Policy|unsafe-eval|Refused to (evaluate|execute|load|connect|apply)/i;

test('no screen trips the Content Security Policy', async ({ lectern }) => {
  test.setTimeout(120_000);
  const { page } = lectern;
  const reported: string[] = [];
  const note = (message: ConsoleMessage) => {
    if (VIOLATION.test(message.text())) reported.push(message.text());
  };
  page.on('console', note);
  // From the very start: the window loaded again with the listener on.
  await page.reload();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { cspSeen: string[] }).cspSeen = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await waitForShell(page);

  const visits: [route: string, heading: RegExp][] = [
    ['courses', /Courses/],
    ['assessments', /Assessments/],
    ['assessments/new', /New assessment/],
    ['assignments/new', /New assignment/],
    ['quizzes', /Quizzes/],
    ['uploads', /Uploads/],
    ['workspaces', /Workspaces/],
  ];
  for (const [route, heading] of visits) {
    await gotoRoute(page, route);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  // A course's outline, and a lesson's editor from it.
  await gotoRoute(page, 'courses');
  await page.getByTestId('course-row').first().click();
  const lessons = page.getByTestId('lesson-row');
  await expect(lessons.first()).toBeVisible();
  await lessons.nth(1).getByRole('link').first().click();
  await expect(page.locator('input[name="title"]')).toBeVisible();

  const seenInPage = await page.evaluate(() => (window as unknown as { cspSeen: string[] }).cspSeen);
  expect({ console: reported, events: seenInPage }).toEqual({ console: [], events: [] });
});
