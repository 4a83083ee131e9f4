/**
 * The bridge host's session in a real browser: nothing the browser sends to, or shows
 * to, a page on another loopback port opens the bridge; a reload keeps the session; the launch
 * code leaves the address bar at once.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { LecternBridge } from '../src-shared/index.ts';
import { test, expect } from './fixtures.ts';
import { waitForShell } from './support.ts';

/** Opens `url` in a new tab of the same browser profile (no opener: nothing handed over). */
async function openTab(page: Page, url: string): Promise<Page> {
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((target) => void window.open(target, '_blank', 'noopener'), url),
  ]);
  await tab.waitForLoadState();
  return tab;
}

/** What a page's own bridge call answers (error code, or ok). */
function bridgeAnswer(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern?: LecternBridge }).lectern;
    if (!bridge) return 'no bridge';
    const info = await bridge.app.info();
    return info.ok ? 'ok' : info.error.code;
  });
}

test('a page on another loopback port gets nothing that opens the bridge', async ({ lectern }) => {
  test.skip(lectern.kind === 'electron', 'the bridge host session only');
  const { page } = lectern;
  await waitForShell(page);
  const bridgeOrigin = new URL(page.url()).origin;

  // Another program's server on another port of 127.0.0.1: it keeps every header the browser sends.
  const received: IncomingHttpHeaders[] = [];
  const foreign = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>another program</title>');
  });
  await new Promise<void>((done) => foreign.listen(0, '127.0.0.1', done));
  const { port } = foreign.address() as AddressInfo;
  try {
    // Same browser, same profile: the user opens the other program's page next to Lectern.
    const other = await openTab(page, `http://127.0.0.1:${port}/`);
    const seen = await other.evaluate(() => ({
      cookie: document.cookie,
      storage: JSON.stringify({ ...localStorage, ...sessionStorage }),
    }));
    await other.close();

    // Everything it got, tried against the bridge the way a local program could (forged Origin).
    const cookieHeaders = received.map((headers) => headers.cookie ?? '').filter(Boolean);
    const values = [...cookieHeaders, seen.cookie]
      .flatMap((header) => header.split(';'))
      .map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
      .filter(Boolean);
    const attempts: Record<string, string>[] = [
      ...[...cookieHeaders, seen.cookie].filter(Boolean).map((cookie) => ({ cookie })),
      ...values.map((value) => ({ 'x-lectern-bridge-token': value })),
    ];
    const statuses = await Promise.all(
      attempts.map(async (headers) => {
        const response = await fetch(`${bridgeOrigin}/__bridge/rpc/workspaces.list`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: bridgeOrigin, ...headers },
          body: '{}',
        });
        return response.status;
      }),
    );
    expect(
      statuses.every((status) => status === 403),
      JSON.stringify(statuses),
    ).toBe(true);
    // Nothing of the session reached the other origin in the first place.
    expect(cookieHeaders).toEqual([]);
    expect(seen).toEqual({ cookie: '', storage: '{}' });
    // Lectern itself is unharmed.
    expect(await bridgeAnswer(page)).toBe('ok');
  } finally {
    await new Promise((done) => foreign.close(done));
  }
});

test('the launch code leaves the address bar; a reload keeps the session; a new tab has none', async ({ lectern }) => {
  test.skip(lectern.kind === 'electron', 'the bridge host session only');
  const { page } = lectern;
  await waitForShell(page);
  expect(page.url()).not.toContain('lectern-launch');
  await page.reload();
  await waitForShell(page);
  expect(await bridgeAnswer(page)).toBe('ok');
  // A tab opened by hand on the same address has no token: the owner asks for a new launch link.
  const bare = await openTab(page, new URL(page.url()).origin + '/');
  await expect.poll(() => bridgeAnswer(bare)).toBe('BRIDGE_UNAVAILABLE');
  await bare.close();
});
