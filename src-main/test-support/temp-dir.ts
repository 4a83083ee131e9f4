// Test support (plain Node, tests only): temporary folders that remove themselves, so no test
// pairs mkdtemp with its own rm (and none leaks one when an assertion fails halfway).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';

/** A fresh folder that the caller removes (removeDir) when whatever owns it closes. */
export function makeTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
}

/** A fresh folder, removed when the current test finishes. Call inside a test or a beforeEach. */
export function tempDir(prefix = 'lectern-test-'): string {
  const dir = makeTempDir(prefix);
  onTestFinished(() => removeDir(dir));
  return dir;
}

/**
 * One folder for every test of the enclosing file or describe block: created before them, removed
 * after them. Call where the tests are declared (not inside one); read `.path` from the tests.
 */
export function suiteTempDir(prefix = 'lectern-test-'): { readonly path: string } {
  let dir: string | null = null;
  beforeAll(() => {
    dir = makeTempDir(prefix);
  });
  afterAll(() => {
    if (dir !== null) removeDir(dir);
    dir = null;
  });
  return {
    get path() {
      if (dir === null) throw new Error('suiteTempDir: read .path from a test or hook, not where tests are declared');
      return dir;
    },
  };
}
