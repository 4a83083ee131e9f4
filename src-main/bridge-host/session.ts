/**
 * Plain Node. How a browser becomes a client of the bridge host without any secret riding on
 * something the browser would also send to another origin (a cookie for 127.0.0.1 goes to every
 * port of 127.0.0.1). The host hands out one-time launch codes (short-lived, dead after first
 * use) in the launch address's fragment, which browsers never send to any server. The page
 * (bridge-http.ts) redeems the code with a same-origin POST and gets a browser token of its own,
 * keeps it in its origin's sessionStorage and sends it as the `x-lectern-bridge-token` header.
 * The process that started the host holds the owner secret (read from its stdout pipe), which
 * alone may mint launch codes and use the test hooks.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage } from 'node:http';

export const TOKEN_HEADER = 'x-lectern-bridge-token';
/** POST `{code}` from the app's own origin: answers `{token}` once per code. */
export const LAUNCH_PATH = '/__bridge/launch';
/** The launch address's fragment: `#lectern-launch=<code>` (never sent to a server). */
export const LAUNCH_FRAGMENT = 'lectern-launch';
/** A launch code opens the app once, within this long after it was made. */
export const DEFAULT_LAUNCH_CODE_TTL_MS = 15_000;
/** Browser tokens kept at most (each redeemed launch code makes one); the oldest go first. */
const MAX_BROWSER_TOKENS = 32;

/** Who may do what: `browser` is a page that redeemed a launch code, `owner` the starting process. */
export type BridgeScope = 'browser' | 'owner';

export interface BridgeSession {
  /** The owner secret: for the process that started the host only. */
  readonly secret: string;
  /** A new one-time code. */
  issueLaunchCode(): string;
  /** A fresh browser token, once per code and only within its lifetime; null otherwise. */
  redeem(code: string): string | null;
  /** The request carries a token good for this scope (the owner secret is good for both). */
  authorized(req: IncomingMessage, scope: BridgeScope): boolean;
}

export function createBridgeSession(
  options: {
    secret?: string;
    launchCodeTtlMs?: number;
    now?: () => number;
  } = {},
): BridgeSession {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const ttl = options.launchCodeTtlMs ?? DEFAULT_LAUNCH_CODE_TTL_MS;
  const now = options.now ?? Date.now;
  const codes = new Map<string, number>();
  const browserTokens = new Set<string>();

  const same = (given: string, expected: string): boolean => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const header = (req: IncomingMessage): string | null => {
    const value = req.headers[TOKEN_HEADER];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };

  return {
    secret,
    issueLaunchCode() {
      for (const [code, expires] of codes) if (expires <= now()) codes.delete(code);
      const code = randomBytes(24).toString('base64url');
      codes.set(code, now() + ttl);
      return code;
    },
    redeem(code) {
      const expires = codes.get(code);
      codes.delete(code);
      if (expires === undefined || expires <= now()) return null;
      const token = randomBytes(32).toString('base64url');
      browserTokens.add(token);
      if (browserTokens.size > MAX_BROWSER_TOKENS) browserTokens.delete(browserTokens.values().next().value!);
      return token;
    },
    authorized(req, scope) {
      const given = header(req);
      if (given === null) return false;
      if (same(given, secret)) return true;
      if (scope === 'owner') return false;
      for (const token of browserTokens) if (same(given, token)) return true;
      return false;
    },
  };
}

/** The address a browser opens: the app itself, with a one-time code in the fragment. */
export function launchAddress(origin: string, code: string): string {
  return `${origin}/#${LAUNCH_FRAGMENT}=${code}`;
}

/**
 * Chromium's arguments for opening the app (`npm start` without Electron): its own throwaway
 * profile (never the user's everyday one, whose other tabs and extensions share 127.0.0.1), and
 * a local launch page instead of the launch address, so not even the one-time code sits on the
 * command line that every local user can read in /proc.
 */
export function browserArgs(launchPage: string, profileDir: string): string[] {
  return [
    `--app=${launchPage}`,
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
  ];
}

/**
 * Writes the launch page into `dir` (a folder only this user can read, e.g. the throwaway
 * profile): a file readable by this user only, that sends the browser on to the launch address.
 * Returns its file:// URL for `browserArgs`.
 */
export function writeLaunchPage(dir: string, appUrl: string): string {
  chmodSync(dir, 0o700);
  const file = join(dir, 'lectern-launch.html');
  const target = appUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  writeFileSync(
    file,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Lectern</title>\n`,
    { mode: 0o600 },
  );
  return pathToFileURL(file).href;
}
