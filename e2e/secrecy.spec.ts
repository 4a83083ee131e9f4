/**
 * The API key's one-way trip: after adding a workspace through the UI, the key is in
 * the OS keychain and nowhere else — not in any file under the app's data folder (SQLite
 * databases, their WAL files, logs), not in any bridge response, not in the page or its storage.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { LecternBridge } from '../src-shared/index.ts';
import { startSandbox, type RunningSandbox } from '../src-main/sandbox/index.ts';
import { test, expect } from './fixtures.ts';
import { addWorkspace, gotoRoute, waitForShell } from './support.ts';

let server: RunningSandbox;

test.beforeAll(async () => {
  server = await startSandbox({ seed: 'demo', quiet: true });
});

test.afterAll(async () => {
  await server.close();
});

/** Successful reads of the course list in main's request log (the new workspace's key in play). */
async function courseReads(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
    const log = await bridge.app.requestLog();
    if (!log.ok) return -1;
    return log.value.filter(
      (entry) => entry.method === 'GET' && /\/courses(\?|$)/.test(entry.path) && entry.status === 200,
    ).length;
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('a key added in the UI lives only in the keychain', async ({ lectern }) => {
  test.skip(lectern.kind === 'electron', 'reads the bridge traffic');
  const { page } = lectern;
  const key = server.keys.tenantAdmin;
  const bridgeTraffic: string[] = [];
  page.on('request', (request) => {
    // Requests carry the key exactly once, on save; everything main sends back is recorded.
    if (request.url().includes('/__bridge/rpc/') && !request.url().endsWith('workspaces.add')) {
      bridgeTraffic.push(request.postData() ?? '');
    }
  });
  page.on('response', async (response) => {
    if (response.url().includes('/__bridge/')) bridgeTraffic.push(await response.text().catch(() => ''));
  });

  await waitForShell(page);
  const dialog = await addWorkspace(page, {
    name: 'Secret keeper',
    environment: 'staging',
    baseUrl: server.baseUrl,
    key,
  });
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const card = page.getByTestId('workspace-card').filter({ hasText: 'Secret keeper' });
  await expect(card).toBeVisible();

  // Use it, so caches, logs and request logs are written with this key in play.
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Secret keeper (staging)' });
  await gotoRoute(page, 'courses');
  await expect(page.getByTestId('course-row').first()).toBeVisible();
  // Settled: the server's copy is in the cache (not still refreshing) and the key-bearing call is
  // in the request log, so everything this use writes has been written before the files are read.
  const note = page.getByTestId('cache-note');
  await expect(note).toContainText('Updated');
  await expect(note).not.toContainText('refreshing');
  await expect.poll(() => courseReads(page)).toBeGreaterThan(0);

  // The keychain has it (a real Secret Service under scripts/with-keyring.sh)…
  const stored = execFileSync('secret-tool', ['search', '--all', 'service', 'Lectern'], { encoding: 'utf8' });
  expect(stored).toContain('Lectern');

  // …and no file of the app does, in any encoding we could have written it.
  const needles = [Buffer.from(key, 'utf8'), Buffer.from(key, 'utf16le'), Buffer.from(key.slice(0, -4), 'utf8')];
  const leaking = filesUnder(lectern.dataDir).filter((file) => {
    const bytes = readFileSync(file);
    return needles.some((needle) => bytes.includes(needle));
  });
  expect(leaking).toEqual([]);
  expect(bridgeTraffic.filter((text) => text.includes(key) || text.includes(key.slice(0, -4)))).toEqual([]);
  const inPage = await page.evaluate(
    (secret) =>
      [
        document.documentElement.outerHTML,
        JSON.stringify({ ...localStorage }),
        JSON.stringify({ ...sessionStorage }),
      ].some((text) => text.includes(secret)),
    key,
  );
  expect(inPage).toBe(false);
});
