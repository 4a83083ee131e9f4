/**
 * Toasts belong to their workspace (bridge host + a second sandbox, so run under
 * scripts/with-keyring.sh): on a switch every toast of the workspace left behind goes — a warning
 * too — and an action its toast still held back (an assessment delete waiting for Undo) is done
 * first, in the workspace it was made in, never in the next one.
 */
import { test, expect } from './fixtures.ts';
import { useSecondSandbox } from './second-sandbox.ts';
import { addWorkspace, gotoRoute, waitForShell } from './support.ts';

const second = useSecondSandbox('demo');

test('a switch takes the toasts of the workspace left behind, after doing what they held back', async ({ lectern }) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'reads the built-in sandbox through the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const dialog = await addWorkspace(page, {
    name: 'Second',
    environment: 'staging',
    baseUrl: second().baseUrl,
    key: second().keys.tenantAdmin,
  });
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const toasts = page.getByTestId('notice');
  // The "Added" toast is information: let it fade (or close it) so only what follows is counted.
  for (const close of await toasts.getByRole('button', { name: 'Dismiss' }).all()) await close.click();

  // In the Sandbox: an assessment delete held back behind its Undo, and a piece of information.
  const info = await lectern.sandboxInfo();
  await gotoRoute(page, 'assessments');
  const row = page.getByTestId('assessment-row').last();
  await expect(row).toBeVisible();
  const title = (await row.locator('.row-title').innerText()).trim();
  await page.getByTestId('assessment-search').fill(title);
  await expect(page.getByTestId('assessment-row').filter({ hasNotText: title })).toHaveCount(0);
  await page.getByTestId('assessment-row').filter({ hasText: title }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const id = new URL(page.url()).hash.split('/').pop()!;
  await page.getByRole('button', { name: 'Delete…' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete assessment' }).click();
  await expect(toasts.filter({ hasText: `“${title}” will be deleted` }).getByTestId('notice-action')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(toasts).toHaveCount(2);
  const status = () =>
    fetch(`${info.baseUrl}/v1/external/learning/assessments/${id}`, {
      headers: { authorization: `Bearer ${info.keys!.tenantAdmin}` },
    }).then((r) => r.status);
  expect(await status()).toBe(200);

  // Switch: the delete is sent to the Sandbox first, then every Sandbox toast leaves.
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Second (staging)' });
  await expect(page.getByTestId('environment-band')).toHaveAttribute('data-environment', 'staging');
  await expect(toasts.filter({ hasText: title })).toHaveCount(0);
  await expect(toasts.filter({ hasText: 'Nothing to save' })).toHaveCount(0);
  await expect(toasts.filter({ hasText: 'Switched to Second' })).toBeVisible();
  await expect.poll(status, { timeout: 15_000 }).toBe(404);

  // A warning said in Second leaves on the switch back too (warnings never fade by themselves).
  await gotoRoute(page, 'uploads');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uploads');
  await page.evaluate(() => {
    // A drop the uploads screen cannot take here (the bridge host has no dropped paths): its warning.
    const zone = document.querySelector('.dropzone');
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(4)], 'not-a-video.txt', { type: 'text/plain' }));
    zone?.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  const warnings = toasts.and(page.locator('[data-level="warning"]'));
  await expect(warnings.first()).toBeVisible();
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Sandbox (sandbox)' });
  await expect(page.getByTestId('environment-band')).toHaveAttribute('data-environment', 'sandbox');
  await expect(warnings).toHaveCount(0);
  await expect(toasts.filter({ hasText: 'Switched to Sandbox' })).toBeVisible();
});
