// Test support (plain Node, tests only): how long `vi.waitFor` / `vi.waitUntil` wait for background
// work. Vitest's own default (1 s) is too short for a real server on two busy cores.

/** Background work on fakes or the local database (the outbox worker, cache refreshes). */
export const SOON = { timeout: 5_000, interval: 10 } as const;

/** Real uploads through the sandbox: a whole file, retries and reconnects included. */
export const UPLOAD_SETTLES = { timeout: 20_000, interval: 5 } as const;

/**
 * The connection state over real HTTP, moved by real probe timers (3 s apart while in use): a few
 * probes' room, so a busy machine is not a failure. How soon is proven on a fake clock
 * (src-main/sync/connectivity.test.ts "within 5 s"), not here.
 */
export const PROBES_SETTLE = { timeout: 15_000, interval: 10 } as const;
