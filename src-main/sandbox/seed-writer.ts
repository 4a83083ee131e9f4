// Main process / plain Node. Inserts seed rows with deterministic ids and past timestamps. Used only by
// seed.ts inside one transaction.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { CourseSeed } from './seed-content.ts';
import type { Sql } from './sql.ts';
import { partFile, uploadDir } from './uploads-repo.ts';

export interface LearnerSummary {
  id: string;
  staff_id: string;
  user_id: string;
  full_name: string | null;
  email: string | null;
  status: string;
}

export interface LocationObject {
  id: string;
  name: string;
  description: string;
  address: string;
  capacity: number;
  created_datetime: string;
  updated_datetime: string;
}

export interface LessonSeed {
  title: string;
  type: 'VIDEO' | 'TEXT' | 'DOCUMENT' | 'IMAGE' | 'QUIZ';
  order: number;
  videoUploadId: string | null;
}

export interface AssessmentFields {
  title: string;
  description: string;
  status: string;
  type: string | null;
  strategy: string | null;
  layout: string | null;
  source: string | null;
  questions: Record<string, unknown>[];
  durationHours: number;
  durationMinutes: number;
  locations: LocationObject[];
  groups: unknown[];
  seats: unknown[];
  scheduled: boolean;
}

const DAY_MS = 86_400_000;

export class SeedWriter {
  private readonly sql: Sql;
  private readonly storageDir: string;
  private readonly random: () => number;
  private readonly stepMs: number;
  private timeMs: number;
  private readonly nowMs = Date.now();

  constructor(sql: Sql, storageDir: string, random: () => number, averageStepMs: number) {
    this.sql = sql;
    this.storageDir = storageDir;
    this.random = random;
    this.stepMs = averageStepMs;
    this.timeMs = this.nowMs - 90 * DAY_MS;
  }

