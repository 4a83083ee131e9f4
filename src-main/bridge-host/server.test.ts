import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { createAppServices, type AppServices } from '../services/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { connect } from 'node:net';
import { MAX_EVENT_STREAMS, startBridgeHost, TOKEN_HEADER, type RunningBridgeHost } from './server.ts';
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

/** Test-hook actions that ran (only the owner, from our Origin, may run them). */
let hookCalls: string[] = [];

async function start(): Promise<RunningBridgeHost> {
  const rendererDir = tempDir('lectern-renderer-');
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lectern</title>');
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'assets', 'index-Bch_cT-y.js'), 'console.log("built")');
  writeFileSync(join(rendererDir, 'assets', 'index-ehbf-FkQ.css'), 'body {}');
  writeFileSync(join(rendererDir, 'assets', 'notes.js'), 'console.log("unhashed")');
  services = await createAppServices(testEnv());
  const s = services;
  host = await startBridgeHost({
    rendererDir,
    events: s.events,
    createDispatch: (origins) => createAppDispatch(s, origins),
    testHooks: async (action) => {
      hookCalls.push(action);
      return { ran: action };
    },
  });
  return host;
}

/** A browser token, got the way the page gets it: the launch code from the fragment, redeemed. */
async function browserToken(h: RunningBridgeHost): Promise<string> {
  const response = await request(`${h.url}/__bridge/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: h.origin },
    body: JSON.stringify({ code: new URL(h.appUrl).hash.replace('#lectern-launch=', '') }),
  });
  return ((await response.body.json()) as { token: string }).token;
}

function events(h: RunningBridgeHost, headers: Record<string, string>) {
  return request(`${h.url}/__bridge/events`, { method: 'POST', headers });
}

/** Sends raw bytes on one connection; resolves with what came back once the server closed it,
 * and how many body bytes the connection took before that. */
function rawExchange(h: RunningBridgeHost, head: string, bodyBytes: number): Promise<{ answer: string; sent: number }> {
  const { hostname, port } = new URL(h.url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => done({ answer, sent }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server cut us off mid-upload: what it answered before is what counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') fail(error);
    });
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

afterEach(async () => {
  hookCalls = [];
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
    const stream = await events(h, { origin: h.origin });
    expect(stream.statusCode).toBe(403);
    await stream.body.dump();
  });

  it('answers with the token and validates payloads exactly like Electron IPC', async () => {
    const h = await start();
    const ok = await rpc(h, 'app.info', {}, { [TOKEN_HEADER]: h.token });
    expect(await ok.body.json()).toMatchObject({ ok: true, value: { name: 'Lectern', transport: 'bridge' } });
    // Where the call's time went in main, for the page's resource timing.
    expect(ok.headers['server-timing']).toMatch(/^handler;dur=[\d.]+, check;dur=[\d.]+, json;dur=[\d.]+$/);
    const bad = await rpc(h, 'app.echo', { input: { text: '' } }, { [TOKEN_HEADER]: h.token });
    expect(await bad.body.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const foreign = await rpc(h, 'app.info', {}, { [TOKEN_HEADER]: h.token, origin: 'http://evil.example' });
    expect(foreign.statusCode).toBe(403);
    await foreign.body.dump();
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

  it('lets the browser keep hashed assets (and their compiled code), never the page itself', async () => {
    const h = await start();
    const get = async (path: string) => {
      const answer = await request(`${h.url}${path}`);
      return { status: answer.statusCode, headers: answer.headers, body: await answer.body.text() };
    };
    for (const path of ['/assets/index-Bch_cT-y.js', '/assets/index-ehbf-FkQ.css']) {
      const asset = await get(path);
      expect(asset.status, path).toBe(200);
      expect(asset.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(String(asset.headers['content-security-policy']), path).toContain("script-src 'self'");
      expect(asset.headers['x-content-type-options'], path).toBe('nosniff');
    }
    // The page, an app route, an unhashed file, and a missing asset (answered with the page) are
    // asked for again every time.
    for (const path of ['/', '/index.html', '/courses/42', '/assets/notes.js', '/assets/gone-AAAAAAAA.js']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expect(String(answer.headers['content-security-policy']), path).toContain("script-src 'self'");
    }
    expect((await get('/assets/gone-AAAAAAAA.js')).body).toContain('<title>Lectern</title>');
  });

  it('a malformed percent-escape is a 400, not a failure', async () => {
    const h = await start();
    for (const path of ['/%E0', '/assets/%E0%A4%A.js', '/__bridge/rpc/app.%E0']) {
      const answer = await request(`${h.url}${path}`, {
        method: path.startsWith('/__bridge') ? 'POST' : 'GET',
        headers: { origin: h.origin, [TOKEN_HEADER]: h.token },
      });
      expect(answer.statusCode, path).toBe(400);
      await answer.body.dump();
    }
  });

  it('the event stream needs our Origin and a token, and open streams are capped', async () => {
    const h = await start();
    const token = await browserToken(h);
    for (const origin of ['http://127.0.0.1:1', 'http://evil.example']) {
      const foreign = await events(h, { origin, [TOKEN_HEADER]: token });
      expect(foreign.statusCode, origin).toBe(403);
      await foreign.body.dump();
    }
    const noOrigin = await events(h, { [TOKEN_HEADER]: token });
    expect(noOrigin.statusCode).toBe(403);
    await noOrigin.body.dump();
    const get = await request(`${h.url}/__bridge/events`, { headers: { origin: h.origin, [TOKEN_HEADER]: token } });
    expect(get.statusCode).toBe(405);
    await get.body.dump();

    const open = [];
    for (let i = 0; i < MAX_EVENT_STREAMS; i += 1) {
      const stream = await events(h, { origin: h.origin, [TOKEN_HEADER]: token });
      expect(stream.statusCode).toBe(200);
      open.push(stream);
    }
    const over = await events(h, { origin: h.origin, [TOKEN_HEADER]: token });
    expect(over.statusCode).toBe(429);
    await over.body.dump();
    // A closed stream frees its place.
    open.pop()!.body.destroy();
    await vi.waitFor(async () => {
      const again = await events(h, { origin: h.origin, [TOKEN_HEADER]: token });
      expect(again.statusCode).toBe(200);
      open.push(again);
    });
    for (const stream of open) stream.body.destroy();
  });

  it('an oversized body gets a 413 and its connection is cut: the rest is never read', async () => {
    const h = await start();
    const { host: hostPort } = new URL(h.url);
    const size = 64 * 1024 * 1024;
    const head =
      `POST /__bridge/rpc/app.info HTTP/1.1\r\nHost: ${hostPort}\r\nOrigin: ${h.origin}\r\n` +
      `${TOKEN_HEADER}: ${h.token}\r\nContent-Type: application/json\r\n`;
    // Declared too large: refused before reading.
    const declared = await rawExchange(h, `${head}Content-Length: ${size}\r\n\r\n`, size);
    expect(declared.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(declared.sent).toBeLessThan(size);
    // Not declared (chunked): refused once 1 MiB went past, and cut off instead of drained.
    const chunked = await rawExchange(h, `${head}Transfer-Encoding: chunked\r\n\r\n${size.toString(16)}\r\n`, size);
    expect(chunked.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(chunked.sent).toBeLessThan(size);
  });

  it('test hooks need the owner secret and our Origin: a browser token or a foreign page gets nothing', async () => {
    const h = await start();
    const token = await browserToken(h);
    const hook = (headers: Record<string, string>) =>
      request(`${h.url}/__bridge/test/dialog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const refusals: Record<string, string>[] = [
      { [TOKEN_HEADER]: h.token },
      { [TOKEN_HEADER]: h.token, origin: 'http://127.0.0.1:1' },
      { [TOKEN_HEADER]: token, origin: h.origin },
    ];
    for (const headers of refusals) {
      const refused = await hook(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      await refused.body.dump();
    }
    expect(hookCalls).toEqual([]);
    const allowed = await hook({ [TOKEN_HEADER]: h.token, origin: h.origin });
    expect(await allowed.body.json()).toEqual({ ran: 'dialog' });
    expect(hookCalls).toEqual(['dialog']);
  });
});
