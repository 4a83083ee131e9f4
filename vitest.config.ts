import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LongestKnownFirstSequencer } from './scripts/build/test-order.ts';

// Tests start many Node children (the CLI, crash children, the sandbox): Node's compile cache
// keeps their stripped and compiled modules between starts, so each start costs about half the CPU.
process.env['NODE_COMPILE_CACHE'] ??= join(tmpdir(), 'lectern-node-compile-cache');

const SHELL_TESTS = 'src-main/shell/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two workers per core: most files wait much of their time (on child processes, servers,
    // sockets), so two per core keep the cores busy, and on a machine shared with another job they
    // get their share of it. On 2 cores with one kept busy by a shell loop, the whole suite took
    // 372 s with 2 workers, 296 s with 3, 266 s with 4 (249 with 6); on a quiet machine 294 → 230
    // s with 3, the same CPU-seconds.
    maxWorkers: Math.min(8, 2 * availableParallelism()),
    // The longest files start first in a clean clone too (scripts/build/test-order.ts).
    sequence: { sequencer: LongestKnownFirstSequencer },
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
          exclude: [...configDefaults.exclude, SHELL_TESTS],
          environment: 'node',
          // Plain Node modules whose tests replace no module and leave no timer or environment
          // changed: each worker process runs file after file with one module cache, instead of a
          // new process (and a fresh load of vitest and the sources) per file. About 30 % of the
          // suite's CPU (measured 485 → 342 CPU-s for these files).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Electron's shell against the stand-in: these replace modules (vi.mock) and register
          // schemes and handlers in the stand-in's one registry, so each file runs in its own process.
          name: 'shell',
          include: [SHELL_TESTS],
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
          // Each file still gets its own module graph and DOM, in a VM context of a long-lived
          // thread rather than a new process: a third of the CPU (measured 38 → 14 CPU-s).
          pool: 'vmThreads',
        },
      },
    ],
  },
});
