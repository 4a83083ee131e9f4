// Tests (plain Node). vitest's `main` project runs its files one after another in one process
// (vitest.config.ts, isolate: false), so a lint rule keeps those files from replacing a module or
// stubbing a global, which would outlast the file; Electron's shell tests, in their own project,
// may. Linted as fixtures: each forbidden call must fail, the shell's must pass.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  // The rule needs no type information: lint without it so fixtures need no tsconfig entry.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.ts'] }],
  });
});

async function restricted(filePath: string, call: string): Promise<string[]> {
  const code = `import { vi } from 'vitest';\n${call};\n`;
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

describe("main's test files share one process", () => {
  const calls = [
    "vi.mock('node:fs')",
    "vi.doMock('node:fs')",
    "vi.stubGlobal('fetch', 1)",
    "vi.stubEnv('HOME', '/')",
    'vi.resetModules()',
  ];
  const files = [
    'src-main/uploads/fixture.test.ts',
    'src-shared/fixture.test.ts',
    'src-preload/fixture.test.ts',
    'scripts/build/fixture.test.ts',
  ];

  for (const call of calls) {
    it(`${call} fails the lint in every folder of the project`, async () => {
      for (const file of files) {
        expect(await restricted(file, call), file).toEqual([expect.stringMatching(/share one process/)]);
      }
    });
  }

  it("Electron's shell tests, each in its own process, may replace modules", async () => {
    for (const call of calls) expect(await restricted('src-main/shell/fixture.test.ts', call), call).toEqual([]);
  });

  it('timers and spies, which a file gives back, are not restricted', async () => {
    expect(await restricted('src-main/uploads/fixture.test.ts', 'vi.useFakeTimers()')).toEqual([]);
    expect(await restricted('src-main/uploads/fixture.test.ts', "vi.spyOn(console, 'log')")).toEqual([]);
  });
});
