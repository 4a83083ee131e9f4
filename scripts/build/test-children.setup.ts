/**
 * vitest global setup (Node 24): bundles the programs tests start as child processes (the CLI and
 * the crash children, src-main/test-support/children.ts) with the CLI's own build, once per run,
 * into a folder inside the project (so keytar and mediainfo.js resolve from node_modules), and
 * removes it at the end. The tests then run what `npm run build` ships, built from this checkout.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  TEST_CHILD_SOURCES,
  TEST_CHILDREN_ENV,
  testChildSource,
  type TestChildName,
} from '../../src-main/test-support/children.ts';
import { bundleNodeEntries } from './cli.ts';

export default async function setup(): Promise<() => void> {
  const base = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'lectern-test-children');
  mkdirSync(base, { recursive: true });
  const dir = join(base, String(process.pid));
  const names = Object.keys(TEST_CHILD_SOURCES) as TestChildName[];
  await bundleNodeEntries(dir, Object.fromEntries(names.map((name) => [`${name}.bundle`, testChildSource(name)])));
  // Each child starts through a two-line launcher that turns Node's compile cache on first, as
  // bin/lectern.js does for the shipped CLI: the bundle is compiled once, not at every start.
  for (const name of names) {
    writeFileSync(
      join(dir, `${name}.mjs`),
      `import module from 'node:module';\nmodule.enableCompileCache?.();\nawait import('./${name}.bundle.mjs');\n`,
    );
  }
  // Workers inherit the environment of the process that starts them.
  process.env[TEST_CHILDREN_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