  /** A version-4 UUID drawn from the seeded random source. */
  uuid(): string {
    const bytes = Array.from({ length: 16 }, () => Math.floor(this.random() * 256));
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Next creation time: moves forward, never past now. */
  at(): string {
    this.timeMs = Math.min(this.nowMs - 60_000, this.timeMs + Math.ceil(this.random() * 2 * this.stepMs));
    return new Date(this.timeMs).toISOString();
  }

  private later(created: string): string {
    const ms = Math.min(this.nowMs - 1000, Date.parse(created) + Math.floor(this.random() * 3 * DAY_MS));
    return new Date(ms).toISOString();
  }

  private pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  category(owner: string, name: string): string {
    const id = this.uuid();
    const created = this.at();
    this.sql.run(
      'INSERT INTO categories (id, owner, name, created, updated) VALUES (?, ?, ?, ?, ?)',
      id,
      owner,
      name,
      created,
      created,
    );
    return id;
  }

  course(owner: string, seed: CourseSeed, categoryIds: string[]): string {
    const id = this.uuid();
    const created = this.at();
    const instructors = JSON.stringify(seed.instructors.map((name) => ({ id: this.uuid(), full_name: name })));
    this.sql.run(
      `INSERT INTO courses (id, owner, name, level, description, source, requirements, status, has_enrollments,
         cover_image_url, preview_video_url, preview_video_status, preview_video_ready, preview_video_error,
         preview_video_has_subtitles, preview_video_playback_endpoint, instructors, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', 'NONE', 'false', NULL, 0, NULL, ?, ?, ?)`,
      id,
      owner,
      seed.name,
      seed.level,
      seed.description,
      seed.source,
      seed.requirements,
      seed.status,
      seed.status === 'DRAFT' ? 0 : 1,
      instructors,
      created,
      this.later(created),
    );
    for (const categoryId of categoryIds) {
      this.sql.run('INSERT INTO course_categories (course_id, category_id) VALUES (?, ?)', id, categoryId);
    }
    return id;
  }

  section(courseId: string, title: string, description: string, order: number): string {
    const id = this.uuid();
    const created = this.at();
    this.sql.run(
      'INSERT INTO sections (id, course_id, title, description, ord, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
      id,
      courseId,
      title,
      description,
      order,
      created,
      created,
    );
    return id;
  }

  lesson(owner: string, courseId: string, sectionId: string, seed: LessonSeed): string {
    const id = this.uuid();
    const created = this.at();
    const slug = seed.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const duration =
      seed.type === 'VIDEO' ? 180 + Math.floor(this.random() * 720) : 60 + Math.floor(this.random() * 240);
    const resources =
      seed.type === 'DOCUMENT' ? [{ id: this.uuid(), title: `${seed.title} (PDF)`, type: 'DOCUMENT' }] : [];
    this.sql.run(
      `INSERT INTO lessons (id, course_id, section_id, title, description, source, lesson_type, ord, text_content,
         duration_seconds, video_upload_id, video_caption, document_url, document_name, image_url, image_name,
         resources, created, updated)
       VALUES (?, ?, ?, ?, ?, 'MANUAL_CREATION', ?, ?, ?, ?, ?, ?, '', ?, '', ?, ?, ?, ?)`,
      id,
      courseId,
      sectionId,
      seed.title,
      `${seed.title}. Estimated time: ${Math.ceil(duration / 60)} minutes.`,
      seed.type,
      seed.order,
      seed.type === 'TEXT'
        ? `Read this before the next lesson: ${seed.title.toLowerCase()}, explained with two short examples.`
        : '',
      duration,
      seed.videoUploadId,
      seed.type === 'VIDEO' ? 'English captions' : '',
      seed.type === 'DOCUMENT' ? `${slug}.pdf` : '',
      seed.type === 'IMAGE' ? `${slug}.png` : '',
      JSON.stringify(resources),
      created,
      this.later(created),
    );
    const isQuiz = seed.type === 'QUIZ';
    this.sql.run(
      'INSERT INTO quizzes (id, owner, lesson_id, status, total_points, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
      this.uuid(),
      owner,
      id,
      isQuiz ? this.pick(['PUBLISHED', 'PUBLISHED', 'DRAFT']) : 'DRAFT',
      isQuiz ? `${5 + Math.floor(this.random() * 16)}.00` : '0.00',
      created,
      created,
    );
    return id;
  }

  learner(name: string | null, email: string | null, status: string): LearnerSummary {
    return { id: this.uuid(), staff_id: this.uuid(), user_id: this.uuid(), full_name: name, email, status };
  }

  learningClass(owner: string, name: string): string {
    const id = this.uuid();
    this.sql.run("INSERT INTO learning_classes (id, owner, name, status) VALUES (?, ?, ?, 'ACTIVE')", id, owner, name);
    return id;
  }

  location(seed: { name: string; description: string; address: string; capacity: number }): LocationObject {
    const created = this.at();
    return { id: this.uuid(), ...seed, created_datetime: created, updated_datetime: created };
  }

  /** `learner_ids` and `learners` are strings in the reference: JSON text of the lists. */
  group(name: string, description: string, members: LearnerSummary[]) {
    return {
      id: this.uuid(),
      name,
      description,
      learner_ids: JSON.stringify(members.map((member) => member.id)),
      learners: JSON.stringify(members),
    };
  }

  seat(seatNumber: string, location: LocationObject, learner: LearnerSummary) {
    return {
      id: this.uuid(),
      seat_number: seatNumber,
      location_id: location.id,
      location,
      learner_id: learner.id,
      learner,
    };
  }

  questions(count: number): Record<string, unknown>[] {
    const kinds = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'SHORT_ANSWER', 'TRUE_FALSE'];
    return Array.from({ length: count }, (_, index) => ({
      id: this.uuid(),
      position: index + 1,
      type: kinds[index % kinds.length],
      text: `Question ${index + 1}`,
      points: 1 + (index % 3),
    }));
  }

