// Tests (plain Node). The renderer's layers are lint rules (eslint.config.js, drawn in
// docs/architecture.md): app → features → components / lib → src-shared, a feature enters another
// only through its index.ts, features are ranked so two never import each other, components
// import no feature. Each forbidden kind is linted as a fixture and must fail with its message;
// every feature folder must have a place in the ranking. (That the real renderer passes is
// `npm run lint`'s job.)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = 'src-renderer/src';
let eslint: ESLint;
let FEATURE_LEVELS: string[][];

beforeAll(async () => {
  // The lint config is plain JS (no types): read the one list this test needs from it.
  const config = '../eslint.config.js';
  ({ FEATURE_LEVELS } = (await import(config)) as { FEATURE_LEVELS: string[][] });
  // Import rules need no type information: lint without it so fixtures need no tsconfig entry.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.{ts,tsx}'] }],
  });
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const use = (specifier: string) => `import { thing } from '${specifier}';\nexport const used = thing;\n`;

describe('the renderer layers as lint rules', () => {
  const forbidden: [kind: string, file: string, specifier: string, message: RegExp][] = [
    ['a feature imports app', `${SRC}/features/drafts/Fixture.tsx`, '../../app/StatusBar.tsx', /top layer/],
    ['components import app', `${SRC}/components/Fixture.tsx`, '../app/StatusBar.tsx', /top layer/],
    ['lib imports app', `${SRC}/lib/fixture.ts`, '../app/early-reads.ts', /top layer/],
    ['components import a feature', `${SRC}/components/Fixture.tsx`, '../features/workspaces/index.ts', /feature-free/],
    ['lib imports a feature', `${SRC}/lib/fixture.ts`, '../features/drafts/index.ts', /never imports one/],
    ['lib imports components', `${SRC}/lib/fixture.ts`, '../components/Badge.tsx', /holds no UI/],
    ['the bridge imports a feature', `${SRC}/fixture.ts`, './features/drafts/index.ts', /never imports one/],
    ['a feature skips the entry file', `${SRC}/features/courses/Fixture.tsx`, '../lessons/store.ts', /entry file/],
    ['a feature imports a higher one', `${SRC}/features/drafts/Fixture.tsx`, '../courses/index.ts', /lower level/],
    ['a feature imports one of its own level', `${SRC}/features/quizzes/fixture.ts`, '../uploads/index.ts', /lower/],
    ['back from lessons to courses (the old cycle)', `${SRC}/features/lessons/f.ts`, '../courses/index.ts', /lower/],
    ['the renderer imports Node', `${SRC}/features/drafts/fixture.ts`, 'node:fs', /typed bridge/],
  ];

  it.each(forbidden)('%s: the lint fails', async (_kind, file, specifier, message) => {
    const errors = await importErrors(file, use(specifier));
    expect(errors).toEqual([expect.stringMatching(message)]);
  });

  const allowed: [kind: string, file: string, specifier: string][] = [
    ['a feature uses a lower one through its entry', `${SRC}/features/courses/Fixture.tsx`, '../lessons/index.ts'],
    ['a feature uses its own files', `${SRC}/features/courses/Fixture.tsx`, './store.ts'],
    ['a feature uses components and lib', `${SRC}/features/courses/Fixture.tsx`, '../../components/Badge.tsx'],
    ['components use lib', `${SRC}/components/Fixture.tsx`, '../lib/format.ts'],
    ['app uses a feature', `${SRC}/app/Fixture.tsx`, '../features/courses/CoursesScreen.tsx'],
    ['a test reaches into another feature', `${SRC}/lib/fixture.test.ts`, '../features/courses/store.ts'],
  ];

  it.each(allowed)('%s: the lint passes', async (_kind, file, specifier) => {
    expect(await importErrors(file, use(specifier))).toEqual([]);
  });

  it('every feature folder has its place in FEATURE_LEVELS', () => {
    const folders = readdirSync(join(ROOT, SRC, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(FEATURE_LEVELS.flat().sort());
  });
});
