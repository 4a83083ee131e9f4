// Main process / plain Node. The sandbox server's database: its migrations, one per file, in order
// (store/migrate.ts applies them; the number in a file's name is its schema version).
import type { Migration } from '../../store/index.ts';
import { migration as m0001 } from './0001-sandbox-resources.ts';
import { migration as m0002 } from './0002-lesson-video-processing.ts';
import { migration as m0003 } from './0003-course-preview-video-processing.ts';

export const SANDBOX_MIGRATIONS: readonly Migration[] = [m0001, m0002, m0003];
