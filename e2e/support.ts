/**
 * Playwright helpers (Node) shared by the renderer's flow specs: navigation by route, waiting for
 * the shell, screenshots saved as test artifacts, and the axe-core check every screen must pass
 * (no violations of serious or critical impact).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, type LecternApp, type SandboxInfo } from './fixtures.ts';

const VIDEO_FIXTURE = fileURLToPath(new URL('../src-main/media/test-fixtures/h264-3s.mp4', import.meta.url));

/** A real 3 s MP4 followed by `extraBytes` random bytes: a video the pre-flight accepts and the
 * sandbox can process, as large as a test needs, and different from every other such file. */
export function writeVideo(path: string, extraBytes: number): void {
  writeFileSync(path, Buffer.concat([readFileSync(VIDEO_FIXTURE), randomBytes(extraBytes)]));
}

/** Opens a hash route (`courses`, `courses/<id>`, `assessments/<id>` …) inside the running app. */
/** Calls the app's sandbox directly, as another client would: changes "on the server". */
export async function sandboxApi(
  info: SandboxInfo,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${info.baseUrl}/v1/external/learning${path}`, {
    method,
    headers: { authorization: `Bearer ${info.keys!.tenantAdmin}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: Record<string, unknown> };
  expect(response.ok, `${method} ${path} → ${response.status}`).toBe(true);
  return envelope.data;
}

export async function gotoRoute(page: Page, route: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/${route}`);
}

/**
 * Searches a list (courses or assessments) and clicks the row named `name`. The search is
 * debounced and the list shows skeleton rows while the server answers, so a click made before
 * the narrowed list is on screen can land on a row that is being replaced and go nowhere. Waits
 * for the narrowed list first: every row names what was searched for.
 */
export async function pickFromSearch(page: Page, kind: 'course' | 'assessment', name: string): Promise<void> {
  await page.getByTestId(`${kind}-search`).fill(name);
  const rows = page.getByTestId(`${kind}-row`);
  await expect(rows.filter({ hasText: name }).first()).toBeVisible();
  await expect(rows.filter({ hasNotText: name })).toHaveCount(0);
  await rows.filter({ hasText: name }).first().click();
}

/** Opens a course from the Courses list by searching for its name. */
export async function openCourseFromList(page: Page, name: string): Promise<void> {
  await gotoRoute(page, 'courses');
  await pickFromSearch(page, 'course', name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

/** The shell is up: a workspace is active and the connection state is known. */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.getByTestId('workspace-switcher')).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByTestId('connection-state')).not.toHaveAttribute('data-state', 'unknown', { timeout: 20_000 });
}

/** Saves a screenshot of the window as a test artifact (kept on success too). */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Runs axe-core on the page as it is now; fails on serious or critical violations. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Legacy mode runs axe inside the page: the fixture's pages come from browser.newPage(), where
  // the default mode cannot open its helper page. The app has no cross-origin frames to miss.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await testInfo.attach(`axe-${name}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  const summary = severe.map(
    (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${name}`).toEqual([]);
}

/** Screenshot + axe for one screen, in one call. */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await screenshot(page, testInfo, name);
  await expectAccessible(page, testInfo, name);
}

export interface NewWorkspace {
  name: string;
  environment: string;
  baseUrl: string;
  key: string;
  mode?: 'tenant' | 'service-provider';
  /** Screenshot + axe of the filled-in dialog. */
  screen?: { testInfo: TestInfo; name: string };
}

/**
 * Fills in and sends the "Add workspace" dialog (the key field stays a password field); returns the
 * dialog, which closes once main has verified and saved the workspace, or stays with the error.
 */
export async function addWorkspace(page: Page, input: NewWorkspace) {
  await gotoRoute(page, 'workspaces');
  await page.getByRole('button', { name: 'Add workspace' }).click();
  const dialog = page.getByTestId('profile-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(input.name);
  await dialog.getByLabel('Environment').selectOption(input.environment);
  await dialog.getByLabel('Server address').fill(input.baseUrl);
  await dialog.getByLabel(input.mode === 'service-provider' ? /Service-provider key/ : /Tenant key/).check();
  await expect(dialog.getByTestId('api-key-input')).toHaveAttribute('type', 'password');
  await dialog.getByTestId('api-key-input').fill(input.key);
  if (input.screen) await checkScreen(page, input.screen.testInfo, input.screen.name);
  await dialog.getByRole('button', { name: 'Add workspace' }).click();
  return dialog;
}

/** A folder "Yard course" in `root`: two sections, each with one text lesson. Returns its path. */
export function writeYardCourse(root: string): string {
  const folder = join(root, 'Yard course');
  mkdirSync(join(folder, '1 - Yard rules'), { recursive: true });
  mkdirSync(join(folder, '2 - Loading bay'), { recursive: true });
  writeFileSync(join(folder, '1 - Yard rules', '01 - Welcome.md'), '# Welcome\nWalk, never run.');
  writeFileSync(join(folder, '2 - Loading bay', '01 - Signals.md'), '# Signals\nHands up means stop.');
  return folder;
}

/** "Push a folder…" on the open course page with `folder` picked: the plan's dialog once its tree shows. */
export async function openPushPlan(
  lectern: LecternApp,
  folder: string,
  folderName: string,
  courseName: string,
): Promise<Locator> {
  await lectern.answerFileDialog([folder]);
  await lectern.page.getByRole('button', { name: 'Push a folder…' }).click();
  const dialog = lectern.page.getByRole('dialog', { name: `Push “${folderName}” into “${courseName}”` });
  await expect(dialog.getByTestId('push-plan-tree')).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/**
 * Closes the push's dialog right after "Push to course", while the push may be ending. When it
 * ends, the button's words change ("Close (the push goes on)" → "Done"; narrower, right-aligned)
 * and the centred dialog's height with them, so a click aimed at the button a frame before can
 * land beside it. The click is made again until the dialog is gone; either button closes it.
 */
export async function closeRunningPush(dialog: Locator): Promise<void> {
  const button = dialog.getByRole('button', { name: /Close \(the push goes on\)|Done/ });
  await expect(async () => {
    if (await dialog.isVisible()) await button.click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
