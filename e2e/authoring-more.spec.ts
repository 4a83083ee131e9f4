/**
 * Authoring flows (bridge host + demo sandbox): create an assessment offline and see it sent
 * once; publishing asks first and warns when the assessment looks unfinished; the groups, seats
 * and places panels show names without widening the page; the assignments list after a create;
 * the command palette finds cached content offline; the keyboard shortcuts. Every new screen is
 * saved as a screenshot in light and dark and checked with axe.
 */
import type { Page, TestInfo } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LecternBridge } from '../src-shared/index.ts';
import { startBridgeHostProcess, test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, openCourseFromList, pickFromSearch, sandboxApi, waitForShell } from './support.ts';

const COURSE = 'Workplace Safety Essentials';
const GROUP_EXAM = 'Fire warden practical';

/** Screenshot + axe in the light and the dark theme. */
async function checkBothThemes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await checkScreen(page, testInfo, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await checkScreen(page, testInfo, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function requestCount(page: Page, method: string, path: RegExp): Promise<number> {
  const source = path.source;
  return page.evaluate(
    async ({ method, source }) => {
      const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
      const log = await bridge.app.requestLog();
      const re = new RegExp(source);
      return log.ok ? log.value.filter((e) => e.method === method && re.test(e.path) && e.status === 201).length : -1;
    },
    { method, source },
  );
}

/** "Check the connection now" (the status bar's probe), instead of waiting for the next one. */
async function checkConnection(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (window as unknown as { lectern: LecternBridge }).lectern.sync.checkNow();
  });
}

