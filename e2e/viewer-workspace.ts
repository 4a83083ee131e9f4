/**
 * e2e support for the read-only key specs: a second sandbox started for the spec file (its admin
 * view reads what the server really holds; second-sandbox.ts), and adding it as a workspace with its
 * viewer key.
 */
import type { Page } from '@playwright/test';
import type { RunningSandbox } from '../src-main/sandbox/index.ts';
import type { SandboxInfo } from './fixtures.ts';
import { expect } from './fixtures.ts';
import { useSecondSandbox } from './second-sandbox.ts';
import { addWorkspace } from './support.ts';

export interface ViewerSandbox {
  /** The second sandbox (started before the file's tests, closed after them). */
  server(): RunningSandbox;
  /** It as seen by an admin client. */
  adminView(): SandboxInfo;
}

/** Call at the top of a spec file. */
export function useViewerSandbox(): ViewerSandbox {
  const server = useSecondSandbox('demo');
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
