// Tests (plain Node): the bridge session. A page gets in by redeeming a one-time launch code
// (from the launch address's fragment) for a browser token it sends as a header; no cookie, and
// neither the owner secret nor the code goes on Chromium's command line.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppServices, type AppServices } from '../services/index.ts';
import { startBridgeHost, type RunningBridgeHost } from './server.ts';
import { browserArgs, createBridgeSession, writeLaunchPage } from './session.ts';

let host: RunningBridgeHost | null = null;
let services: AppServices | null = null;
/** Channels that reached the dispatch (so passed the Host, Origin and token checks). */
let dispatched: string[] = [];

async function start(extra: { launchCodeTtlMs?: number; rendererDir?: string } = {}): Promise<RunningBridgeHost> {
  const rendererDir = extra.rendererDir ?? tempDir('lectern-renderer-');
  if (!extra.rendererDir) writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lectern</title>');
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
    createDispatch: (origins) => {
      const dispatch = createAppDispatch(s, origins);
      return (channel, input, sender) => {
        dispatched.push(channel);
        return dispatch(channel, input, sender);
      };
    },
    launchCodeTtlMs: extra.launchCodeTtlMs,
  });
  return host;
}

afterEach(async () => {
  await host?.close();
  await services?.close();
  host = null;
  services = null;
  dispatched = [];
});

const codeOf = (appUrl: string) => new URL(appUrl).hash.replace('#lectern-launch=', '');

