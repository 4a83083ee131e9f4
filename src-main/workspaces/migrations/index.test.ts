// Main process / plain Node tests. The workspaces database's migrations: one numbered file per
// version, in order (version 1 is the latest; its own test starts from an empty file).
import { describe, expect, it } from 'vitest';
import { migrationFolderProblems } from '../../test-support/index.ts';
import { workspaceMigrations } from './index.ts';

describe('workspaces migrations', () => {
  it('are the numbered files of this folder, in order', async () => {
    expect(await migrationFolderProblems(import.meta.dirname, workspaceMigrations)).toEqual([]);
    expect(workspaceMigrations.map((m) => m.version)).toEqual([1]);
  });
});
