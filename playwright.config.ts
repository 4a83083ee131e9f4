/**
 * End-to-end tests (Node). Two projects run the same specs: `chromium` drives Debian's Chromium
 * against the bridge host (the default, and what `npm test` runs), `electron` drives the real app
 * through `_electron.launch` where an Electron binary exists (`npm run e2e:electron`).
 */
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Every test starts a bridge host (a Node child): Node's compile cache keeps its stripped and
// compiled modules between starts, so each start costs about half the CPU.
process.env['NODE_COMPILE_CACHE'] ??= join(tmpdir(), 'lectern-node-compile-cache');

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The bridge host each test starts is bundled from the current sources first (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  // Tests, not files, are spread over the workers: each test has its own bridge host, sandbox,
  // data folder and browser context, and much of a test is waiting on the app's own timers. Two
  // workers per core (at most 4) keep the cores busy through those waits: on 2 cores with one kept
  // busy by a shell loop, the whole suite took 7.4 min with 2 workers and 6.5 with 4.
  fullyParallel: true,
  workers: Math.min(4, 2 * availableParallelism()),
  retries: 0,
  // A flow that passes in 30 s on a quiet machine takes twice that on a loaded one (CI, 2 cores).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e',
  // Screenshot baselines (e2e/screens-look.spec.ts) sit beside their spec, named by the picture
  // and the project only: they are taken in Debian's Chromium with fonts-dejavu-core, the only
  // place the suite runs, so the OS name (Playwright's default suffix) is left out of the path.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}-{projectName}{ext}',
  reporter: process.env['CI']
    ? [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]]
    : 'list',
  // A failed test keeps a screenshot and the page's accessibility snapshot (error-context.md). No
  // trace is recorded: the recorder serialises the DOM around every action of every test, passing
  // or not, about a tenth of the suite's CPU (7 tests, alternated runs: 107 CPU-s without, 115
  // with traces without DOM snapshots, 120 with them). To keep one for a failure you are chasing:
  // `npx playwright test --project=chromium --trace retain-on-failure e2e/that.spec.ts`.
  use: { trace: 'off', screenshot: 'only-on-failure' },
  projects: [{ name: 'chromium' }, { name: 'electron' }],
});