  assessment(owner: string, courseId: string, fields: AssessmentFields): string {
    const id = this.uuid();
    const created = this.at();
    const points = fields.questions.reduce((sum, question) => sum + Number(question.points ?? 0), 0);
    const startMs = Date.parse(created) + (5 + Math.floor(this.random() * 60)) * DAY_MS;
    const iso = (ms: number): string => new Date(ms).toISOString();
    const scheduled = fields.scheduled;
    this.sql.run(
      `INSERT INTO assessments (id, owner, course_id, title, description, source, type, organization_strategy,
         seat_layout, duration_hours, duration_minutes, status, total_points, questions, start_datetime,
         submission_date, deadline_datetime, locked_datetime, results_released_datetime, maximum_attempts,
         auto_release_result, camera_proctoring_enabled, passing_score_percent, passing_score_points, locations,
         groups_json, seats, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      owner,
      courseId,
      fields.title,
      fields.description,
      fields.source,
      fields.type,
      fields.strategy,
      fields.layout,
      fields.durationHours,
      fields.durationMinutes,
      fields.status,
      points.toFixed(2),
      JSON.stringify(fields.questions),
      scheduled ? iso(startMs) : null,
      scheduled ? iso(startMs + 7 * DAY_MS).slice(0, 10) : null,
      scheduled ? iso(startMs + 7 * DAY_MS) : null,
      fields.status === 'ARCHIVED' ? iso(startMs + 8 * DAY_MS) : null,
      fields.status === 'ARCHIVED' ? iso(startMs + 10 * DAY_MS) : null,
      1 + Math.floor(this.random() * 3),
      this.random() < 0.5 ? 1 : 0,
      fields.type === 'VIRTUAL' && this.random() < 0.5 ? 1 : 0,
      scheduled ? 70 : null,
      scheduled ? Math.round(points * 0.7 * 100) / 100 : null,
      JSON.stringify(fields.locations),
      JSON.stringify(fields.groups),
      JSON.stringify(fields.seats),
      created,
      this.later(created),
    );
    return id;
  }

  assignment(
    owner: string,
    courseId: string,
    classId: string,
    fields: { title: string; description: string; status: string; questions: Record<string, unknown>[] },
  ): string {
    const id = this.uuid();
    const created = this.at();
    const points = fields.questions.reduce((sum, question) => sum + Number(question.points ?? 0), 0);
    this.sql.run(
      `INSERT INTO assignments (id, owner, course_id, class_id, title, description, duration_hours, duration_minutes,
         status, total_points, submission_date, questions, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      owner,
      courseId,
      classId,
      fields.title,
      fields.description,
      Math.floor(this.random() * 3),
      15 * Math.floor(this.random() * 4),
      fields.status,
      points.toFixed(2),
      new Date(Date.parse(created) + 21 * DAY_MS).toISOString().slice(0, 10),
      JSON.stringify(fields.questions),
      created,
      this.later(created),
    );
    return id;
  }

  /** A COMPLETED single-part VIDEO upload with generated bytes on disk, for seeded video lessons. */
  completedUpload(owner: string, fileName: string, size: number): string {
    const id = this.uuid();
    const created = this.at();
    const bytes = new Uint8Array(size);
    for (let index = 0; index < size; index += 1) bytes[index] = Math.floor(this.random() * 256);
    mkdirSync(uploadDir(this.storageDir, id), { recursive: true });
    writeFileSync(partFile(this.storageDir, id, 1), bytes);
    const md5 = createHash('md5').update(bytes).digest('hex');
    this.sql.run(
      `INSERT INTO uploads (id, owner, upload_type, file_name, content_type, file_size, status, part_size, total_parts,
         multipart_upload_id, expires, completed, completed_parts, created, updated)
       VALUES (?, ?, 'VIDEO', ?, 'video/mp4', ?, 'COMPLETED', ?, 1, ?, ?, ?, ?, ?, ?)`,
      id,
      owner,
      fileName,
      size,
      8 * 1024 * 1024,
      `seed-${id}`,
      new Date(Date.parse(created) + DAY_MS).toISOString(),
      created,
      JSON.stringify([{ part_number: 1, etag: md5 }]),
      created,
      created,
    );
    this.sql.run(
      'INSERT INTO upload_parts (upload_id, part_number, etag, size, updated) VALUES (?, ?, ?, ?, ?)',
      id,
      1,
      md5,
      size,
      created,
    );
    return id;
  }
}
