import { test, expect } from './fixtures.ts';

test('opens the app and shows its version read through the bridge', async ({ lectern }) => {
  const { page } = lectern;
  await expect(page.getByTestId('app-version')).toHaveText(/^\d+\.\d+\.\d+/);
  await expect(page.getByTestId('app-transport')).toHaveText(lectern.kind === 'electron' ? /Electron/ : 'Bridge host');
  await expect(page).toHaveTitle(/Lectern/);
});

test('the renderer cannot reach Node and sees no bridge token in its address', async ({ lectern }) => {
  const { page } = lectern;
  await expect(page.getByTestId('app-version')).toBeVisible();
  const probe = await page.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    hash: window.location.hash,
  }));
  expect(probe).toEqual({ require: 'undefined', process: 'undefined', hash: '' });
});
