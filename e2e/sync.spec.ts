/**
 * Changes & sync flow (bridge host + demo sandbox): with the app's sandbox stopped, browsing works
 * from the cache and says how old it is; an assessment edit and a new assignment are queued; the
 * same assessment is edited "on the server" meanwhile; when the sandbox is back the assignment is
 * sent once and the assessment stops at a conflict, resolved field by field in the conflict view.
 */
import type { Page } from '@playwright/test';
import type { LecternBridge } from '../src-shared/index.ts';
import { test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, pickFromSearch, sandboxApi, waitForShell } from './support.ts';

const EXAM = 'Workplace safety final exam';

async function createdAssignments(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
    const log = await bridge.app.requestLog();
    return log.ok
      ? log.value.filter((e) => e.method === 'POST' && /\/assignments$/.test(e.path) && e.status === 201).length
      : -1;
  });
}

test('offline edits queue, go out once when back, and a conflict is resolved field by field', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();

  // Browse once online so the cache holds the courses and the exam.
  await expect(page.getByTestId('course-row').first()).toBeVisible();
  await gotoRoute(page, 'assessments');
  await pickFromSearch(page, 'assessment', EXAM);
  const title = page.locator('input[name="title"]');
  await expect(title).toHaveValue(EXAM);
  const assessmentId = decodeURIComponent(page.url().split('#/assessments/')[1] ?? '');
  const original = await sandboxApi(info, 'GET', `/assessments/${assessmentId}`);

  // Begin editing (the draft's base is the server copy now), then someone edits on the server.
  const mine = `${EXAM} — my version`;
  await title.fill(mine);
  await page.locator('textarea[name="description"]').fill('Forty minutes, closed book, in person. Bring ID.');
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-kept', 'true');
  const theirsTitle = `${EXAM} — colleague's version`;
  const theirsMinutes = Number(original['duration_minutes']) + 5;
  await sandboxApi(info, 'PATCH', `/assessments/${assessmentId}`, {
    title: theirsTitle,
    duration_minutes: theirsMinutes,
  });

  // The server goes away.
  await lectern.setSandboxRunning(false);
  await page.getByTestId('save-to-server').click();
  await expect(page.getByTestId('connection-state')).not.toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('autosave-status')).toContainText('sends when the server is reachable');
  await expect(page.getByTestId('save-to-server')).toHaveText('Save — sends when online');

  // Offline never locks editing: further edits join the change waiting to send.
  await expect(title).toBeEnabled();
  await page.locator('textarea[name="description"]').fill('Forty minutes, closed book, in person. Bring ID and a pen.');
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('outbox-count')).toContainText('1 waiting to send');
  await expect(page.getByText('Editing is paused')).toHaveCount(0);

  // Browsing still works, from the cache, and says so.
  await gotoRoute(page, 'courses');
  await expect(page.getByTestId('course-row').first()).toBeVisible();
  await expect(page.getByTestId('cache-note')).toContainText('Offline — showing the copy from');

  // A new assignment, written offline.
  await gotoRoute(page, 'assignments/new');
  const assignmentTitle = `Offline hand-in ${Date.now()}`;
  await page.locator('input[name="title"]').fill(assignmentTitle);
  await page.locator('textarea[name="description"]').fill('Written on the train.');
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-kept', 'true');
  await page.getByTestId('create-assignment').click();
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-state', 'waiting');

  // Changes & sync shows both waiting; the status bar counts them.
  await gotoRoute(page, 'drafts');
  await expect(page.getByTestId('outbox-row')).toHaveCount(2);
  await expect(page.getByTestId('outbox-count')).toContainText('2 waiting to send');
  await checkScreen(page, testInfo, 'drafts-offline');

  // The server is back: the outbox drains.
  await lectern.setSandboxRunning(true);
  await page.getByRole('button', { name: 'Check connection now' }).click();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'online', { timeout: 20_000 });
  await expect(page.getByTestId('outbox-row')).toHaveCount(0, { timeout: 20_000 });
  // The assessment came back as a conflict: the status bar says so, never "Nothing waiting to send".
  await expect(page.getByTestId('outbox-count')).toHaveText('1 conflict');
  expect(await createdAssignments(page)).toBe(1);

  // The assessment changed on both sides: it waits for the user, nothing overwritten.
  const conflictRow = page.getByTestId('draft-row').filter({ hasText: mine });
  await expect(conflictRow).toHaveAttribute('data-state', 'conflict');
  expect((await sandboxApi(info, 'GET', `/assessments/${assessmentId}`))['title']).toBe(theirsTitle);
  await conflictRow.getByRole('link', { name: 'Resolve' }).click();

  const view = page.getByTestId('conflict-view');
  await expect(view).toBeVisible();
  const field = view.locator('[data-field="title"]');
  await expect(field).toContainText(EXAM); // base
  await expect(field).toContainText(mine);
  await expect(field).toContainText(theirsTitle);
  await expect(page.getByTestId('resolve-conflict')).toBeDisabled();
  await checkScreen(page, testInfo, 'conflict-view');
  await field.getByLabel('Keep mine').check();
  await page.getByTestId('resolve-conflict').click();
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });

  // The server now has my title and description, and kept the colleague's duration.
  const final = await sandboxApi(info, 'GET', `/assessments/${assessmentId}`);
  expect(final['title']).toBe(mine);
  // The description is the last one typed: the offline edit joined the change waiting to send.
  expect(final['description']).toBe('Forty minutes, closed book, in person. Bring ID and a pen.');
  expect(final['duration_minutes']).toBe(theirsMinutes);
  expect(await createdAssignments(page)).toBe(1);
});
