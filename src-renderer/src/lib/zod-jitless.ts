/**
 * Renderer, the entry's first import. zod builds each object schema with an eval-based fast path
 * unless told not to before that schema is built; the window's CSP forbids eval, so zod's attempt
 * is reported as a CSP violation (and then falls back). The shared schemas are built as their
 * modules load, before any renderer code could call `z.config`, and importing zod here would put it
 * on the path to the first screen. zod keeps its configuration on this global precisely so that
 * every copy of it shares one (zod/v4/core `globalConfig`); setting it first is `z.config({ jitless: true })`
 * before zod has loaded. zod-jitless.test.ts checks zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