/** What the page does with the code from its fragment. */
function redeem(h: RunningBridgeHost, code: string, origin = h.origin) {
  return request(`${h.url}/__bridge/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ code }),
  });
}

/** An RPC call the way the renderer makes it: same origin, the browser token as a header. */
function rpc(h: RunningBridgeHost, token: string | null) {
  return request(`${h.url}/__bridge/rpc/app.info`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: h.origin,
      ...(token ? { 'x-lectern-bridge-token': token } : {}),
    },
    body: '{}',
  });
}

describe('bridge launch codes', () => {
  it('the launch address carries a code in its fragment only; redeeming it gives a browser token, no cookie', async () => {
    const h = await start();
    expect(h.appUrl).not.toContain(h.token);
    const url = new URL(h.appUrl);
    expect(url.pathname).toBe('/');
    expect(url.search).toBe('');
    expect(url.hash).toMatch(/^#lectern-launch=[\w-]{32}$/);

    const redeemed = await redeem(h, codeOf(h.appUrl));
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.headers['set-cookie']).toBeUndefined();
    const { token } = (await redeemed.body.json()) as { token: string };
    expect(token).not.toBe(h.token);

    const withToken = await rpc(h, token);
    expect(await withToken.body.json()).toMatchObject({ ok: true, value: { name: 'Lectern' } });
    const without = await rpc(h, null);
    expect(without.statusCode).toBe(403);
    await without.body.dump();
    const events = await request(`${h.url}/__bridge/events`, {
      method: 'POST',
      headers: { origin: h.origin, 'x-lectern-bridge-token': token },
    });
    expect(events.statusCode).toBe(200);
    events.body.destroy();
  });

  it('a browser token is not the owner secret: it cannot mint launch codes', async () => {
    const h = await start();
    const { token } = (await (await redeem(h, codeOf(h.appUrl))).body.json()) as { token: string };
    const minted = await request(`${h.url}/__bridge/launch-code`, {
      method: 'POST',
      headers: { origin: h.origin, 'x-lectern-bridge-token': token },
    });
    expect(minted.statusCode).toBe(403);
    await minted.body.dump();
  });

  it('a code is redeemed only from our own origin: another loopback port holding it gets nothing', async () => {
    const h = await start();
    const otherPort = `http://127.0.0.1:${Number(new URL(h.url).port) === 65535 ? 1 : Number(new URL(h.url).port) + 1}`;
    for (const origin of [otherPort, 'null', 'http://evil.example']) {
      const refused = await redeem(h, codeOf(h.appUrl), origin);
      expect(refused.statusCode, origin).toBe(403);
      await refused.body.dump();
    }
    // The refusals did not spend the code: the app itself still gets in.
    expect((await redeem(h, codeOf(h.appUrl))).statusCode).toBe(200);
  });

  it('a used code is dead: a second browser gets nothing', async () => {
    const h = await start();
    const first = await redeem(h, codeOf(h.appUrl));
    expect(first.statusCode).toBe(200);
    await first.body.dump();
    const again = await redeem(h, codeOf(h.appUrl));
    expect(again.statusCode).toBe(403);
    expect(((await again.body.json()) as { error: string }).error).toMatch(/used already or has expired/);
  });

  it('an expired code is dead, and so is a made-up one', async () => {
    const h = await start({ launchCodeTtlMs: 0 });
    const expired = await redeem(h, codeOf(h.appUrl));
    expect(expired.statusCode).toBe(403);
    await expired.body.dump();
    const invented = await redeem(h, 'A'.repeat(32));
    expect(invented.statusCode).toBe(403);
    await invented.body.dump();
  });

  it('codes live a few seconds: valid just before their lifetime ends, dead at its end', () => {
    let now = 1_000;
    const session = createBridgeSession({ now: () => now });
    const early = session.issueLaunchCode();
    const late = session.issueLaunchCode();
    now += 14_999;
    expect(session.redeem(early)).toEqual(expect.any(String));
    expect(session.redeem(early)).toBeNull();
    now += 1;
    expect(session.redeem(late)).toBeNull();
  });

  it('a fresh launch address needs the owner secret and our Origin', async () => {
    const h = await start();
    const refused = await request(`${h.url}/__bridge/launch-code`, { method: 'POST', headers: { origin: h.origin } });
    expect(refused.statusCode).toBe(403);
    await refused.body.dump();
    const noOrigin = await request(`${h.url}/__bridge/launch-code`, {
      method: 'POST',
      headers: { 'x-lectern-bridge-token': h.token },
    });
    expect(noOrigin.statusCode).toBe(403);
    await noOrigin.body.dump();
    const fresh = await request(`${h.url}/__bridge/launch-code`, {
      method: 'POST',
      headers: { 'x-lectern-bridge-token': h.token, origin: h.origin },
    });
    const { appUrl } = (await fresh.body.json()) as { appUrl: string };
    expect(appUrl).not.toBe(h.appUrl);
    expect((await redeem(h, codeOf(appUrl))).statusCode).toBe(200);
  });

  it('the launch page lives in a folder and file only this user can read', () => {
    const dir = tempDir('lectern-profile-');
    const page = writeLaunchPage(dir, 'http://127.0.0.1:1/#lectern-launch=abc');
    const file = fileURLToPath(page);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('url=http://127.0.0.1:1/#lectern-launch=abc');
  });

  const chromium = process.env['LECTERN_CHROMIUM'] ?? '/usr/bin/chromium';
  const builtRenderer = resolve('out/renderer');
  it.skipIf(!existsSync(chromium) || !existsSync(join(builtRenderer, 'index.html')))(
    'Chromium opened the way `npm start` opens it has neither the code nor the secret on its command line, and gets in',
    async () => {
      const h = await start({ rendererDir: builtRenderer });
      const profile = tempDir('lectern-chromium-');
      const args = [
        ...browserArgs(writeLaunchPage(profile, h.appUrl), profile),
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
      ];
      const child = spawn(chromium, args, { stdio: 'ignore' });
      try {
        const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' ');
        expect(argv).toContain(`--user-data-dir=${profile}`);
        expect(argv).not.toContain(codeOf(h.appUrl));
        expect(argv).not.toContain(h.token);
        // The page redeemed the code and its calls got through; the code is dead for anyone else.
        await vi.waitFor(() => expect(dispatched.length).toBeGreaterThan(0), { timeout: 80_000, interval: 250 });
        const reuse = await redeem(h, codeOf(h.appUrl));
        await reuse.body.dump();
        expect(reuse.statusCode).toBe(403);
      } finally {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
    },
    120_000,
  );
});
