// Main process / plain Node. Limits on how long one client may hold a socket of the sandbox server
// (it runs inside the app's main process): a client that trickles its headers or body, or idles
// on a kept-alive connection, is cut off instead of holding the socket for minutes.
import type { Server } from 'node:http';

export interface ServerTimeouts {
  /** Time to receive the request headers. */
  headersMs: number;
  /** Time to receive the whole request, body included (a storage part of 8 MiB takes well under a second on loopback). */
  requestMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 60_000, keepAliveMs: 5_000 };

/** Must run before `listen`: Node starts checking connections (at this interval) when listening. */
export function applyServerTimeouts(server: Server, timeouts: ServerTimeouts): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Expired requests are found by a periodic check (default every 30 s): check often enough that
  // the limits above hold to within a fraction of the shortest one.
  // (A plain property Node reads when listening; @types/node only knows the constructor option.)
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(
    50,
    Math.min(1_000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)),
  );
}
