/**
 * Plain Node. The bridge host: serves the built renderer on loopback and carries the IPC contract
 * over HTTP (requests) and a streamed event response (pushes), guarded by a random per-run session
 * secret that a browser holds only as an HttpOnly cookie, got by redeeming a one-time launch code
 * (session.ts), so the secret never appears on a command line.
 * It runs the very same handler table and dispatch as the Electron shell, so tests and
 * binary-less development exercise the real main-process code.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { contentTypeFor, isLoopbackHost, SECURITY_HEADERS } from '../platform/index.ts';
import type { Dispatch } from '../ipc/index.ts';
import { DROPPED_FILES_CHANNEL } from '../../src-shared/index.ts';
import type { AppEvents } from '../services/index.ts';
import { createBridgeSession, LAUNCH_PATH, TOKEN_HEADER, type BridgeSession } from './session.ts';

export { LAUNCH_PATH, TOKEN_HEADER };

export const RPC_PREFIX = '/__bridge/rpc/';
export const EVENTS_PATH = '/__bridge/events';
/** POST with the session secret: a fresh launch URL (e.g. for a browser opened by hand later). */
export const LAUNCH_CODE_PATH = '/__bridge/launch-code';
export const TEST_HOOKS_PREFIX = '/__bridge/test/';
const MAX_BODY_BYTES = 1024 * 1024;

export interface BridgeHostOptions {
  rendererDir: string;
  /** Builds the dispatch once the port (and so our own origin) is known. */
  createDispatch: (allowedOrigins: () => readonly string[]) => Dispatch;
  events: AppEvents;
  host?: string;
  port?: number;
  /** The session secret (default: 32 random bytes). */
  token?: string;
  /** How long a launch code stays valid (default 15 s). */
  launchCodeTtlMs?: number;
  /**
   * Only with `--test-hooks`: lets an end-to-end test answer the file dialog or stop the
   * built-in sandbox. Token-guarded like everything else; absent in normal runs.
   */
  testHooks?: (action: string, body: unknown) => Promise<unknown>;
}

export interface RunningBridgeHost {
  url: string;
  origin: string;
  /** The session secret, for the process that started the host (header `x-lectern-bridge-token`). */
  token: string;
  /** The address to open in a browser: a one-time launch code that sets the session cookie. */
  appUrl: string;
  /** Another one-time launch address (the first may have been used or expired). */
  newLaunchUrl(): string;
  close(): Promise<void>;
}

