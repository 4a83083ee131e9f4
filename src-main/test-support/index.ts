// Test support shared by every main-process test (plain Node, tests only; production code never
// imports it): temporary folders that clean up, the sandbox harness, and wait limits for
// `vi.waitFor`. Fixtures of one module stay beside it and build on these.
export { makeTempDir, removeDir, suiteTempDir, tempDir } from './temp-dir.ts';
export { startTestSandbox, useTestSandbox } from './sandbox.ts';
export type { TestSandbox, TestSandboxOptions } from './sandbox.ts';
export { PROBES_SETTLE, SOON, UPLOAD_SETTLES } from './waits.ts';
export { columnsOf, databaseAt, migrateFile, migrationFolderProblems, schemaNames, userVersion } from './migrations.ts';
