/**
 * Electron main process. Serves the built renderer from the privileged `app://lectern` scheme so
 * the window has a real origin to check IPC senders and navigation against (file:// has none).
 */
import { net, protocol } from 'electron';
import { join, normalize, relative as relativeTo, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheControlFor, decodeUrlPath, SECURITY_HEADERS } from '../platform/index.ts';
import { APP_ORIGIN } from './launch-policy.ts';

export { APP_ORIGIN };
export const APP_SCHEME = 'app';

/**
 * Must run before `app.whenReady()`. `codeCache`: Chromium keeps V8's compiled code only for
 * http(s) unless a standard scheme asks for it, and without it every launch compiles the
 * renderer's modules again before the first rows can show.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  const root = resolve(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'lectern') return new Response('not found', { status: 404 });
    const decoded = decodeUrlPath(url.pathname);
    if (decoded === null) return new Response('bad request', { status: 400 });
    const relative = normalize(decoded).replace(/^([/\\])+/, '');
    let file = resolve(root, relative || 'index.html');
    if (file !== root && !file.startsWith(root + sep)) return new Response('not found', { status: 404 });
    if (!relative.includes('.')) file = join(root, 'index.html');
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    headers.set('Cache-Control', cacheControlFor(relativeTo(root, file)));
    return new Response(response.body, { status: response.status, headers });
  });
}
