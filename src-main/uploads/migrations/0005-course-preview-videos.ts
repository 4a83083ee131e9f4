// Main process / plain Node. The upload journal, schema version 5, applied by store/migrate.ts after
// version 4. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 5,
  name: 'course preview videos',
  // A row whose upload becomes its course's preview video instead of a lesson's. Its own column
  // because target_kind's CHECK cannot change without rebuilding the table (whose parts and file
  // checks cascade from it): a preview row keeps target_kind 'new' and section_id '', and is read
  // back as a preview target only through this column (a journal of this version is refused by
  // older versions, so none of them can take it for a new lesson).
  up(db) {
    db.exec(`
      ALTER TABLE uploads ADD COLUMN attach_to TEXT NOT NULL DEFAULT 'lesson'
        CHECK (attach_to IN ('lesson', 'course-preview'));
    `);
  },
};
