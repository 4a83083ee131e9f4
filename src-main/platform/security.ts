/**
 * Main process / plain Node. Security headers shared by the Electron shell and the bridge host,
 * so the renderer runs under the same Content-Security-Policy in both.
 */

/** No eval, no inline script, no remote code; the renderer may only talk to its own origin. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);

/**
 * True for 127.0.0.0/8 (also IPv4-mapped, `::ffff:127.x.x.x`), ::1 and localhost — the only binds
 * a local server may use by default. The one loopback check: the sandbox, the bridge host, the CLI
 * and workspace validation all use it.
 */
export function isLoopbackHost(host: string): boolean {
  const lower = host.toLowerCase();
  if (LOOPBACK_HOSTS.has(lower)) return true;
  const v4 = lower.startsWith('::ffff:') ? lower.slice(7) : lower;
  const parts = v4.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** A URL path decoded, or null for a malformed percent-escape (`%E0`): the caller answers 400. */
export function decodeUrlPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** What the build emits under assets/: `name-HASH.ext`, the hash being 8 URL-safe characters. */
const HASHED_ASSET = /^assets[/\\][^/\\]+-[A-Za-z0-9_-]{8}\.(?:js|css|woff2|svg|png|ico)$/;

/**
 * Cache-Control for a renderer file, by its path relative to the renderer's root (the file really
 * served, not the one asked for: a missing asset falls back to index.html). A hashed asset never
 * changes under its name, so the browser keeps it and its compiled code (V8's code cache lives
 * beside the HTTP cache entry) and a reload evaluates the modules without fetching or compiling
 * them again; everything else, index.html first, is asked for again each time, so a new build is
 * picked up at once.
 */
export function cacheControlFor(relativePath: string): string {
  return HASHED_ASSET.test(relativePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export function contentTypeFor(path: string): string {
  const dot = path.lastIndexOf('.');
  return CONTENT_TYPES[dot >= 0 ? path.slice(dot).toLowerCase() : ''] ?? 'application/octet-stream';
}
