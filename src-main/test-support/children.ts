// Test support (plain Node, used only by tests): where a test finds the programs it starts as real
// child processes — the `lectern` CLI and the crash children. vitest's global setup
// (scripts/build/test-children.setup.ts) bundles them once per run, as `npm run build` bundles the
// CLI users run: a child then starts from plain JavaScript instead of stripping TypeScript at every
// start (about a CPU-second each, and a run starts hundreds). Without that setup, the sources.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by the global setup to the folder holding `<name>.mjs` for each child below. */
export const TEST_CHILDREN_ENV = 'LECTERN_TEST_CHILDREN_DIR';

/** Each child program: its source, relative to src-main. */
export const TEST_CHILD_SOURCES = {
  lectern: 'cli/main.ts',
  'upload-kill-child': 'uploads/test-support/kill-child.ts',
  'sync-crash-child': 'sync/test-support/crash-child.ts',
  'app-push-child': 'test-support/app-push-child.ts',
  'outline-write-child': 'sync/cache/test-support/outline-write-child.ts',
} as const;

export type TestChildName = keyof typeof TEST_CHILD_SOURCES;

export function testChildSource(name: TestChildName): string {
  return fileURLToPath(new URL(`../${TEST_CHILD_SOURCES[name]}`, import.meta.url));
}

/** The file to run with `process.execPath` for this child: the bundle when there is one. */
export function testChildEntry(name: TestChildName): string {
  const dir = process.env[TEST_CHILDREN_ENV];
  return dir ? join(dir, `${name}.mjs`) : testChildSource(name);
}
