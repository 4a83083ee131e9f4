// Main process / plain Node. The sandbox server's database, schema version 1, applied by store/migrate.ts after
// version 0. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 1,
  name: 'sandbox resources',
  up: (db) => {
    db.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE api_keys (principal TEXT PRIMARY KEY, api_key TEXT NOT NULL UNIQUE);

      CREATE TABLE categories (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL, name TEXT NOT NULL,
        created TEXT NOT NULL, updated TEXT NOT NULL);
      CREATE INDEX categories_owner ON categories (owner, name);

      CREATE TABLE courses (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL, name TEXT NOT NULL,
        level TEXT NOT NULL, description TEXT NOT NULL, source TEXT, requirements TEXT NOT NULL,
        status TEXT NOT NULL, has_enrollments INTEGER NOT NULL, cover_image_url TEXT NOT NULL,
        preview_video_url TEXT NOT NULL, preview_video_status TEXT NOT NULL, preview_video_ready TEXT NOT NULL,
        preview_video_error TEXT, preview_video_has_subtitles INTEGER NOT NULL,
        preview_video_playback_endpoint TEXT, instructors TEXT NOT NULL,
        created TEXT NOT NULL, updated TEXT NOT NULL);
      CREATE INDEX courses_owner ON courses (owner, seq);

      CREATE TABLE course_categories (
        course_id TEXT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        category_id TEXT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
        PRIMARY KEY (course_id, category_id));
      CREATE INDEX course_categories_category ON course_categories (category_id);

      CREATE TABLE sections (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,
        course_id TEXT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        title TEXT NOT NULL, description TEXT NOT NULL, ord INTEGER NOT NULL,
        created TEXT NOT NULL, updated TEXT NOT NULL);
      CREATE INDEX sections_course ON sections (course_id, ord);

      CREATE TABLE uploads (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL, upload_type TEXT NOT NULL,
        file_name TEXT NOT NULL, content_type TEXT NOT NULL, file_size INTEGER NOT NULL, status TEXT NOT NULL,
        part_size INTEGER NOT NULL, total_parts INTEGER NOT NULL, multipart_upload_id TEXT NOT NULL,
        expires TEXT NOT NULL, completed TEXT, completed_parts TEXT,
        created TEXT NOT NULL, updated TEXT NOT NULL);

      CREATE TABLE upload_parts (
        upload_id TEXT NOT NULL REFERENCES uploads (id) ON DELETE CASCADE, part_number INTEGER NOT NULL,
        etag TEXT NOT NULL, size INTEGER NOT NULL, updated TEXT NOT NULL,
        PRIMARY KEY (upload_id, part_number));

      CREATE TABLE lessons (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,
        course_id TEXT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        section_id TEXT NOT NULL REFERENCES sections (id) ON DELETE CASCADE,
        title TEXT NOT NULL, description TEXT NOT NULL, source TEXT NOT NULL, lesson_type TEXT NOT NULL,
        ord INTEGER NOT NULL, text_content TEXT NOT NULL, duration_seconds INTEGER NOT NULL,
        video_upload_id TEXT REFERENCES uploads (id), video_caption TEXT NOT NULL,
        document_url TEXT NOT NULL, document_name TEXT NOT NULL, image_url TEXT NOT NULL, image_name TEXT NOT NULL,
        resources TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL);
      CREATE INDEX lessons_section ON lessons (section_id, ord, seq);
      CREATE INDEX lessons_course ON lessons (course_id);

      CREATE TABLE quizzes (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL,
        lesson_id TEXT NOT NULL UNIQUE REFERENCES lessons (id) ON DELETE CASCADE,
        status TEXT NOT NULL, total_points TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL);
      CREATE INDEX quizzes_owner ON quizzes (owner, seq);

      CREATE TABLE learning_classes (
        id TEXT PRIMARY KEY, owner TEXT NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL);

      CREATE TABLE assessments (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL,
        course_id TEXT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        title TEXT NOT NULL, description TEXT NOT NULL, source TEXT, type TEXT, organization_strategy TEXT,
        seat_layout TEXT, duration_hours INTEGER NOT NULL, duration_minutes INTEGER NOT NULL,
        status TEXT NOT NULL, total_points TEXT NOT NULL, questions TEXT NOT NULL,
        start_datetime TEXT, submission_date TEXT, deadline_datetime TEXT, locked_datetime TEXT,
        results_released_datetime TEXT, maximum_attempts INTEGER NOT NULL, auto_release_result INTEGER NOT NULL,
        camera_proctoring_enabled INTEGER NOT NULL, passing_score_percent REAL, passing_score_points REAL,
        locations TEXT NOT NULL, groups_json TEXT NOT NULL, seats TEXT NOT NULL,
        created TEXT NOT NULL, updated TEXT NOT NULL);
      CREATE INDEX assessments_owner ON assessments (owner, seq);

      CREATE TABLE assignments (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, owner TEXT NOT NULL,
        course_id TEXT NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        class_id TEXT NOT NULL REFERENCES learning_classes (id),
        title TEXT NOT NULL, description TEXT NOT NULL, duration_hours INTEGER NOT NULL,
        duration_minutes INTEGER NOT NULL, status TEXT NOT NULL, total_points TEXT NOT NULL,
        submission_date TEXT NOT NULL, questions TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL);

      -- Completed create requests, replayed for 24 h. In-progress claims live in memory only, so a
      -- crash never leaves a key stuck "in progress".
      CREATE TABLE idempotency (
        principal TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
        body TEXT NOT NULL, created_ms INTEGER NOT NULL, PRIMARY KEY (principal, key));
    `);
  },
};