export async function startBridgeHost(options: BridgeHostOptions): Promise<RunningBridgeHost> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`The bridge host only binds to loopback addresses, not ${host}.`);
  let session: BridgeSession | null = null;
  const rendererDir = resolve(options.rendererDir);
  let origins: string[] = [];
  const dispatch = options.createDispatch(() => origins);
  const eventStreams = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'bridge failure' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // DNS-rebinding guard: only our own host names are served.
    const hostHeader = req.headers.host ?? '';
    if (!origins.some((origin) => origin.endsWith(`//${hostHeader}`))) {
      return sendJson(res, 421, { error: 'unknown host' });
    }
    const url = new URL(req.url ?? '/', origins[0]);
    if (url.pathname === LAUNCH_PATH) return launch(req, res, url);
    if (url.pathname === LAUNCH_CODE_PATH) {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'use POST' });
      if (!hasToken(req)) return sendJson(res, 403, { error: 'missing or wrong bridge token' });
      return sendJson(res, 200, { appUrl: launchUrl() });
    }
    if (url.pathname.startsWith(RPC_PREFIX)) {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'use POST' });
      if (!hasToken(req)) return sendJson(res, 403, { error: 'missing or wrong bridge token' });
      const body = await readBody(req);
      if (body === null) return sendJson(res, 413, { error: 'request too large' });
      let payload: unknown;
      try {
        payload = body.length === 0 ? {} : JSON.parse(body);
      } catch {
        return sendJson(res, 400, { error: 'body is not JSON' });
      }
      const input = payload && typeof payload === 'object' ? (payload as { input?: unknown }).input : undefined;
      const channel = decodeURIComponent(url.pathname.slice(RPC_PREFIX.length));
      // Only Electron's preload may turn paths into file handles; over HTTP it would let any
      // caller name an arbitrary file.
      if (channel === DROPPED_FILES_CHANNEL) {
        return sendJson(res, 200, {
          ok: false,
          error: { code: 'NOT_AVAILABLE', message: 'Not available in the bridge host.' },
        });
      }
      const result = await dispatch(channel, input, { origin: headerValue(req.headers.origin) });
      return sendJson(res, 200, result);
    }
    if (url.pathname.startsWith(TEST_HOOKS_PREFIX) && options.testHooks) {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'use POST' });
      if (!hasToken(req)) return sendJson(res, 403, { error: 'missing or wrong bridge token' });
      const body = await readBody(req);
      try {
        const answer = await options.testHooks(
          url.pathname.slice(TEST_HOOKS_PREFIX.length),
          body ? JSON.parse(body) : {},
        );
        return sendJson(res, 200, answer ?? {});
      } catch (error) {
        return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
      }
    }
    if (url.pathname === EVENTS_PATH) {
      if (!hasToken(req)) return sendJson(res, 403, { error: 'missing or wrong bridge token' });
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', ...SECURITY_HEADERS });
      res.write(': connected\n\n');
      eventStreams.add(res);
      req.on('close', () => eventStreams.delete(res));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method not allowed' });
    return serveStatic(url.pathname, res);
  }

  function hasToken(req: IncomingMessage): boolean {
    return session?.authorized(req) ?? false;
  }

  /** Redeems a launch code for the session cookie, then opens the app without the code in the URL. */
  function launch(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET') return sendJson(res, 405, { error: 'use GET' });
    const code = url.searchParams.get('code') ?? '';
    const redeemed = session?.redeem(code) ?? false;
    // A reload of the launch address by the browser that already holds the session just opens it.
    if (!redeemed && !session?.hasCookie(req)) {
      res.writeHead(403, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        ...SECURITY_HEADERS,
      });
      res.end(
        'This Lectern launch link has been used already or has expired (they work once, for a few seconds).\n' +
          'Start Lectern again, or press Enter in the terminal that started it for a new link.\n',
      );
      return;
    }
    const headers: Record<string, string> = { Location: '/', 'Cache-Control': 'no-store', ...SECURITY_HEADERS };
    if (redeemed && session) headers['Set-Cookie'] = session.cookie();
    res.writeHead(303, headers);
    res.end();
  }

  function launchUrl(): string {
    if (!session) throw new Error('the bridge host is not listening yet');
    return `${origins[0]}${LAUNCH_PATH}?code=${session.issueLaunchCode()}`;
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    let file = resolve(rendererDir, relative);
    if (file !== rendererDir && !file.startsWith(rendererDir + sep)) return sendJson(res, 404, { error: 'not found' });
    const info = await stat(file).catch(() => null);
    // Client-side routes fall back to the app shell.
    if (!info || info.isDirectory()) file = join(rendererDir, 'index.html');
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) return sendJson(res, 404, { error: 'renderer not built; run npm run build' });
    res.writeHead(200, { 'Content-Type': contentTypeFor(file), 'Cache-Control': 'no-store', ...SECURITY_HEADERS });
    res.end(bytes);
  }

  const unsubscribe = options.events.subscribe((event, payload) => {
    const frame = `data: ${JSON.stringify({ event, payload })}\n\n`;
    for (const stream of eventStreams) stream.write(frame);
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const origin = `http://${hostForUrl}:${port}`;
  origins = host === '127.0.0.1' ? [origin, `http://localhost:${port}`] : [origin];
  session = createBridgeSession({ port, secret: options.token, launchCodeTtlMs: options.launchCodeTtlMs });

  return {
    url: origin,
    origin,
    token: session.secret,
    appUrl: launchUrl(),
    newLaunchUrl: launchUrl,
    close: async () => {
      unsubscribe();
      for (const stream of eventStreams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...SECURITY_HEADERS });
  res.end(JSON.stringify(body));
}
