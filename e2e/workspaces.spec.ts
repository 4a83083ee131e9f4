/**
 * Workspaces flow (bridge host + a second sandbox started here; run under scripts/with-keyring.sh
 * so keys go to a real Secret Service): add a workspace (the key field is a password field, cleared
 * after save, and the key appears nowhere in the page, its storage or any bridge response), switch
 * to it and back (everything re-read), edit/rename, replace the key, test, remove; production
 * looks different; a service-provider key hides assessments with the reason.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { useSecondSandbox } from './second-sandbox.ts';
import {
  addWorkspace as addSharedWorkspace,
  checkScreen,
  gotoRoute,
  screenshot,
  waitForShell,
  type NewWorkspace,
} from './support.ts';

const second = useSecondSandbox('large');

async function courseCount(page: Page): Promise<number> {
  await gotoRoute(page, 'courses');
  await expect(page.getByTestId('course-row').first()).toBeVisible();
  await expect(page.getByTestId('course-count')).toHaveText(/\d/);
  return Number((await page.getByTestId('course-count').innerText()).replace(/\D/g, ''));
}

/** Adds a workspace on the second sandbox; returns the dialog (closed once saved). */
const addWorkspace = (page: Page, input: Omit<NewWorkspace, 'baseUrl'>) =>
  addSharedWorkspace(page, { ...input, baseUrl: second().baseUrl });

test('add, switch, switch back, edit, replace key, test, remove — and the key stays secret', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(120_000);
  const { page } = lectern;
  const responses: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/__bridge/')) responses.push(await response.text().catch(() => ''));
  });
  await waitForShell(page);
  const sandboxCourses = await courseCount(page);
  await gotoRoute(page, 'workspaces');
  await expect(page.getByTestId('workspace-card')).toHaveCount(1);
  await checkScreen(page, testInfo, 'workspaces');

  // A wrong key is refused at the key field, and nothing is saved.
  let dialog = await addWorkspace(page, { name: 'Wrong', environment: 'staging', key: 'definitely-not-a-key-0000' });
  await expect(dialog.locator('[data-field="apiKey"] .field-error')).toContainText('did not accept');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('workspace-card')).toHaveCount(1);

  // Add the second sandbox as a staging workspace.
  const key = second().keys.tenantAdmin;
  dialog = await addWorkspace(page, {
    name: 'Second sandbox',
    environment: 'staging',
    key,
    screen: { testInfo, name: 'workspace-add-dialog' },
  });
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const card = page.getByTestId('workspace-card').filter({ hasText: 'Second sandbox' });
  await expect(card.getByTestId('key-status')).toContainText(`ends in ••••${key.slice(-4)}`);
  await expect(card.getByTestId('verification-result')).toContainText('Connected');

  // The key field is empty when the dialog opens again, and the key is nowhere in the renderer.
  await page.getByRole('button', { name: 'Add workspace' }).click();
  await expect(page.getByTestId('api-key-input')).toHaveValue('');
  await page.keyboard.press('Escape');
  const leaks = await page.evaluate((secret) => {
    const storage = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    const inputs = [...document.querySelectorAll('input')].map((i) => i.value).join('\n');
    return [document.documentElement.outerHTML, storage, inputs].filter((text) => text.includes(secret)).length;
  }, key);
  expect(leaks).toBe(0);
  expect(responses.filter((body) => body.includes(key))).toEqual([]);

  // Switch: the environment band changes and every screen re-reads from the new server.
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Second sandbox (staging)' });
  await expect(page.getByTestId('environment-band')).toHaveAttribute('data-environment', 'staging');
  const secondCourses = await courseCount(page);
  expect(secondCourses).toBeGreaterThanOrEqual(200);
  await screenshot(page, testInfo, 'staging-courses');

  // …and back to the built-in Sandbox.
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Sandbox (sandbox)' });
  await expect(page.getByTestId('environment-band')).toHaveAttribute('data-environment', 'sandbox');
  expect(await courseCount(page)).toBe(sandboxCourses);

  // Edit: rename it and mark it production; production looks unmistakably different.
  await gotoRoute(page, 'workspaces');
  await card.getByRole('button', { name: 'Edit…' }).click();
  dialog = page.getByTestId('profile-dialog');
  await dialog.getByLabel('Name').fill('Second (prod)');
  await dialog.getByLabel('Environment').selectOption('production');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const renamed = page.getByTestId('workspace-card').filter({ hasText: 'Second (prod)' });
  await expect(renamed).toContainText('Production');
  await renamed.getByRole('button', { name: 'Switch to this workspace' }).click();
  await expect(page.getByTestId('environment-band')).toHaveAttribute('data-environment', 'production');
  await expect(page.getByTestId('environment-band')).toContainText('PRODUCTION');
  await checkScreen(page, testInfo, 'workspaces-production');

  // Replace the key (a wrong one first), then test the connection.
  await renamed.getByRole('button', { name: 'Replace key…' }).click();
  const keyDialog = page.getByTestId('key-dialog');
  await keyDialog.getByTestId('replace-key-input').fill('still-not-a-real-key-1');
  await keyDialog.getByRole('button', { name: 'Replace key' }).click();
  await expect(keyDialog.getByRole('alert')).toContainText('did not accept');
  const viewerKey = second().keys.tenantViewer;
  await keyDialog.getByTestId('replace-key-input').fill(viewerKey);
  await keyDialog.getByRole('button', { name: 'Replace key' }).click();
  await expect(keyDialog).toBeHidden({ timeout: 20_000 });
  await expect(renamed.getByTestId('key-status')).toContainText(`ends in ••••${viewerKey.slice(-4)}`);
  await renamed.getByRole('button', { name: 'Test connection' }).click();
  await expect(renamed.getByTestId('verification-result')).toContainText(/Connected/);

  // Remove it: the confirmation names it; the app falls back to another workspace.
  // The switch remounts every screen once main has answered: wait for it, or the dialog opened
  // before that answer goes with the old screen (and its "Remove workspace" is never there).
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Sandbox (sandbox)' });
  await expect(page.getByTestId('environment-band')).toHaveAttribute('data-environment', 'sandbox');
  await expect(renamed.getByRole('button', { name: 'Switch to this workspace' })).toBeEnabled();
  await renamed.getByRole('button', { name: 'Remove…' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByRole('heading')).toContainText('“Second (prod)”');
  await confirm.getByRole('button', { name: 'Remove workspace' }).click();
  await expect(page.getByTestId('workspace-card')).toHaveCount(1);
  expect(responses.filter((body) => body.includes(key) || body.includes(viewerKey))).toEqual([]);
});

test('a service-provider workspace hides assessments and assignments with the reason', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(90_000);
  const { page } = lectern;
  await waitForShell(page);
  const dialog = await addWorkspace(page, {
    name: 'Admin training',
    environment: 'custom',
    key: second().keys.serviceProvider,
    mode: 'service-provider',
  });
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Admin training (custom)' });
  await expect(page.getByTestId('environment-band')).toHaveAttribute('data-environment', 'custom');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Assessments/ })).toContainText('not with this key');
  await gotoRoute(page, 'assessments');
  await expect(page.getByTestId('feature-unavailable')).toContainText('service-provider key');
  await checkScreen(page, testInfo, 'service-provider-assessments');
  await gotoRoute(page, 'assignments/new');
  await expect(page.getByTestId('feature-unavailable')).toBeVisible();

  // Its own courses are there.
  await gotoRoute(page, 'courses');
  await expect(page.getByTestId('course-row').first()).toBeVisible();
});
