/**
 * e2e support for the read-only key specs: a second sandbox started for the spec file (its admin
 * view reads what the server really holds), and adding it as a workspace with its viewer key. The
 * key goes to a real Secret Service, so these specs skip, saying why, outside scripts/with-keyring.sh.
 */
import type { Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../src-main/sandbox/index.ts';
import type { SandboxInfo } from './fixtures.ts';
import { test, expect } from './fixtures.ts';
import { addWorkspace } from './support.ts';

export interface ViewerSandbox {
  /** The second sandbox (started before the file's tests, closed after them). */
  server(): RunningSandbox;
  /** It as seen by an admin client. */
  adminView(): SandboxInfo;
}

/** Call at the top of a spec file. */
export function useViewerSandbox(): ViewerSandbox {
  let second: RunningSandbox | null = null;
  test.skip(
    process.platform === 'linux' && !process.env['LECTERN_KEYRING_SESSION'] && !process.env['DBUS_SESSION_BUS_ADDRESS'],
    'needs a Secret Service: run under scripts/with-keyring.sh (npm test does)',
  );
  test.beforeAll(async () => {
    second = await startSandbox({ seed: 'demo', quiet: true });
  });
  test.afterAll(async () => {
    await second?.close();
  });
  const server = (): RunningSandbox => {
    if (!second) throw new Error('useViewerSandbox: use it from a test');
    return second;
  };
  return {
    server,
    adminView: () => ({ running: true, baseUrl: server().baseUrl, keys: server().keys }),
  };
}

/** Adds `sandbox` as the workspace "Viewer" (staging) with its viewer key; the dialog has closed. */
export async function addViewerWorkspace(page: Page, sandbox: RunningSandbox): Promise<void> {
  const dialog = await addWorkspace(page, {
    name: 'Viewer',
    environment: 'staging',
    baseUrl: sandbox.baseUrl,
    key: sandbox.keys.tenantViewer,
  });
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

/** Switches to the "Viewer" workspace. */
export async function switchToViewer(page: Page): Promise<void> {
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Viewer (staging)' });
  await expect(page.getByTestId('environment-band')).toHaveAttribute('data-environment', 'staging');
}
