// Lint config (Node). Type-aware rules for every process, React hooks rules for the renderer,
// and import boundaries: src-shared imports only zod and itself; the renderer may not import Node,
// Electron, main-process or preload code; the preload may not import main-process code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * src-shared may import the given packages and its own files only. `depth` is how many folders
 * below src-shared the linted files are, so a relative path may climb to src-shared and no higher.
 */
function sharedImportsOnly(depth, packages) {
  const allowed = packages.join('|');
  return [
    'error',
    {
      patterns: [
        { regex: `^(?!(?:${allowed})$|\\.\\.?/)`, message: 'src-shared imports only zod and its own files.' },
        {
          regex: `^(?:\\./)?(?:\\.\\./){${depth + 1},}`,
          message: 'src-shared imports only its own files, never another process’s code.',
        },
      ],
    },
  ];
}

const rendererBans = ['node:*', 'electron', '**/src-main/**', '**/src-preload/**'];
const rendererBanMessage = 'The renderer talks to main only through the typed bridge (types from src-shared).';

/**
 * The renderer's layers (docs/architecture.md): app → features → components / lib → src-shared,
 * never back up. Features are ranked: a feature imports only features of a lower level, and only
 * through their entry file (`features/X/index.ts`), so no two features import each other.
 * A new feature folder must be placed here (src-main/renderer-layers.test.ts checks it).
 */
export const FEATURE_LEVELS = [
  ['workspaces', 'picker', 'updates'],
  ['drafts'],
  ['lessons', 'structure', 'folder-push'],
  ['courses'],
  ['assessments', 'assignments', 'quizzes', 'uploads', 'diagnostics'],
];

/** The renderer's import rule for one group of files: the process bans plus the layer patterns. */
function rendererImports(layerPatterns) {
  return ['error', { patterns: [{ group: rendererBans, message: rendererBanMessage }, ...layerPatterns] }];
}

const UP_TO_APP = 'app is the top layer: nothing below it imports it.';

function featureLayerBlocks() {
  return FEATURE_LEVELS.flatMap((level, rank) =>
    level.map((feature) => {
      const higher = FEATURE_LEVELS.slice(rank)
        .flat()
        .filter((f) => f !== feature);
      const patterns = [
        { regex: '^\\.\\./\\.\\./app/', message: UP_TO_APP },
        {
          regex: `^\\.\\./(?!${feature}/)[\\w-]+/(?!index\\.ts$)`,
          message: 'A feature uses another only through its entry file, features/X/index.ts.',
        },
      ];
      if (higher.length > 0) {
        patterns.push({
          regex: `^\\.\\./(${higher.join('|')})/`,
          message: `features/${feature} may import only features of a lower level (FEATURE_LEVELS in eslint.config.js); two features never import each other.`,
        });
      }
      return {
        files: [`src-renderer/src/features/${feature}/**/*.{ts,tsx}`],
        ignores: ['**/*.test.ts', '**/*.test.tsx'],
        rules: { 'no-restricted-imports': rendererImports(patterns) },
      };
    }),
  );
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.lectern-data/**',
      'bin/**',
      // Planted import crossings for scripts/deps/rules.test.ts (dependency-cruiser reads them).
      'scripts/deps/fixtures/**',
      // electron-vite's config, compiled to a temporary file beside it while a build runs: lint
      // runs side by side with the build (npm test) and must not read a file about to vanish.
      '*.config.ts.*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: [
          './tsconfig.shared.json',
          './tsconfig.node.json',
          './tsconfig.preload.json',
          './tsconfig.web.json',
          './tsconfig.web-test.json',
          './tsconfig.e2e.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: rendererBans, message: rendererBanMessage }] }],
    },
  },
  ...featureLayerBlocks(),
  {
    files: ['src-renderer/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': rendererImports([
        { regex: '^\\.\\./app/', message: UP_TO_APP },
        {
          regex: '^\\.\\./features/',
          message: 'components/ are feature-free building blocks: a screen passes them what they show.',
        },
      ]),
    },
  },
  {
    files: ['src-renderer/src/lib/**/*.{ts,tsx}', 'src-renderer/src/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src-renderer/src/main.tsx'],
    rules: {
      'no-restricted-imports': rendererImports([
        { regex: '^\\.\\.?/app/', message: UP_TO_APP },
        { regex: '^\\.\\.?/features/', message: 'lib/ sits below the features: it never imports one.' },
        { regex: '^\\.\\.?/components/', message: 'lib/ holds no UI: components import lib, not the other way.' },
      ]),
    },
  },
  {
    // The test fake builds `window.lectern` with the preload's own (Electron-free) builder.
    files: ['src-renderer/test-support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...rendererBans, '!**/src-preload/bridge.ts'], message: rendererBanMessage }] },
      ],
    },
  },
  {
    files: ['src-shared/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': sharedImportsOnly(0, ['zod']) },
  },
  {
    files: ['src-shared/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': sharedImportsOnly(1, ['zod']) },
  },
  {
    files: ['src-shared/*.test.ts'],
    rules: { 'no-restricted-imports': sharedImportsOnly(0, ['zod', 'vitest', 'fast-check']) },
  },
  {
    files: ['src-shared/*/*.test.ts'],
    rules: { 'no-restricted-imports': sharedImportsOnly(1, ['zod', 'vitest', 'fast-check']) },
  },
  {
    files: ['src-preload/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-main/**', '**/src-renderer/**'],
              message: 'The preload carries the IPC contract from src-shared; it never imports main or renderer code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/shell/**', 'src-main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Only src-main/shell imports electron; services run under plain Node.' },
          ],
        },
      ],
    },
  },
  {
    // undici's index loads all of undici (fetch, WebSocket, caches…): the app and the CLI take its
    // Agent and `request` from api/http-stack.ts, which loads only those (issue 19, start time).
    files: ['src-main/**/*.ts'],
    ignores: ['**/*.test.ts', 'src-main/api/http-stack.ts', '**/test-support/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'undici',
              allowTypeImports: true,
              message: 'Take Agent and request from src-main/api (http-stack.ts): undici’s index loads all of undici.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // vitest's `main` project runs these files one after another in one process (isolate: false,
    // vitest.config.ts): a file that replaced a module or stubbed a global would change the files
    // after it. Electron's shell tests, which must, run in their own project.
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-preload/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['src-main/shell/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message: `vi.${property} would outlast this file: main's test files share one process (see vitest.config.ts).`,
        })),
      ],
    },
  },
  {
    // Test support is for tests: code that ships never imports it.
    files: ['src-main/**/*.ts', 'src-preload/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test-support/**',
      '**/test-support.ts',
      '**/*-support.ts',
      '**/testing/**',
      '**/test-fixtures/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/(test-support|-support\\.ts$|\\/testing\\/)/]',
          message: 'Production code never imports test support.',
        },
      ],
    },
  },
  {
    // Issue 23: small components fed by their stores. A renderer function longer than this is split
    // into named parts (tests are exempt: a scenario reads best in one piece).
    files: ['src-renderer/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  { files: ['**/*.js', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
