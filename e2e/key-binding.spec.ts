/**
 * A saved key is bound to the address it was checked against (bridge host + a second sandbox
 * started here; run under scripts/with-keyring.sh so keys go to a real Secret Service): changing a
 * workspace's server address in the edit dialog demands the key again, and main refuses a move
 * without it even when script calls the bridge directly.
 */
import type { LecternBridge } from '../src-shared/index.ts';
import { test, expect } from './fixtures.ts';
import { useSecondSandbox } from './second-sandbox.ts';
import { addWorkspace, waitForShell } from './support.ts';

const second = useSecondSandbox('empty');

test('changing a workspace’s address demands its key again', async ({ lectern }) => {
  test.setTimeout(90_000);
  const { page } = lectern;
  await waitForShell(page);
  let dialog = await addWorkspace(page, {
    name: 'Moving',
    environment: 'staging',
    baseUrl: second().baseUrl,
    key: second().keys.tenantAdmin,
  });
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const card = page.getByTestId('workspace-card').filter({ hasText: 'Moving' });
  await expect(card).toBeVisible();

  // Script holding the bridge gets no further than the form: main demands the key.
  const refused = await page.evaluate(async (baseUrl) => {
    const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
    const { profiles } = await bridge.workspaces.list().then((r) => (r.ok ? r.value : { profiles: [] }));
    const id = profiles.find((p) => p.name === 'Moving')?.id ?? '';
    return bridge.workspaces.update({ id, baseUrl });
  }, 'https://elsewhere.example.com');
  expect(refused).toMatchObject({ ok: false, error: { code: 'KEY_REQUIRED' } });

  // The edit dialog: no key field while the address stays…
  await card.getByRole('button', { name: 'Edit…' }).click();
  dialog = page.getByTestId('profile-dialog');
  await expect(dialog.getByTestId('api-key-input')).toHaveCount(0);
  // …and one, demanded, as soon as it changes (same server, another origin).
  const elsewhere = second().baseUrl.replace('127.0.0.1', 'localhost');
  await dialog.getByLabel('Server address').fill(elsewhere);
  await expect(dialog.getByLabel('API key for the new address')).toBeVisible();
  await expect(dialog.getByTestId('api-key-input')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('[data-field="apiKey"] .field-error')).toHaveText(
    'Enter the API key for the new address.',
  );
  await expect(dialog).toBeVisible();

  await dialog.getByTestId('api-key-input').fill(second().keys.tenantViewer);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(card).toContainText(elsewhere);
  await expect(card.getByTestId('key-status')).toContainText(`ends in ••••${second().keys.tenantViewer.slice(-4)}`);
});
