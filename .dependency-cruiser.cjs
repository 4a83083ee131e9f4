/* global module */
// Which way imports point, checked by dependency-cruiser on resolved paths: where an import lands,
// not how it is spelled (`./../x`, `../a/../x`, `import('x')` and `export … from` alike), type-only
// imports included. docs/architecture.md draws the same rooms and floors; `npm run lint:deps`
// (scripts/deps/check.ts) runs this rule set and prints the cycle and back-arrow counts, and
// scripts/deps/rules.test.ts checks that each planted spelling of a crossing fails it.
//
// Every file belongs to a room, and an `allowed` rule says what each room may import: a dependency
// no rule allows is an error (allowedSeverity), so a file in no room cannot import anything. The
// named rules before it say *why* the common crossings fail.

/** Test code: test files, and the test-support/ and test-fixtures/ folders beside them. */
const TEST_FOLDER = '(test-support|test-fixtures)/';
const TEST_FILE = '\\.test\\.tsx?$';
const TEST = `(^|/)${TEST_FOLDER}|${TEST_FILE}`;
/** Test code under a folder ('src-main/'): the three shapes of TEST below it. */
const testShapes = (prefix) => [`^${prefix}${TEST_FOLDER}`, `^${prefix}.*/${TEST_FOLDER}`, `^${prefix}.*${TEST_FILE}`];
const testUnder = (prefix) => testShapes(prefix).join('|');
/** Programs only tests run: vitest's and Playwright's configs and setup files, and the e2e specs. */
const TEST_TOOLS = '^(e2e/|vitest\\.config\\.ts$|playwright\\.config\\.ts$)|\\.setup\\.ts$';

/**
 * The main process's rooms (top-level folders of src-main), on floors: a room imports only the
 * rooms in its `uses`, each on a lower floor, and each through its index.ts. Inside its own room
 * a file imports what it likes. Everything may use src-shared (floor 0).
 */
const MAIN_ROOMS = {
  platform: { floor: 1, uses: [] },
  i18n: { floor: 1, uses: [] },
  api: { floor: 2, uses: ['platform'] },
  keychain: { floor: 2, uses: ['i18n'] },
  media: { floor: 2, uses: ['i18n', 'platform'] },
  updates: { floor: 2, uses: ['i18n', 'platform'] },
  store: { floor: 3, uses: ['api', 'platform'] },
  sandbox: { floor: 4, uses: ['media', 'platform', 'store'] },
  sync: { floor: 4, uses: ['api', 'i18n', 'platform', 'store'] },
  uploads: { floor: 4, uses: ['api', 'i18n', 'media', 'platform', 'store'] },
  workspaces: { floor: 4, uses: ['api', 'i18n', 'keychain', 'platform', 'store'] },
  'course-push': { floor: 5, uses: ['api', 'i18n', 'platform', 'store', 'uploads'] },
  diagnostics: { floor: 5, uses: ['api'] },
  'ipc-views': { floor: 6, uses: ['api', 'course-push', 'sync', 'uploads'] },
  services: {
    floor: 7,
    uses: [
      'api',
      'course-push',
      'diagnostics',
      'i18n',
      'ipc-views',
      'keychain',
      'platform',
      'sandbox',
      'store',
      'sync',
      'updates',
      'uploads',
      'workspaces',
    ],
  },
  cli: {
    floor: 7,
    uses: [
      'api',
      'course-push',
      'diagnostics',
      'i18n',
      'keychain',
      'media',
      'platform',
      'store',
      'sync',
      'uploads',
      'workspaces',
    ],
  },
  ipc: { floor: 8, uses: ['i18n', 'ipc-views', 'platform', 'services', 'sync', 'uploads'] },
  'bridge-host': { floor: 9, uses: ['ipc', 'platform', 'services'] },
  shell: { floor: 9, uses: ['ipc', 'platform', 'services'] },
};
/** src-main/index.ts, the Electron entry, sits above every room. */
const MAIN_ENTRY_USES = ['cli', 'ipc', 'services', 'shell'];

/**
 * The renderer's features, ranked: a feature imports only features of a lower level, and only
 * through their entry file (features/X/index.ts), so two features never import each other.
 */
const FEATURE_LEVELS = [
  ['workspaces', 'picker', 'updates'],
  ['drafts'],
  ['lessons', 'structure', 'folder-push'],
  ['courses'],
  ['assessments', 'assignments', 'quizzes', 'uploads', 'diagnostics'],
];

const R = 'src-renderer/src/';
/** The renderer's floors below the features and above them. */
const RENDERER_LIB = `^${R}(lib/|(?!main\\.tsx$)[^/]+$)`; // lib/, bridge.ts, bridge-http.ts
const RENDERER_COMPONENTS = `^${R}components/`;
const RENDERER_APP = `^${R}app/`;
const RENDERER_MAIN = `^${R}main\\.tsx$`;

