/**
 * Assignment flow (bridge host + demo sandbox): the form checks the reference's limits, drafts on
 * the first keystroke (one draft, kept in the address), and "Create assignment" sends it exactly
 * once — the request log holds one POST /assignments, and the button cannot send it again.
 */
import type { Page } from '@playwright/test';
import type { LecternBridge } from '../src-shared/index.ts';
import { test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, waitForShell } from './support.ts';

async function assignmentPosts(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
    const log = await bridge.app.requestLog();
    if (!log.ok) return -1;
    return log.value.filter(
      (entry) => entry.method === 'POST' && /\/assignments$/.test(entry.path) && entry.status === 201,
    ).length;
  });
}

/** Items waiting in main's outbox: a send, or a resend, goes through it. */
async function outboxLength(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
    const list = await bridge.outbox.list();
    return list.ok ? list.value.length : -1;
  });
}

async function assignmentDrafts(page: Page): Promise<{ state: string; title: string }[]> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
    const list = await bridge.drafts.list();
    return list.ok
      ? list.value.filter((d) => d.resource === 'assignment').map((d) => ({ state: d.state, title: d.title }))
      : [];
  });
}

test('create an assignment: validation, one draft, sent exactly once', async ({ lectern }, testInfo) => {
  test.setTimeout(120_000); // two screens checked with axe, on a busy machine
  const { page } = lectern;
  await waitForShell(page);
  await gotoRoute(page, 'assignments/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assignment');
  // Nothing is shouted at before the user has typed anything.
  await expect(page.getByTestId('error-title')).toHaveCount(0);
  await checkScreen(page, testInfo, 'assignment-new');

  // Submitting an empty form reveals the problems and puts the focus on the first one.
  await page.getByTestId('create-assignment').click();
  await expect(page.getByTestId('error-title')).toContainText('A title is required');
  await expect(page.getByTestId('error-description')).toContainText('A description is required');
  await expect(page.locator('input[name="title"]')).toBeFocused();
  expect(await assignmentDrafts(page)).toEqual([]);

  const title = `Field report ${Date.now()}`;
  await page.locator('input[name="title"]').fill(title);
  await page
    .locator('textarea[name="description"]')
    .fill('Write up one hazard you found on site and how you reported it.');
  await page.locator('input[name="duration_hours"]').fill('1');
  await page.locator('input[name="duration_minutes"]').fill('90x');
  await expect(page.getByTestId('error-duration_minutes')).toContainText('whole number');
  await page.locator('input[name="duration_minutes"]').fill('30');
  await page.locator('select[name="status"]').selectOption('PUBLISHED');
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-kept', 'true');
  // Drafted once, and the address now names the draft so a reload continues it.
  await expect.poll(() => assignmentDrafts(page)).toEqual([{ state: 'editing', title }]);
  await expect(page).toHaveURL(/#\/assignments\/new\?draft=/);
  await page.reload();
  await expect(page.locator('input[name="title"]')).toHaveValue(title);
  await expect(page.locator('input[name="duration_minutes"]')).toHaveValue('30');

  const before = await assignmentPosts(page);
  await page.getByTestId('create-assignment').click();
  // Created: the assignments list opens on its record, saying so there.
  await expect(page.getByTestId('assignment-created')).toContainText(title, { timeout: 15_000 });
  await expect(page).toHaveURL(/#\/assignments$/);
  const record = page.getByTestId('assignment-record').filter({ hasText: title });
  await expect(record).toHaveAttribute('data-created', 'true');
  await expect(record).toHaveAttribute('data-state', 'sent');
  await checkScreen(page, testInfo, 'assignment-created');
  expect(await assignmentPosts(page)).toBe(before + 1);
  expect(await assignmentDrafts(page)).toEqual([{ state: 'sent', title }]);

  // "Write another" starts a clean form; the sent one is not sent again.
  await page.getByRole('link', { name: 'Write another assignment' }).click();
  await expect(page.locator('input[name="title"]')).toHaveValue('');
  // A second send would be queued in the outbox; once it is empty, every send there was has happened.
  await expect.poll(() => outboxLength(page)).toBe(0);
  expect(await assignmentPosts(page)).toBe(before + 1);
  expect(await assignmentDrafts(page)).toEqual([{ state: 'sent', title }]);
});
