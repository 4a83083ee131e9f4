// Lint config (Node). Type-aware rules for every process, React hooks rules for the renderer.
// Which way imports point (layers, entry files, cycles, test support) is dependency-cruiser's, on
// resolved paths: .dependency-cruiser.cjs, `npm run lint:deps`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // undici's index loads all of undici (fetch, WebSocket, caches…): the app and the CLI take its
    // Agent and `request` from api/http-stack.ts, which loads only those (start time).
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
    // Small components fed by their stores. A renderer function longer than this is split
    // into named parts (tests are exempt: a scenario reads best in one piece).
    files: ['src-renderer/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  { files: ['**/*.js', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
