// Main process / plain Node. The workspaces database: its migrations, one per file, in order
// (store/migrate.ts applies them; the number in a file's name is its schema version).
import type { Migration } from '../../store/index.ts';
import { migration as m0001 } from './0001-profiles-and-settings.ts';

export const workspaceMigrations: readonly Migration[] = [m0001];
