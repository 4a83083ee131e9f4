import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { createAppServices, type AppServices } from '../services/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { startBridgeHost, TOKEN_HEADER, type RunningBridgeHost } from './server.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';

const testEnv = () => ({
  dataDir: tempDir('lectern-bh-'),
  transport: 'bridge' as const,
  dialog: createQueuedFileDialog(),
  keyStore: createMemoryKeyStore(),
  sandbox: false as const,
});

let host: RunningBridgeHost | null = null;
let services: AppServices | null = null;

async function start(): Promise<RunningBridgeHost> {
  const rendererDir = tempDir('lectern-renderer-');
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lectern</title>');
  services = await createAppServices(testEnv());
  const s = services;
  host = await startBridgeHost({
    rendererDir,
    events: s.events,
    createDispatch: (origins) => createAppDispatch(s, origins),
  });
  return host;
}

afterEach(async () => {
  await host?.close();
  await services?.close();
  host = null;
  services = null;
});

function rpc(h: RunningBridgeHost, channel: string, body: unknown, headers: Record<string, string> = {}) {
  return request(`${h.url}/__bridge/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: h.origin, ...headers },
    body: JSON.stringify(body),
  });
}

describe('bridge host', () => {
  it('refuses to bind to a non-loopback address', async () => {
    services = await createAppServices(testEnv());
    const s = services;
    await expect(
      startBridgeHost({
        rendererDir: '.',
        host: '0.0.0.0',
        events: s.events,
        createDispatch: (o) => createAppDispatch(s, o),
      }),
    ).rejects.toThrow(/loopback/);
  });

  it('refuses a request without the token, or with a wrong one', async () => {
    const h = await start();
    const missing = await rpc(h, 'app.info', {});
    expect(missing.statusCode).toBe(403);
    const wrong = await rpc(h, 'app.info', {}, { [TOKEN_HEADER]: 'x'.repeat(h.token.length) });
    expect(wrong.statusCode).toBe(403);
    const events = await request(`${h.url}/__bridge/events`);
    expect(events.statusCode).toBe(403);
  });

  it('answers with the token and validates payloads exactly like Electron IPC', async () => {
    const h = await start();
    const ok = await rpc(h, 'app.info', {}, { [TOKEN_HEADER]: h.token });
    expect(await ok.body.json()).toMatchObject({ ok: true, value: { name: 'Lectern', transport: 'bridge' } });
    const bad = await rpc(h, 'app.echo', { input: { text: '' } }, { [TOKEN_HEADER]: h.token });
    expect(await bad.body.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const foreign = await rpc(h, 'app.info', {}, { [TOKEN_HEADER]: h.token, origin: 'http://evil.example' });
    expect(await foreign.body.json()).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });

  it('rejects foreign Host headers (DNS rebinding) and serves the page with a strict CSP', async () => {
    const h = await start();
    const rebound = await request(`${h.url}/`, { headers: { host: 'attacker.example' } });
    expect(rebound.statusCode).toBe(421);
    const page = await request(`${h.url}/`);
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-eval');
    const traversal = await request(`${h.url}/..%2f..%2fetc%2fpasswd`);
    expect(await traversal.body.text()).not.toContain('root:');
  });
});
