import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';

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
});
