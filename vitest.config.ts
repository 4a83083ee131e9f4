import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Tests start many Node children (the CLI, crash children, the sandbox): Node's compile cache
// keeps their stripped and compiled modules between starts, so each start costs about half the CPU.
process.env['NODE_COMPILE_CACHE'] ??= join(tmpdir(), 'lectern-node-compile-cache');

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: keep the worker count small so integration servers are not starved.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          // The CLI and the crash children, bundled once per run (src-main/test-support/children.ts).
          globalSetup: ['scripts/build/test-children.setup.ts'],
          include: [
            'src-main/**/*.test.ts',
            'src-shared/**/*.test.ts',
            'src-preload/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // Renderer units in a DOM (happy-dom), rendered with Testing Library; no Node APIs in the code under test.
        extends: true,
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['src-renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
