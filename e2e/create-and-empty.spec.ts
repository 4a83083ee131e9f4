/**
 * Trust at a glance, through the bridge host: a create goes to the created thing,
 * editable, with the success said there; an empty list says what to do next and its button does it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBridgeHostProcess, test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, waitForShell } from './support.ts';

const COURSE = 'Workplace Safety Essentials';

test('a created assessment opens in its editor, editable, saying it was created', async ({ lectern }, testInfo) => {
  test.setTimeout(120_000); // axe on a busy machine
  const { page } = lectern;
  await waitForShell(page);
  await gotoRoute(page, 'assessments');
  await page.getByTestId('new-assessment').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assessment');

  const title = `Scaffold inspection ${Date.now()}`;
  await page.locator('select[name="course_id"]').selectOption({ label: COURSE });
  await page.locator('input[name="title"]').fill(title);
  await page.locator('textarea[name="description"]').fill('Walk the scaffold and tick the checklist.');
  // Enter in a one-line field creates it.
  await page.locator('input[name="title"]').press('Enter');

  const created = page.getByTestId('assessment-created');
  await expect(created).toContainText(`Created “${title}”`, { timeout: 20_000 });
  await expect(created).toContainText(COURSE);
  await expect(created).toBeInViewport();
  await expect(page).toHaveURL(/#\/assessments\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // Fully editable: nothing in the form is greyed out, and a change can be saved at once.
  const form = page.getByRole('form', { name: 'Edit assessment' });
  await expect(form.locator('input[name="title"]')).toHaveValue(title);
  await expect(form.locator(':disabled')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish…' })).toBeEnabled();
  await form.locator('input[name="title"]').fill(`${title} (revised)`);
  await expect(page.getByTestId('save-to-server')).toBeEnabled();
  await checkScreen(page, testInfo, 'assessment-created-editor');
});

test('empty lists say what to do next, and the button does it', async ({ playwright }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'starts its own bridge host with an empty sandbox');
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-empty-lists-'));
  const { child, appUrl } = await startBridgeHostProcess(dataDir, ['--sandbox-seed', 'empty']);
  const browser = await playwright.chromium.launch({
    executablePath: process.env['LECTERN_CHROMIUM'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(appUrl);
    await waitForShell(page);

    await gotoRoute(page, 'assessments');
    const empty = page.getByTestId('list-empty');
    await expect(empty).toContainText('No assessments yet');
    await expect(empty).toContainText('Create the first one');
    // The header and the filters stay in place around the empty state.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assessments');
    await expect(page.getByTestId('assessment-search')).toBeVisible();
    await checkScreen(page, testInfo, 'assessments-empty');
    await empty.getByRole('link', { name: 'Create an assessment' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assessment');

    await gotoRoute(page, 'quizzes');
    await expect(page.getByTestId('list-empty')).toContainText('No quizzes yet');
    await page.getByTestId('list-empty').getByRole('link', { name: 'Open the courses' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Courses');

    await gotoRoute(page, 'assignments');
    await expect(page.getByTestId('list-empty')).toContainText('No assignments written here yet');
    await page.getByTestId('list-empty').getByRole('link', { name: 'Write an assignment' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assignment');
  } finally {
    await browser.close();
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
