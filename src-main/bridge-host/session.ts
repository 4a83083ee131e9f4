/**
 * Plain Node. How a browser becomes the bridge host's one client without the session secret
 * ever appearing on a command line: the host hands out one-time launch codes (short-lived, dead
 * after first use), and the browser exchanges one for an HttpOnly, SameSite=Strict cookie that
 * holds the session secret. Tests and scripts that spawned the host read the secret from its
 * stdout pipe and may send it as a header instead.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_HEADER = 'x-lectern-bridge-token';
export const LAUNCH_PATH = '/__bridge/launch';
/** A launch code opens the app once, within this long after it was made. */
export const DEFAULT_LAUNCH_CODE_TTL_MS = 15_000;

export interface BridgeSession {
  readonly secret: string;
  /** The cookie's name carries the port: cookies are scoped to a host, not to a port. */
  readonly cookieName: string;
  /** A new one-time code. */
  issueLaunchCode(): string;
  /** True once per code, and only within its lifetime. */
  redeem(code: string): boolean;
  /** The Set-Cookie value that carries the session. */
  cookie(): string;
  /** The session secret arrived, in the cookie or the header. */
  authorized(req: IncomingMessage): boolean;
  /** The same, through the cookie alone (what a browser holds). */
  hasCookie(req: IncomingMessage): boolean;
}

export function createBridgeSession(options: {
  port: number;
  secret?: string;
  launchCodeTtlMs?: number;
  now?: () => number;
}): BridgeSession {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const ttl = options.launchCodeTtlMs ?? DEFAULT_LAUNCH_CODE_TTL_MS;
  const now = options.now ?? Date.now;
  const codes = new Map<string, number>();
  const cookieName = `lectern_bridge_${options.port}`;

  const sameSecret = (given: string | null): boolean => {
    if (given === null) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const cookieValue = (req: IncomingMessage): string | null => {
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === cookieName) return part.slice(eq + 1).trim();
    }
    return null;
  };
  const header = (req: IncomingMessage): string | null => {
    const value = req.headers[TOKEN_HEADER];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };

  return {
    secret,
    cookieName,
    issueLaunchCode() {
      for (const [code, expires] of codes) if (expires <= now()) codes.delete(code);
      const code = randomBytes(24).toString('base64url');
      codes.set(code, now() + ttl);
      return code;
    },
    redeem(code) {
      const expires = codes.get(code);
      codes.delete(code);
      return expires !== undefined && expires > now();
    },
    cookie: () => `${cookieName}=${secret}; Path=/; HttpOnly; SameSite=Strict`,
    authorized: (req) => sameSecret(cookieValue(req)) || sameSecret(header(req)),
    hasCookie: (req) => sameSecret(cookieValue(req)),
  };
}

/**
 * Chromium's arguments for opening the app (`npm start` without Electron). Only the launch
 * address goes on the command line, which every local user can read in /proc: never the secret.
 */
export function browserArgs(appUrl: string): string[] {
  return [`--app=${appUrl}`, '--no-first-run', '--disable-background-networking'];
}
