// Main process / plain Node tests. Import rules of the main process, checked on the source text
// (eslint's no-restricted-imports matches specifiers, not the folder a relative path lands in):
//
// 1. A module is entered through its index.ts: a file under src-main/<a>/ that imports from
//    another top-level folder src-main/<b>/ names src-main/<b>/index.ts. Inside its own folder a
//    file imports what it likes. Tests (and test support) may also reach another folder's test
//    support directly (test-support, *-support.ts, testing/, test-fixtures/), which no index
//    exports; anything else they use from another folder comes through its index.ts too.
// 2. Production code never imports test support or tests.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname);

interface ImportEdge {
  /** Relative to src-main, with '/' separators. */
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function edges(): ImportEdge[] {
  const found: ImportEdge[] = [];
  for (const file of sourceFiles(ROOT)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), match[1]!);
      if (!target.startsWith(ROOT + sep)) continue; // preload, package.json: other rules
      found.push({ from: toKey(file), to: toKey(target) });
    }
  }
  return found;
}

const toKey = (path: string) => relative(ROOT, path).split(sep).join('/');
/** The top-level folder a file belongs to; '' for files directly in src-main. */
const topFolder = (key: string) => (key.includes('/') ? key.slice(0, key.indexOf('/')) : '');
const isTest = (key: string) => /\.test\.ts$/.test(key);
const isTestSupport = (key: string) =>
  isTest(key) || /(^|\/)(testing|test-fixtures|test-support)\//.test(key) || /(^|\/)[\w-]*-?support\.ts$/.test(key);

describe('main-process import rules', () => {
  const all = edges();

  it('finds the imports it checks (the scan itself works)', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all).toContainEqual({ from: 'index.ts', to: 'services/index.ts' });
  });

  it('enters other top-level folders only through their index.ts', () => {
    const offenders = all
      .filter((edge) => {
        const target = topFolder(edge.to);
        if (target === '' || target === topFolder(edge.from)) return false;
        if (edge.to === `${target}/index.ts`) return false;
        return !(isTestSupport(edge.from) && isTestSupport(edge.to));
      })
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(offenders).toEqual([]);
  });

  it('keeps test support out of production code', () => {
    const offenders = all
      .filter((edge) => !isTestSupport(edge.from) && isTestSupport(edge.to))
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(offenders).toEqual([]);
  });
});
