/**
 * Upload figures can be trusted, bridge host + demo sandbox, three videos under a
 * 1 MiB/s limit: the status bar's percent never goes back (not when one upload finishes) and never
 * reads 100 % while an upload runs; the rows' rates add up to the totals line's rate, which stays
 * at the limit; a resumed row shows no rate before its bytes move; "Clear finished" leaves the
 * videos the server is still processing. A sampler in the page reads the screen every 50 ms, so
 * what is checked is what a person could have seen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { gotoRoute, waitForShell, writeVideo } from './support.ts';

const COURSE = 'Workplace Safety Essentials';
const MiB = 1024 * 1024;

interface Sample {
  active: number;
  percent: number;
  statusText: string;
  rowRates: number[];
  totalRate: number | null;
  rows: Record<string, { state: string; speed: string; bytes: string }>;
}

/** Starts reading the screen every 50 ms into window.__samples. */
async function startSampler(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __samples: Sample[] };
    w.__samples = [];
    setInterval(() => {
      const status = document.querySelector<HTMLElement>('[data-testid="status-uploads"]');
      const rows: Sample['rows'] = {};
      const rowRates: number[] = [];
      for (const row of document.querySelectorAll<HTMLElement>('[data-testid="upload-row"]')) {
        const speed = row.querySelector<HTMLElement>('[data-testid="upload-speed"]');
        if (speed?.textContent) rowRates.push(Number(speed.dataset.bps));
        rows[row.dataset.file ?? ''] = {
          state: row.dataset.state ?? '',
          speed: speed?.textContent ?? '',
          bytes: row.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext') ?? '',
        };
      }
      const total = document.querySelector<HTMLElement>('[data-testid="upload-total-speed"]');
      w.__samples.push({
        active: Number(status?.dataset.active ?? 0),
        percent: Number(status?.dataset.percent ?? 0),
        statusText: status?.textContent ?? '',
        rowRates,
        totalRate: total ? Number(total.dataset.bps) : null,
        rows,
      });
    }, 50);
  });
}

const samples = (page: Page) => page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);

test('status bar percent, row rates, a resumed row and "Clear finished" tell the truth', async ({ lectern }) => {
  test.setTimeout(180_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-figures-'));
  const names = ['Figures one.mp4', 'Figures two.mp4', 'Figures three.mp4'];
  const paths = names.map((name) => join(dir, name));
  writeVideo(paths[0]!, 2 * MiB);
  writeVideo(paths[1]!, 3 * MiB);
  writeVideo(paths[2]!, 5 * MiB);
  try {
    const { page } = lectern;
    await waitForShell(page);
    await gotoRoute(page, 'uploads');
    await lectern.answerFileDialog(paths);
    await page.getByTestId('add-files').click();
    await expect(page.getByTestId('staged-row')).toHaveCount(3);
    await page.getByLabel('Course').selectOption({ label: COURSE });
    const section = page.getByLabel('Section');
    await expect(section.locator('option')).not.toHaveCount(1);
    await section.selectOption({ index: 1 });
    await page.getByTestId('upload-advanced').locator('summary').click();
    await page.getByLabel('Speed limit').selectOption({ label: '1 MiB/s' });
    await startSampler(page);
    await page.getByTestId('start-uploads').click();
    const rows = page.getByTestId('upload-row');
    await expect(rows).toHaveCount(3);

    // Pause the biggest once it moves, then resume it: no rate until its bytes move again.
    const big = rows.filter({ hasText: names[2]! });
    await expect(big.getByTestId('upload-speed')).not.toHaveText('', { timeout: 20_000 });
    await big.getByRole('button', { name: `Pause ${names[2]!}` }).click();
    await expect(big).toHaveAttribute('data-state', 'paused');
    const pausedBytes = await big.getByRole('progressbar').getAttribute('aria-valuetext');
    await big.getByRole('button', { name: `Resume ${names[2]!}` }).click();
    await expect(big).toHaveAttribute('data-state', 'uploading', { timeout: 10_000 });

    // The biggest waits (paused) while the two others finish; then the server holds the videos it
    // gets from now on in PROCESSING, so the biggest's is still processing when it is cleared below.
    await big.getByRole('button', { name: `Pause ${names[2]!}` }).click();
    await expect(big).toHaveAttribute('data-state', 'paused');
    for (const name of names.slice(0, 2)) {
      await expect(rows.filter({ hasText: name })).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    }
    await lectern.setSandboxProcessingMs(3_600_000);
    // Resumed alone, it is a batch of its own: the status bar's percent starts over from here.
    const ownBatchFrom = (await samples(page)).length;
    await big.getByRole('button', { name: `Resume ${names[2]!}` }).click();
    await expect(big).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    const processing = rows.filter({ has: page.locator('[data-video-status="PROCESSING"]') });
    const seen = await samples(page);

    // The status bar: never back within a batch (uploads active since none was), never 100 % while
    // an upload runs.
    const running = seen.filter((s) => s.active > 0);
    expect(running.length).toBeGreaterThan(10);
    for (const s of running) expect(s.statusText, s.statusText).not.toContain('100%');
    for (const batch of [seen.slice(0, ownBatchFrom), seen.slice(ownBatchFrom)]) {
      for (let i = 1; i < batch.length; i++) {
        const [before, now] = [batch[i - 1]!, batch[i]!];
        if (before.active === 0 || now.active === 0) continue; // none ran between them: a new batch
        expect(now.percent, `${before.statusText} → ${now.statusText}`).toBeGreaterThanOrEqual(before.percent);
      }
    }
    // Some sample saw one upload finished while others ran (the moment the old figure fell back).
    expect(running.some((s) => Object.values(s.rows).some((r) => r.state === 'done'))).toBe(true);

    // The rows' rates add up to the totals line's, which stays at the limit.
    const withRates = seen.filter((s) => s.totalRate !== null && s.rowRates.length > 0);
    expect(withRates.length).toBeGreaterThan(5);
    for (const s of withRates) {
      const sum = s.rowRates.reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - s.totalRate!)).toBeLessThanOrEqual(s.rowRates.length);
      expect(s.totalRate!).toBeLessThanOrEqual(MiB);
    }

    // The resumed row: no rate while its bytes stood where the pause left them.
    const resumed = seen.map((s) => s.rows[names[2]!]).filter((r) => r !== undefined);
    const afterPause = resumed.slice(resumed.findIndex((r) => r.state === 'paused'));
    expect(afterPause.length).toBeGreaterThan(0);
    for (const r of afterPause) if (r.bytes === pausedBytes) expect(r.speed, JSON.stringify(r)).toBe('');

    // "Clear finished" takes only what is over: once the first two videos are ready, they go; the
    // biggest's video, still processing, keeps its row.
    for (const name of names.slice(0, 2)) {
      await expect(rows.filter({ hasText: name }).locator('[data-video-status="READY"]')).toHaveCount(1, {
        timeout: 60_000,
      });
    }
    await expect(processing).toHaveCount(1);
    await page.getByTestId('clear-finished').click();
    await expect(rows).toHaveCount(1);
    await expect(processing.filter({ hasText: names[2]! })).toHaveCount(1);
    // Once the server has it ready, it can be cleared too.
    await lectern.setSandboxProcessingMs(0);
    await expect(processing).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('clear-finished')).toBeEnabled();
    await page.getByTestId('clear-finished').click();
    await expect(rows).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