const SHARED = '^src-shared/';
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** src-main's rooms' entry files, and the Electron entry. */
const MAIN_ENTRIES = '^src-main/index\\.ts$|^src-main/[^/]+/index\\.ts$';
const entryOf = (room) => `^src-main/${escape(room)}/index\\.ts$`;
const featureEntry = (feature) => `^${R}features/${escape(feature)}/index\\.ts$`;
/** What the shell may enter a feature by: its entry file, and its screens (screens.ts: loaders of
 * the screens it loads on first visit, so a static import of the entry does not pull them in). */
const shellEntry = (feature) => `^${R}features/${escape(feature)}/(index|screens)\\.ts$`;
const PACKAGES = ['core', 'npm'];

/** Floors in one list (higher imports lower), for the back-arrow rules and the docs. */
function floors() {
  const list = [
    ...Object.entries(MAIN_ROOMS).map(([room, { floor }]) => ({ path: `^src-main/${escape(room)}/`, floor })),
    { path: '^src-main/index\\.ts$', floor: 10 },
    { path: RENDERER_LIB, floor: 1 },
    { path: RENDERER_COMPONENTS, floor: 2 },
    ...FEATURE_LEVELS.flatMap((level, rank) =>
      level.map((feature) => ({ path: `^${R}features/${escape(feature)}/`, floor: 3 + rank })),
    ),
    { path: RENDERER_APP, floor: 3 + FEATURE_LEVELS.length },
    { path: RENDERER_MAIN, floor: 4 + FEATURE_LEVELS.length },
  ];
  return list;
}

function backArrowRules() {
  const all = floors();
  const renderer = (path) => path.startsWith(`^${R}`);
  return all
    .map(({ path, floor }) => {
      const higher = all.filter((other) => other.floor > floor && renderer(other.path) === renderer(path));
      if (higher.length === 0) return null;
      return {
        name: 'back-arrow',
        severity: 'error',
        comment: 'A lower floor imports a higher one (docs/architecture.md, "Which way imports point").',
        from: { path, pathNot: TEST },
        to: { path: higher.map((other) => other.path) },
      };
    })
    .filter(Boolean);
}

function mainAllowed() {
  const rooms = Object.entries(MAIN_ROOMS).map(([room, { uses }]) => ({
    from: { path: `^src-main/${escape(room)}/`, pathNot: TEST },
    to: { path: [`^src-main/${escape(room)}/`, ...uses.map(entryOf), SHARED] },
  }));
  return [
    ...rooms,
    { from: { path: '^src-main/index\\.ts$' }, to: { path: [...MAIN_ENTRY_USES.map(entryOf), SHARED] } },
    // Packages the app ships (dependencies) and Node's own; electron only in the shell and entry.
    { from: { path: '^src-main/', pathNot: TEST }, to: { dependencyTypes: PACKAGES } },
    { from: { path: '^src-main/', pathNot: TEST }, to: { path: '^package\\.json$' } },
    { from: { path: '^src-main/(shell/|index\\.ts$)', pathNot: TEST }, to: { path: '^node_modules/electron/' } },
    // Tests use their own room, the other rooms through their index.ts, and test support anywhere.
    ...testShapes('src-main/([^/]+)/').map((path) => ({
      from: { path },
      to: { path: ['^src-main/$1/', MAIN_ENTRIES, testUnder('src-main/'), SHARED, '^scripts/'] },
    })),
    { from: { path: testUnder('src-main/') }, to: { path: [MAIN_ENTRIES, testUnder('src-main/'), SHARED] } },
    { from: { path: testUnder('src-main/') }, to: { dependencyTypes: [...PACKAGES, 'npm-dev'] } },
  ];
}

function rendererAllowed() {
  const below = [RENDERER_LIB, SHARED];
  const features = FEATURE_LEVELS.flatMap((level, rank) =>
    level.map((feature) => ({
      from: { path: `^${R}features/${escape(feature)}/`, pathNot: TEST },
      to: {
        path: [
          `^${R}features/${escape(feature)}/`,
          ...FEATURE_LEVELS.slice(0, rank).flat().map(featureEntry),
          RENDERER_COMPONENTS,
          ...below,
        ],
      },
    })),
  );
  const allFeatureEntries = FEATURE_LEVELS.flat().map(shellEntry);
  return [
    ...features,
    {
      from: { path: RENDERER_APP, pathNot: TEST },
      to: { path: [RENDERER_APP, ...allFeatureEntries, RENDERER_COMPONENTS, ...below] },
    },
    { from: { path: RENDERER_COMPONENTS, pathNot: TEST }, to: { path: [RENDERER_COMPONENTS, ...below] } },
    { from: { path: RENDERER_LIB, pathNot: TEST }, to: { path: below } },
    { from: { path: RENDERER_MAIN }, to: { path: [RENDERER_APP, ...below, `^${R}.*\\.css$`] } },
    // The renderer runs in Chromium: packages it ships, never Node's modules nor electron.
    { from: { path: `^${R}`, pathNot: TEST }, to: { dependencyTypes: ['npm'] } },
    // Renderer tests reach across; the fake main builds window.lectern with the preload's builder.
    {
      from: { path: testUnder('src-renderer/') },
      to: {
        path: ['^src-renderer/', SHARED, '^src-preload/bridge\\.ts$', '^node_modules/'],
        pathNot: '^node_modules/electron/',
      },
    },
  ];
}

