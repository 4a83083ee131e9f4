/**
 * Uploads through an outage (bridge host + demo sandbox): the sandbox (API and storage) stops
 * mid-upload; the row says "Waiting for connection" instead of failing, stays so while the server
 * is away, and when the sandbox is back on the same port it continues by itself and lands as one
 * lesson. The outage lasts a few probe rounds here; that the same engine waits through a whole
 * minute without failing is proven once, in real time, by src-main/uploads/outage.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errors, type Page } from '@playwright/test';
import type { LecternBridge } from '../src-shared/index.ts';
import { test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, sandboxApi, waitForShell, writeVideo } from './support.ts';

const COURSE = 'Workplace Safety Essentials';
const MiB = 1024 * 1024;
/** Several reachability probes long (0.5 s apart, doubling to 4 s), not a minute: see the header. */
const OUTAGE_MS = 8_000;

async function percentOf(page: Page, file: string): Promise<number> {
  const bar = page.getByTestId('upload-row').filter({ hasText: file }).getByRole('progressbar');
  return Number(await bar.getAttribute('aria-valuenow'));
}

test('an upload waits through an outage, shows it, and finishes by itself', async ({ lectern }, testInfo) => {
  test.setTimeout(OUTAGE_MS + 150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-outage-'));
  const name = 'outage-walkthrough.mp4';
  const path = join(dir, name);
  writeVideo(path, 20 * MiB);
  try {
    const { page } = lectern;
    await waitForShell(page);
    await gotoRoute(page, 'uploads');
    await lectern.answerFileDialog([path]);
    await page.getByTestId('add-files').click();
    await expect(page.getByTestId('staged-row')).toHaveCount(1);
    await page.getByLabel('Course').selectOption({ label: COURSE });
    const section = page.getByLabel('Section');
    await expect(section.locator('option')).not.toHaveCount(1);
    await section.selectOption({ index: 1 });
    await page.getByLabel('Speed limit').selectOption({ label: '1 MiB/s' });
    await page.getByTestId('start-uploads').click();

    const row = page.getByTestId('upload-row').filter({ hasText: name });
    await expect(row).toHaveAttribute('data-state', 'uploading', { timeout: 15_000 });
    await expect.poll(() => percentOf(page, name), { timeout: 20_000 }).toBeGreaterThan(0);

    // The server goes away: not a failure, a visible wait.
    await lectern.setSandboxRunning(false);
    await expect(row).toHaveAttribute('data-state', 'waiting', { timeout: 30_000 });
    await expect(row.getByText('Waiting for connection')).toBeVisible();
    await checkScreen(page, testInfo, 'uploads-waiting');
    const heldAt = await percentOf(page, name);
    // Giving up would reach the screen as an `uploads.changed` event leaving `waiting`: watch for
    // every such event for the rest of the outage (not a sample every few seconds).
    await page.evaluate((fileName) => {
      const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
      const seen: string[] = [];
      (window as unknown as { outageStates: string[] }).outageStates = seen;
      bridge.events.on('uploads.changed', (changed) => {
        if (changed.fileName === fileName) seen.push(changed.state);
      });
    }, name);
    await expect(row).toHaveAttribute('data-state', 'waiting');
    const leftWaiting = await page
      .waitForFunction(
        () => (window as unknown as { outageStates: string[] }).outageStates.some((state) => state !== 'waiting'),
        undefined,
        // Watched for OUTAGE_MS from here (never 0: Playwright reads a 0 timeout as "no limit").
        { timeout: OUTAGE_MS },
      )
      .then(
        () => true,
        (error: unknown) => {
          // Only the whole outage passing without such an event counts as staying.
          if (error instanceof errors.TimeoutError) return false;
          throw error;
        },
      );
    expect(leftWaiting, 'the upload left "waiting" while the server was away').toBe(false);
    await expect(row).toHaveAttribute('data-state', 'waiting');
    expect(await percentOf(page, name)).toBeGreaterThanOrEqual(heldAt);

    // Back on the same port: it continues without anyone touching it.
    await lectern.setSandboxRunning(true);
    await expect(row).not.toHaveAttribute('data-state', 'waiting', { timeout: 5_000 });
    await expect(row).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await expect(row.getByTestId('upload-problem')).toHaveCount(0);

    // Exactly one lesson of that name in the course.
    const info = await lectern.sandboxInfo();
    const courses = (await sandboxApi(info, 'GET', `/courses?search=${encodeURIComponent(COURSE)}`)) as unknown as {
      results: { id: string; name: string }[];
    };
    const course = courses.results.find((c) => c.name === COURSE)!;
    const sections = (await sandboxApi(info, 'GET', `/courses/${course.id}/sections`)) as unknown as {
      results: { lessons: { title: string }[] }[];
    };
    const lessons = sections.results.flatMap((s) => s.lessons).filter((l) => l.title === 'Outage walkthrough');
    expect(lessons).toHaveLength(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
