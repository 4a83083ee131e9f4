// Main process / plain Node. The upload journal, schema version 6, applied by store/migrate.ts after
// version 5. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 6,
  name: 'push quick check',
  // What lets `course push` plan at the speed of a directory listing (course-push/push-state.ts):
  // besides size and mtime, the device and inode of the file last pushed (with size and mtime,
  // rsync's quick check: equal, the bytes are taken as the ones pushed and not read); the MD5 of
  // its parts' MD5s as the upload engine computed them while sending (`partSize:hex`, so a video
  // is hashed once, on the way out, instead of before the plan and again while sending); and the
  // SHA-256 of its sampled bytes (uploads/duplicates.ts), which tells changed bytes without
  // reading the whole file. Rows of version 5 keep content_sha256 and get NULLs here.
  up(db) {
    db.exec(`
      ALTER TABLE push_entries ADD COLUMN dev INTEGER;
      ALTER TABLE push_entries ADD COLUMN ino INTEGER;
      ALTER TABLE push_entries ADD COLUMN content_md5_parts TEXT;
      ALTER TABLE push_entries ADD COLUMN sample_sha256 TEXT;
    `);
  },
};
