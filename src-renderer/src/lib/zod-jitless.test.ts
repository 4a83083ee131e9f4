// Renderer tests (jsdom): zod takes the configuration set before it loaded, so the window never
// tries zod's eval-based fast path (the CSP forbids eval; e2e/csp.spec.ts checks the window).
import { expect, it } from 'vitest';

it('zod is jitless when this module ran before zod loaded', async () => {
  await import('./zod-jitless.ts');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  // And a schema built now parses without compiling anything (no eval was needed for it).
  expect(z.object({ id: z.string() }).parse({ id: 'a', other: 1 })).toEqual({ id: 'a' });
});