const allowed = [
  ...mainAllowed(),
  ...rendererAllowed(),
  // src-shared: pure schemas and types, zod and its own files only.
  { from: { path: SHARED }, to: { path: [SHARED, '^node_modules/zod/'] } },
  { from: { path: testUnder('src-shared/') }, to: { path: ['^node_modules/(vitest|fast-check|@formatjs/intl)/'] } },
  // The preload: the IPC contract from src-shared, and electron.
  {
    from: { path: '^src-preload/', pathNot: TEST },
    to: { path: ['^src-preload/', SHARED, '^node_modules/electron/'] },
  },
  { from: { path: testUnder('src-preload/') }, to: { path: ['^src-preload/', SHARED, `^${R}`, '^node_modules/'] } },
  { from: { path: testUnder('src-preload/') }, to: { dependencyTypes: ['core'] } },
  // Scripts (build, start, packaging, benches) stand above the app: rooms through their index.ts.
  {
    from: { path: '^scripts/' },
    to: { path: ['^scripts/', '^src-main/[^/]+/index\\.ts$', SHARED, '^node_modules/', '^package\\.json$'] },
  },
  { from: { path: '^scripts/' }, to: { dependencyTypes: ['core', 'npm', 'npm-dev'] } },
  { from: { path: testUnder('scripts/') }, to: { path: [testUnder('src-main/')] } },
  // Benches measure parts from inside, as tests do.
  { from: { path: '^scripts/bench/' }, to: { path: '^src-main/' } },
  // Tools only tests run (vitest's and Playwright's configs, the e2e specs).
  {
    from: { path: TEST_TOOLS },
    to: { path: ['^e2e/', '^scripts/', MAIN_ENTRIES, testUnder('src-main/'), SHARED, '^node_modules/'] },
  },
  { from: { path: TEST_TOOLS }, to: { dependencyTypes: ['core', 'npm', 'npm-dev'] } },
  // Build configs: electron-vite's.
  { from: { path: '^electron\\.vite\\.config\\.ts$' }, to: { path: ['^node_modules/', '^scripts/', MAIN_ENTRIES] } },
  { from: { path: '^electron\\.vite\\.config\\.ts$' }, to: { dependencyTypes: ['core', 'npm', 'npm-dev'] } },
];

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle, type-only ones included: move what both need down a floor.',
      from: {},
      to: { circular: true },
    },
    ...backArrowRules(),
    {
      name: 'past-entry-file',
      severity: 'error',
      comment: 'Another room of src-main is entered through its index.ts only.',
      from: { path: '^src-main/([^/]+)/' },
      to: { path: '^src-main/[^/]+/', pathNot: ['^src-main/$1/', MAIN_ENTRIES, testUnder('src-main/')] },
    },
    {
      name: 'past-entry-file',
      severity: 'error',
      comment: 'The shell enters a feature through its entry file (features/X/index.ts) or its screens.ts.',
      from: { path: `^${R}(?!features/)`, pathNot: TEST },
      to: { path: `^${R}features/[^/]+/`, pathNot: `^${R}features/[^/]+/(index|screens)\\.ts$` },
    },
    {
      name: 'past-entry-file',
      severity: 'error',
      comment: 'A feature uses another only through its entry file, features/X/index.ts.',
      from: { path: `^${R}features/([^/]+)/`, pathNot: TEST },
      to: { path: `^${R}features/[^/]+/`, pathNot: [`^${R}features/$1/`, `^${R}features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'test-support-outside-its-folder',
      severity: 'error',
      comment: 'Test support lives in a test-support/ folder, never among production files.',
      from: { path: '(^|/)test-support\\.ts$|-support\\.ts$', pathNot: ['^e2e/', '(^|/)test-support/'] },
      to: {},
    },
    {
      name: 'test-code-in-production',
      severity: 'error',
      comment: 'Code that ships never imports tests or test support.',
      from: { pathNot: [TEST, TEST_TOOLS] },
      to: { path: TEST },
    },
  ],
  allowed,
  allowedSeverity: 'error',
  options: {
    doNotFollow: { path: '^node_modules/' },
    exclude: { path: ['^(out|node_modules|test-results|playwright-report)/', '^scripts/deps/fixtures/'] },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
// The tables themselves, for scripts/deps (not part of the configuration dependency-cruiser reads).
Object.defineProperty(module.exports, 'layers', {
  value: { MAIN_ROOMS, MAIN_ENTRY_USES, FEATURE_LEVELS },
  enumerable: false,
});
