// Tests (plain Node): the bridge session. A browser gets in with a one-time launch code, exchanged
// for an HttpOnly, SameSite=Strict cookie; the session secret never goes on Chromium's command line.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppServices, type AppServices } from '../services/index.ts';
import { startBridgeHost, type RunningBridgeHost } from './server.ts';
import { browserArgs, createBridgeSession } from './session.ts';

let host: RunningBridgeHost | null = null;
let services: AppServices | null = null;

async function start(extra: { launchCodeTtlMs?: number } = {}): Promise<RunningBridgeHost> {
  const rendererDir = tempDir('lectern-renderer-');
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lectern</title>');
  services = await createAppServices({
    dataDir: tempDir('lectern-launch-'),
    transport: 'bridge',
    dialog: createQueuedFileDialog(),
    keyStore: createMemoryKeyStore(),
    sandbox: false,
  });
  const s = services;
  host = await startBridgeHost({
    rendererDir,
    events: s.events,
    createDispatch: (origins) => createAppDispatch(s, origins),
    ...extra,
  });
  return host;
}

afterEach(async () => {
  await host?.close();
  await services?.close();
  host = null;
  services = null;
});

/** An RPC call the way the renderer makes it: same origin, the cookie, no token header. */
function rpcWithCookie(h: RunningBridgeHost, cookie: string | null) {
  return request(`${h.url}/__bridge/rpc/app.info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: h.origin, ...(cookie ? { cookie } : {}) },
    body: '{}',
  });
}

describe('bridge launch codes', () => {
  it('a launch code gives an HttpOnly, SameSite=Strict session cookie that alone carries the session', async () => {
    const h = await start();
    expect(h.appUrl).not.toContain(h.token);
    const launch = await request(h.appUrl);
    expect(launch.statusCode).toBe(303);
    expect(launch.headers.location).toBe('/');
    const setCookie = String(launch.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Domain=/i); // host-only: bound to the loopback host it came from
    const cookie = setCookie.split(';')[0]!;

    const withCookie = await rpcWithCookie(h, cookie);
    expect(await withCookie.body.json()).toMatchObject({ ok: true, value: { name: 'Lectern' } });
    const without = await rpcWithCookie(h, null);
    expect(without.statusCode).toBe(403);
    await without.body.dump();
    const events = await request(`${h.url}/__bridge/events`, { headers: { cookie } });
    expect(events.statusCode).toBe(200);
    events.body.destroy();
  });

  it('a used code is dead: a second browser gets nothing', async () => {
    const h = await start();
    const first = await request(h.appUrl);
    expect(first.statusCode).toBe(303);
    await first.body.dump();
    const again = await request(h.appUrl);
    expect(again.statusCode).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await again.body.text()).toMatch(/used already or has expired/);
  });

  it('an expired code is dead, and so is a made-up one', async () => {
    const h = await start({ launchCodeTtlMs: 0 });
    const expired = await request(h.appUrl);
    expect(expired.statusCode).toBe(403);
    await expired.body.dump();
    const invented = await request(`${h.url}/__bridge/launch?code=${'A'.repeat(32)}`);
    expect(invented.statusCode).toBe(403);
    await invented.body.dump();
  });

  it('codes live a few seconds: valid just before their lifetime ends, dead at its end', () => {
    let now = 1_000;
    const session = createBridgeSession({ port: 1, now: () => now });
    const early = session.issueLaunchCode();
    const late = session.issueLaunchCode();
    now += 14_999;
    expect(session.redeem(early)).toBe(true);
    expect(session.redeem(early)).toBe(false);
    now += 1;
    expect(session.redeem(late)).toBe(false);
  });

  it('a fresh launch address needs the session secret', async () => {
    const h = await start();
    const refused = await request(`${h.url}/__bridge/launch-code`, { method: 'POST' });
    expect(refused.statusCode).toBe(403);
    await refused.body.dump();
    const fresh = await request(`${h.url}/__bridge/launch-code`, {
      method: 'POST',
      headers: { 'x-lectern-bridge-token': h.token },
    });
    const { appUrl } = (await fresh.body.json()) as { appUrl: string };
    expect(appUrl).not.toBe(h.appUrl);
    expect((await request(appUrl)).statusCode).toBe(303);
  });

  const chromium = process.env['LECTERN_CHROMIUM'] ?? '/usr/bin/chromium';
  it.skipIf(!existsSync(chromium))(
    'Chromium opened the way `npm start` opens it has the code, never the secret, on its command line',
    async () => {
      const h = await start();
      const profile = tempDir('lectern-chromium-');
      const args = [
        ...browserArgs(h.appUrl),
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        `--user-data-dir=${profile}`,
      ];
      const child = spawn(chromium, args, { stdio: 'ignore' });
      try {
        const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
        expect(argv.join(' ')).toContain(h.appUrl);
        expect(argv.join(' ')).not.toContain(h.token);
        // Chromium redeemed the code: it is dead for anyone else now.
        await vi.waitFor(
          async () => {
            const reuse = await request(h.appUrl);
            await reuse.body.dump();
            expect(reuse.statusCode).toBe(403);
          },
          { timeout: 30_000, interval: 250 },
        );
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
    60_000,
  );
});
