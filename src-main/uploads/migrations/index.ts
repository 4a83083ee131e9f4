// Main process / plain Node. The upload journal: its migrations, one per file, in order
// (store/migrate.ts applies them; the number in a file's name is its schema version).
import type { Migration } from '../../store/index.ts';
import { migration as m0001 } from './0001-upload-journal.ts';
import { migration as m0002 } from './0002-what-was-read-from-each-file.ts';
import { migration as m0003 } from './0003-lesson-order-and-video-processing.ts';
import { migration as m0004 } from './0004-course-folder-pushes.ts';
import { migration as m0005 } from './0005-course-preview-videos.ts';
import { migration as m0006 } from './0006-push-quick-check.ts';

export const journalMigrations: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006];
