import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// A sandboxed preload can only require('electron') (electron-vite issues #381/#425): no Electron
// runs here, so the built bundle is inspected instead. `npm test` builds before unit tests.
describe('built preload bundle', () => {
  const file = 'out/preload/index.cjs';

  it('exists (run `npm run build` first)', () => {
    expect(existsSync(file)).toBe(true);
  });

  it('is one CommonJS file whose only require is electron', () => {
    const code = readFileSync(file, 'utf8');
    const required = [...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).not.toMatch(/^\s*import\s|\bimport\(/m);
    expect(code).toContain('exposeInMainWorld');
    expect(code).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*\)/);
  });

  it('holds only preload and shared code (and zod), never main-process or renderer modules', () => {
    // The unminified bundle marks each module it inlines with a `// <path>` line.
    const code = readFileSync(file, 'utf8');
    const modules = [...code.matchAll(/^\/\/ ((?:src-[a-z]+|node_modules)\/\S+\.[cm]?[jt]sx?)$/gm)].map((m) => m[1]!);
    expect(modules).toContain('src-preload/index.ts');
    expect(modules.some((path) => path.startsWith('src-shared/'))).toBe(true);
    const foreign = modules.filter((path) => !/^(?:src-preload\/|src-shared\/|node_modules\/zod\/)/.test(path));
    expect(foreign).toEqual([]);
  });
});

// The minified renderer bundle keeps no module names, so its module graph is walked from the
// entry instead: the bundle is built from exactly these files plus packages.
describe('renderer module graph', () => {
  function importsOf(file: string): string[] {
    const code = readFileSync(file, 'utf8');
    return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  }

  it('reaches only renderer and shared files, and no Node built-in or Electron', () => {
    const seen = new Set<string>();
    const bare = new Set<string>();
    const pending = ['src-renderer/src/main.tsx'];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier));
        else bare.add(specifier);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect([...seen].some((file) => file.startsWith('src-shared/'))).toBe(true);
    expect([...seen].filter((file) => !/^src-(?:renderer\/src|shared)\//.test(file))).toEqual([]);
    expect([...bare].filter((name) => name.startsWith('node:') || name === 'electron')).toEqual([]);
  });
});