/** The page never scrolls sideways: nothing inside it is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    return {
      doc: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      main: main.scrollWidth - main.clientWidth,
    };
  });
  expect(widths).toEqual({ doc: 0, main: 0 });
}

test('create an assessment offline; it is sent once when the server is back', async ({ lectern }, testInfo) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  await expect(page.getByTestId('course-row').first()).toBeVisible(); // courses cached for the picker

  await gotoRoute(page, 'assessments');
  await page.getByTestId('new-assessment').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assessment');
  await checkBothThemes(page, testInfo, 'assessment-new');

  // Nothing chosen: the form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Create assessment' }).click();
  await expect(page.getByTestId('error-course_id')).toContainText('Choose the course');
  await expect(page.getByTestId('error-title')).toContainText('A title is required');

  await lectern.setSandboxRunning(false);
  const title = `Ladder safety check ${Date.now()}`;
  await page.locator('select[name="course_id"]').selectOption({ label: COURSE });
  await page.locator('input[name="title"]').fill(title);
  await page.locator('textarea[name="description"]').fill('Ten questions on ladders, in person.');
  // Minutes of an hour or more: the form offers to carry them into hours.
  await page.locator('input[name="duration_hours"]').fill('0');
  await page.locator('input[name="duration_minutes"]').fill('90');
  await expect(page.getByTestId('duration-note')).toContainText('altogether this is 1 h 30 min');
  await page.getByRole('button', { name: 'Make it 1 h 30 min' }).click();
  await expect(page.locator('input[name="duration_hours"]')).toHaveValue('1');
  await expect(page.locator('input[name="duration_minutes"]')).toHaveValue('30');
  await expect(page.getByTestId('duration-note')).toHaveCount(0);
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-kept', 'true');
  await expect(page).toHaveURL(/#\/assessments\/new\?.*draft=/);

  await page.getByRole('button', { name: 'Create assessment' }).click();
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-state', /waiting|sending/);
  await expect(page.getByTestId('connection-state')).not.toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-state', 'waiting');

  const info = await lectern.setSandboxRunning(true);
  await checkConnection(page);
  // Once the server has made it, its own editor opens, editable, saying so at the top.
  await expect(page.getByTestId('assessment-created')).toContainText(title, { timeout: 30_000 });
  await expect(page.getByTestId('assessment-created')).toContainText(COURSE);
  await expect(page.getByTestId('assessment-created')).toBeInViewport();
  await expect(page).toHaveURL(/#\/assessments\/[^/?]+$/);
  await expect(page.locator('input[name="title"]')).toHaveValue(title);
  await expect(page.locator('input[name="title"]')).toBeEditable();
  await checkBothThemes(page, testInfo, 'assessment-created');

  const found = await sandboxApi(info, 'GET', `/assessments?search=${encodeURIComponent(title)}`);
  const results = found['results'] as { id: string; duration_hours: number; duration_minutes: number }[];
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ duration_hours: 1, duration_minutes: 30 });
  expect(page.url()).toContain(`#/assessments/${results[0]!.id}`);
  expect(await requestCount(page, 'POST', /\/assessments$/)).toBe(1);
});

test('publishing asks first, with a summary and a warning when it looks unfinished', async ({ lectern }, testInfo) => {
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  // A bare assessment: no questions, no points, no schedule.
  const courses = await sandboxApi(info, 'GET', `/courses?search=${encodeURIComponent(COURSE)}`);
  const courseId = (courses['results'] as { id: string }[])[0]!.id;
  const title = `Bare assessment ${Date.now()}`;
  const created = await page.evaluate(
    async ({ title, courseId }) => {
      const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
      const draft = await bridge.drafts.create({
        resource: 'assessment',
        fields: { title, description: 'Nothing in it yet.', course_id: courseId },
      });
      if (!draft.ok) throw new Error(draft.error.message);
      await bridge.drafts.submit({ id: draft.value.id });
      return draft.value.id;
    },
    { title, courseId },
  );
  const serverId = await expect
    .poll(
      () =>
        page.evaluate(async (id) => {
          const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
          const draft = await bridge.drafts.get({ id });
          return draft.ok && draft.value.state === 'sent' ? draft.value.serverId : null;
        }, created),
      { timeout: 15_000 },
    )
    .not.toBeNull()
    .then(() =>
      page.evaluate(async (id) => {
        const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
        const draft = await bridge.drafts.get({ id });
        return draft.ok ? draft.value.serverId : null;
      }, created),
    );

  await gotoRoute(page, `assessments/${serverId}`);
  await expect(page.locator('input[name="title"]')).toHaveValue(title);
  await page.getByRole('button', { name: 'Publish…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Publish/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('status-summary')).toContainText(COURSE);
  const warning = dialog.getByTestId('publish-warning');
  await expect(warning).toContainText('no questions');
  await expect(warning).toContainText('zero points');
  await expect(warning).toContainText('no schedule');
  await checkBothThemes(page, testInfo, 'publish-warning');

  // Cancel changes nothing; nothing is sent.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await sandboxApi(info, 'GET', `/assessments/${serverId}`))['status']).toBe('DRAFT');

  await page.getByRole('button', { name: 'Publish…' }).click();
  await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  await expect
    .poll(async () => (await sandboxApi(info, 'GET', `/assessments/${serverId}`))['status'], { timeout: 15_000 })
    .toBe('PUBLISHED');
  await expect(page.getByRole('button', { name: 'Archive…' })).toBeEnabled();

  // Archiving asks too, and says what it does.
  await page.getByRole('button', { name: 'Archive…' }).click();
  const archive = page.getByRole('dialog', { name: /^Archive/ });
  await expect(archive).toContainText('Learners will no longer see it');
  await archive.getByRole('button', { name: 'Cancel' }).click();
  expect((await sandboxApi(info, 'GET', `/assessments/${serverId}`))['status']).toBe('PUBLISHED');
});

test('the groups, seats and places panels show people and places, and never widen the page', async ({
  lectern,
}, testInfo) => {
  const { page } = lectern;
  await page.setViewportSize({ width: 1100, height: 800 });
  await waitForShell(page);
  await gotoRoute(page, 'assessments');
  await pickFromSearch(page, 'assessment', GROUP_EXAM);
  await expect(page.locator('input[name="title"]')).toHaveValue(GROUP_EXAM);

  const groups = page.getByTestId('groups-panel');
  await expect(groups.getByTestId('group')).toHaveCount(2);
  const morning = groups.getByTestId('group').filter({ hasText: 'Morning group' });
  await expect(morning).toContainText('4 learners');
  await expect(morning.getByTestId('person').first()).toContainText('Aisha Bello');
  await expect(morning.getByTestId('person').filter({ hasText: 'Dana Levi' })).toContainText('Completed');
  // People, not data: no ids, brackets or quotes from the server's JSON text.
  const text = await groups.innerText();
  expect(text).not.toMatch(/[[\]{}]|":|staff_id|[0-9a-f]{8}-[0-9a-f]{4}-/);

  await expect(page.getByTestId('locations-panel')).toContainText(/\d+ seats/);
  await expect(page.getByTestId('seats-panel').getByTestId('seat').first()).toContainText('A1');
  await expectNoSidewaysScroll(page);
  await groups.scrollIntoViewIfNeeded();
  await checkBothThemes(page, testInfo, 'assessment-people');
});

test('the assignments list shows what was created here, with the server’s id and course', async ({
  lectern,
}, testInfo) => {
  const { page } = lectern;
  await waitForShell(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assignments' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assignments');
  await expect(page.getByText('No assignments written here yet')).toBeVisible();
  await checkBothThemes(page, testInfo, 'assignments-empty');

  await page.getByRole('link', { name: 'New assignment' }).first().click();
  const title = `Hazard walk write-up ${Date.now()}`;
  await page.locator('input[name="title"]').fill(title);
  await page.locator('textarea[name="description"]').fill('Walk the site and write down three hazards.');
  await page.getByTestId('create-assignment').click();
  // Created: the list opens on it, saying so (the server offers no way to change it afterwards).
  await expect(page.getByTestId('assignment-created')).toContainText(title, { timeout: 15_000 });
  await expect(page.getByTestId('assignment-created')).toContainText('in the course');
  await expect(page).toHaveURL(/#\/assignments$/);
  const record = page.getByTestId('assignment-record').filter({ hasText: title });
  await expect(record).toHaveAttribute('data-state', 'sent');
  await expect(record).toContainText('Created');
  await expect(record).toContainText(/Course: \S/);
  await expect(record).toContainText(/Server id [0-9a-f-]{36}/);
  await checkBothThemes(page, testInfo, 'assignments-list');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assignments' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('the command palette finds cached courses and lessons, and runs actions, offline', async ({
  lectern,
}, testInfo) => {
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  await openCourseFromList(page, COURSE);
  const lessonTitle = (await page.getByTestId('lesson-row').first().locator('.row-title').innerText()).trim();

  await lectern.setSandboxRunning(false);
  await checkConnection(page);
  await expect(page.getByTestId('connection-state')).not.toHaveAttribute('data-state', 'online', { timeout: 20_000 });

  await gotoRoute(page, 'quizzes');
  // The new screen's heading takes the focus once it has loaded; only then move it.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const opener = page.getByRole('link', { name: 'Courses' }).first();
  await opener.focus();
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await input.fill(lessonTitle);
  const lessonOption = palette.getByRole('option').filter({ hasText: lessonTitle }).filter({ hasText: 'Lesson' });
  await expect(lessonOption.first()).toBeVisible();
  await expect(lessonOption.first()).toContainText(COURSE);
  await input.fill(COURSE.slice(0, 9).toLowerCase());
  await expect(palette.getByRole('option').filter({ hasText: COURSE }).first()).toBeVisible();
  await checkBothThemes(page, testInfo, 'command-palette');

  // Escape closes it and the focus goes back where it was.
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(opener).toBeFocused();

  // Escape and Ctrl+K at once, as a quick hand does: the second press opens it again.
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+k');
  await expect(input).toBeFocused();

  // Opening a course from the palette, offline.
  await input.fill(COURSE);
  await expect(palette.getByRole('option').first()).toContainText(COURSE);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(COURSE);

  // Actions: "New assessment" from a course opens the form for that course.
  await page.keyboard.press('ControlOrMeta+k');
  await input.fill('new assess');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(palette.getByRole('option', { selected: true })).toContainText('New assessment');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assessment');
  await expect(page.locator('select[name="course_id"] option:checked')).toHaveText(COURSE);

  await page.keyboard.press('ControlOrMeta+k');
  await input.fill('switch work');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workspaces');
});

test('shortcuts: ? lists them, / searches, Escape closes, Ctrl/Cmd+S saves the open editor', async ({
  lectern,
}, testInfo) => {
  const { page } = lectern;
  await waitForShell(page);
  await expect(page.getByTestId('course-row').first()).toBeVisible();

  // `/` focuses the screen's search; typed into a field it is just a character.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  const search = page.getByTestId('course-search');
  await expect(search).toBeFocused();
  await page.keyboard.type('/?');
  await expect(search).toHaveValue('/?');
  await expect(page.getByTestId('shortcuts-dialog')).toBeHidden();
  await search.fill('');

  // `?` lists the shortcuts; Escape closes and gives the focus back.
  const navLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Quizzes' });
  await navLink.focus();
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcuts-dialog');
  await expect(help).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(help).toContainText('Save the open editor');
  await checkBothThemes(page, testInfo, 'shortcuts');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(navLink).toBeFocused();

  // Ctrl/Cmd+S in the assessment editor is "Save to server".
  await gotoRoute(page, 'assessments');
  await pickFromSearch(page, 'assessment', GROUP_EXAM);
  const title = page.locator('input[name="title"]');
  await expect(title).toHaveValue(GROUP_EXAM);
  const assessmentId = decodeURIComponent(page.url().split('#/assessments/')[1] ?? '');
  const renamed = `${GROUP_EXAM} (saved with the keyboard)`;
  await title.fill(renamed);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  const info = await lectern.sandboxInfo();
  expect((await sandboxApi(info, 'GET', `/assessments/${assessmentId}`))['title']).toBe(renamed);

  // In the assignment form it keeps the draft on this computer (creating stays a deliberate click).
  await gotoRoute(page, 'assignments/new');
  await page.locator('input[name="title"]').fill('Saved with Ctrl+S');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Kept on this computer. “Create assignment” sends it.')).toBeVisible();
  await expect(page).toHaveURL(/#\/assignments\/new\?draft=/);
  expect(await requestCount(page, 'POST', /\/assignments$/)).toBe(0);
});

test('quizzes filter by course and by status, and a quiz opens its lesson', async ({ lectern }, testInfo) => {
  const { page } = lectern;
  await waitForShell(page);
  await gotoRoute(page, 'quizzes');
  const rows = page.getByTestId('quiz-row');
  await expect(rows.first()).toBeVisible();
  const total = Number((await page.getByTestId('quiz-count').innerText()).replace(/\D/g, ''));

  await page.getByTestId('quiz-course').selectOption({ label: COURSE });
  const count = page.getByTestId('quiz-count');
  await expect(count).toHaveText(/^\d+ quiz(zes)?$/);
  const inCourse = Number((await count.innerText()).replace(/\D/g, ''));
  expect(inCourse).toBeGreaterThan(0);
  expect(inCourse).toBeLessThan(total);
  await expect(rows).toHaveCount(inCourse);
  for (let i = 0; i < inCourse; i++) await expect(rows.nth(i)).toContainText(`Course: ${COURSE}`);
  await expect(rows.first()).toHaveAttribute('href', /^#\/courses\/[0-9a-f-]{36}\?lesson=[0-9a-f-]{36}&section=/);
  await checkBothThemes(page, testInfo, 'quizzes-filtered');

  // A status no quiz of the course has: an empty state with the way out.
  await page.getByTestId('quiz-status').selectOption('ARCHIVED');
  await expect(page.getByText(`No quizzes in ${COURSE} match`)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText(new RegExp(`^${total} quizzes$`));

  await page.getByTestId('quiz-status').selectOption('DRAFT');
  await expect(count).toHaveText(/^\d+ quiz(zes)?$/);
  await page.getByTestId('quiz-course').selectOption({ label: COURSE });
  await expect(count).toHaveText(/^\d+ quiz(zes)?$/);
  const lessonId = /\?lesson=([0-9a-f-]{36})/.exec((await rows.first().getAttribute('href')) ?? '')![1]!;
  await rows.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(COURSE);
  await expect(page).toHaveURL(/\?lesson=/);
  // It lands on the quiz's lesson itself: marked, in view, its first action focused.
  const linked = page.locator(`[data-lesson-id="${lessonId}"]`);
  await expect(linked).toHaveAttribute('data-linked', 'true');
  await expect(linked).toBeInViewport();
  await expect(linked.locator('a, button').first()).toBeFocused();
});

test('an empty workspace says what to do next: add a workspace', async ({ playwright }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'starts its own bridge host with an empty sandbox');
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-empty-'));
  const { child, appUrl } = await startBridgeHostProcess(dataDir, ['--sandbox-seed', 'empty']);
  const browser = await playwright.chromium.launch({
    executablePath: process.env['LECTERN_CHROMIUM'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(appUrl);
    await waitForShell(page);
    await expect(page.getByText('No courses yet')).toBeVisible();
    await checkBothThemes(page, testInfo, 'courses-empty');
    await page.getByRole('link', { name: 'Add a workspace' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workspaces');
  } finally {
    await browser.close();
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
