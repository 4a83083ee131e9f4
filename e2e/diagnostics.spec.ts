/**
 * Tolerant reading end to end (bridge host + a sandbox answering like a drifting real server):
 * a course with an unknown `level` and lessons without any video field render (the level as it
 * came, absent values as "—" or "none"), and Diagnostics lists the deviations with a report that
 * carries neither the key nor any 8-character piece of it.
 */
import { test, expect } from './fixtures.ts';
import { checkScreen, waitForShell } from './support.ts';

test('a drifting server: unknown level and lessons without video fields render; Diagnostics lists the deviations', async ({
  lectern,
}, testInfo) => {
  const { page } = lectern;
  await waitForShell(page);
  const sandbox = await lectern.setSandboxDrift(true);

  // A search goes to the server, whose answer now drifts.
  await page.getByTestId('course-search').fill('Workplace Safety');
  const row = page.getByTestId('course-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('course-level')).toHaveText('expert');

  await row.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workplace Safety Essentials');
  await expect(page.getByTestId('course-summary').getByTestId('course-level')).toHaveText('expert');
  const lessons = page.getByTestId('lesson-row');
  await expect(lessons.first()).toBeVisible();
  // Lessons without their video fields: a video lesson says it has no video yet, the others nothing.
  await expect(page.locator('[data-testid="lesson-row"][data-lesson-type="VIDEO"]').first()).toContainText(
    'No video yet',
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Diagnostics' }).click();
  const deviations = page.getByTestId('diagnostics-deviations');
  await expect(deviations).toContainText('data.results[*].level');
  await expect(deviations).toContainText('string "expert"');
  await expect(deviations).toContainText('data.results[*].lessons[*].video_status');
  await expect(page.getByTestId('diagnostics-server')).toContainText(sandbox.baseUrl!);
  await expect(page.getByTestId('diagnostics-connectivity')).toContainText('Online');
  // The request log is grouped by kind, with short paths and the whole path on hover.
  const courseRequests = page.getByTestId('request-group').filter({ hasText: /^Courses · \d+ requests?/ });
  if ((await courseRequests.getAttribute('open')) === null) await courseRequests.locator('summary').click();
  const courseList = courseRequests.getByRole('cell', { name: 'GET courses', exact: true }).first();
  await expect(courseList).toHaveAttribute('title', /^GET \/\S*v1\/external\/learning\/courses$/);
  await expect(page.getByTestId('diagnostics-data-size')).toHaveText(/^\d+(\.\d)? (B|KiB|MiB|GiB)$/);
  expect(await page.getByTestId('diagnostics-report').innerText()).toMatch(
    /Data folder: .* \(\d+(\.\d)? (B|KiB|MiB|GiB)\)/,
  );

  const report = await page.getByTestId('diagnostics-report').innerText();
  expect(report).toContain('data.results[*].level');
  const key = sandbox.keys!.tenantAdmin;
  for (let i = 0; i + 8 <= key.length; i++) expect(report).not.toContain(key.slice(i, i + 8));
  expect(await page.content()).not.toContain(key.slice(0, 8));

  await page.getByRole('button', { name: 'Copy report' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Report copied|select the report/ })).toBeVisible();
  await checkScreen(page, testInfo, 'diagnostics');
});
