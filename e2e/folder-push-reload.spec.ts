/**
 * A folder push outlives the window (bridge host + demo sandbox; the test answers main's folder
 * dialog): the server goes away as the push starts, so it waits, running; the page reloads and
 * shows it running with its log (main holds it); the server comes back and the page shows its
 * result; reloaded again the result is still there until dismissed, and once dismissed main has
 * forgotten it too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { gotoRoute, openPushPlan, sandboxApi, waitForShell, writeYardCourse } from './support.ts';

async function firstCourse(info: SandboxInfo): Promise<{ id: string; name: string }> {
  const page = (await sandboxApi(info, 'GET', '/courses?page_size=1')) as unknown as {
    results: { id: string; name: string }[];
  };
  return page.results[0]!;
}

/** Reloads the page and returns main's answer to the store's first question: the current push. */
async function reloadAndAskMain(page: Page): Promise<{ step: string } | null> {
  const asked = page.waitForResponse((r) => r.url().endsWith('/__bridge/rpc/folderPush.current'));
  await page.reload();
  const answer = (await (await asked).json()) as { ok: boolean; value: { step: string } | null };
  expect(answer.ok).toBe(true);
  await waitForShell(page);
  return answer.value;
}

test('a push survives a reload: running with its log, then its result until dismissed', async ({ lectern }) => {
  test.setTimeout(180_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const root = mkdtempSync(join(tmpdir(), 'lectern-e2e-push-reload-'));
  const folder = writeYardCourse(root);
  try {
    const { page } = lectern;
    await waitForShell(page);
    const course = await firstCourse(await lectern.sandboxInfo());
    await gotoRoute(page, `courses/${course.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(course.name);

    // The server goes away as the push starts: it waits, and goes on by itself when the server answers.
    const dialog = await openPushPlan(lectern, folder, 'Yard course', course.name);
    await lectern.setSandboxRunning(false);
    await dialog.getByRole('button', { name: 'Push to course' }).click();
    await expect(dialog.getByTestId('push-progress')).toContainText('Waiting for the server', { timeout: 60_000 });

    // Reloaded while it runs: the course page shows it running, with its log.
    expect(await reloadAndAskMain(page)).toMatchObject({ step: 'pushing' });
    await expect(heading).toHaveText(course.name);
    const status = page.getByTestId('push-status');
    await expect(status).toHaveAttribute('data-step', 'pushing');
    await expect(status).toContainText('Pushing “Yard course” — Waiting for the server');
    await status.getByRole('button', { name: 'Show progress' }).click();
    await expect(dialog.getByTestId('push-progress')).toContainText('Waiting for the server');
    await dialog.getByRole('button', { name: 'Close (the push goes on)' }).click();
    await expect(dialog).toBeHidden();

    // The server is back: the same page follows the push to its end.
    await lectern.setSandboxRunning(true);
    const result = `Pushed to “${course.name}”: 2 sections created, 2 lessons created.`;
    await expect(status).toHaveAttribute('data-step', 'finished', { timeout: 60_000 });
    await expect(status).toContainText(result);

    // Reloaded after it ended: the result is still shown, with what was done, until dismissed.
    expect(await reloadAndAskMain(page)).toMatchObject({ step: 'finished' });
    await expect(status).toHaveAttribute('data-step', 'finished');
    await expect(status).toContainText(result);
    await status.getByRole('button', { name: 'Show what was done' }).click();
    await expect(dialog.getByTestId('push-events')).toContainText('Yard rules');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const told = page.waitForResponse((r) => r.url().endsWith('/__bridge/rpc/folderPush.dismiss'));
    await status.getByRole('button', { name: 'Dismiss' }).click();
    await expect(status).toHaveCount(0);
    expect(await (await told).json()).toEqual({ ok: true, value: { ok: true } });

    // Dismissed in main too: a reload has no push to show.
    expect(await reloadAndAskMain(page)).toBeNull();
    await expect(heading).toHaveText(course.name);
    await expect(status).toHaveCount(0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
