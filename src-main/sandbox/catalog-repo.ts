// Main process / plain Node. Reads categories, courses, sections, lessons and quizzes from SQLite and
// shapes them exactly as the reference's resources: every field present, nulls only where the
// reference says "or null", string-typed fields as strings ("true"/"false", JSON text for lists).
import type { Links } from './signing.ts';
import { parseJsonArray } from './sql.ts';
import type { Sql } from './sql.ts';

export interface CategoryRow {
  id: string;
  name: string;
  created: string;
  updated: string;
}

export interface CourseRow {
  id: string;
  owner: string;
  name: string;
  level: string;
  description: string;
  source: string | null;
  requirements: string;
  status: string;
  has_enrollments: number;
  cover_image_url: string;
  preview_video_url: string;
  preview_video_status: string;
  preview_video_ready: string;
  preview_video_error: string | null;
  preview_video_has_subtitles: number;
  preview_video_playback_endpoint: string | null;
  instructors: string;
  /** The preview video given with PATCH /courses/{id} (NULL: none, or a seed's stored URL). */
  preview_video_upload_id: string | null;
  created: string;
  updated: string;
  quizzes_count: number;
  overall_duration_seconds: number;
}

export interface SectionRow {
  id: string;
  course_id: string;
  title: string;
  description: string;
  ord: number;
  created: string;
  updated: string;
}

export interface LessonRow {
  id: string;
  course_id: string;
  section_id: string;
  title: string;
  description: string;
  source: string;
  lesson_type: string;
  ord: number;
  text_content: string;
  duration_seconds: number;
  video_upload_id: string | null;
  /** PROCESSING, READY or FAILED once a video was given; NULL reads as READY (seeded videos). */
  video_status: string | null;
  video_error: string;
  video_caption: string;
  document_url: string;
  document_name: string;
  image_url: string;
  image_name: string;
  resources: string;
  created: string;
  updated: string;
  u_file_name: string | null;
  u_content_type: string | null;
  q_id: string | null;
  q_status: string | null;
  q_total_points: string | null;
  q_created: string | null;
  q_updated: string | null;
}

export interface QuizRow {
  id: string;
  lesson_id: string;
  status: string;
  total_points: string;
  created: string;
  updated: string;
  l_title: string;
  l_lesson_type: string;
  l_duration_seconds: number;
  l_ord: number;
  l_section_id: string;
  l_course_id: string;
}

export const COURSE_SELECT = `SELECT c.*,
  (SELECT count(*) FROM lessons l JOIN quizzes q ON q.lesson_id = l.id WHERE l.course_id = c.id) AS quizzes_count,
  (SELECT coalesce(sum(l.duration_seconds), 0) FROM lessons l WHERE l.course_id = c.id) AS overall_duration_seconds
  FROM courses c`;

export const LESSON_SELECT = `SELECT l.*, u.file_name AS u_file_name, u.content_type AS u_content_type,
  q.id AS q_id, q.status AS q_status, q.total_points AS q_total_points, q.created AS q_created, q.updated AS q_updated
  FROM lessons l LEFT JOIN uploads u ON u.id = l.video_upload_id LEFT JOIN quizzes q ON q.lesson_id = l.id`;

export const QUIZ_SELECT = `SELECT q.*, l.title AS l_title, l.lesson_type AS l_lesson_type,
  l.duration_seconds AS l_duration_seconds, l.ord AS l_ord, l.section_id AS l_section_id, l.course_id AS l_course_id
  FROM quizzes q JOIN lessons l ON l.id = q.lesson_id`;

const bool = (value: number | boolean): string => (value ? 'true' : 'false');

export function categoryResource(row: CategoryRow) {
  return { id: row.id, name: row.name, created_datetime: row.created, updated_datetime: row.updated };
}

/** A course's preview video as served: a given one (processed like a lesson's video) reads a fresh
 * signed URL once READY; without `links` (a course nested in another resource) the URL is "". */
function previewVideo(row: CourseRow, links: Links | undefined) {
  if (row.preview_video_upload_id === null) {
    return {
      preview_video_url: row.preview_video_url,
      preview_video_status: row.preview_video_status,
      preview_video_ready: row.preview_video_ready,
      preview_video_error: row.preview_video_error,
      preview_video_playback_endpoint: row.preview_video_playback_endpoint,
    };
  }
  const ready = row.preview_video_status === 'READY';
  const url = ready && links !== undefined ? links.assetUrl(row.preview_video_upload_id) : '';
  return {
    preview_video_url: url,
    preview_video_status: row.preview_video_status,
    preview_video_ready: bool(ready),
    preview_video_error: row.preview_video_status === 'FAILED' ? row.preview_video_error : null,
    preview_video_playback_endpoint: ready ? url : null,
  };
}

export function courseResource(sql: Sql, row: CourseRow, links?: Links) {
  const categories = sql.all<CategoryRow>(
    `SELECT cat.id, cat.name, cat.created, cat.updated FROM categories cat
     JOIN course_categories cc ON cc.category_id = cat.id WHERE cc.course_id = ? ORDER BY cat.name, cat.seq`,
    row.id,
  );
  const preview = previewVideo(row, links);
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    description: row.description,
    source: row.source,
    requirements: row.requirements,
    status: row.status,
    categories: categories.map(categoryResource),
    has_enrollments: row.has_enrollments !== 0,
    quizzes_count: Number(row.quizzes_count),
    cover_image_url: row.cover_image_url,
    preview_video_url: preview.preview_video_url,
    preview_video_status: preview.preview_video_status,
    preview_video_ready: preview.preview_video_ready,
    preview_video_error: preview.preview_video_error,
    preview_video_has_subtitles: row.preview_video_has_subtitles !== 0,
    preview_video_playback_endpoint: preview.preview_video_playback_endpoint,
    instructors: row.instructors,
    overall_duration_seconds: Number(row.overall_duration_seconds),
    created_datetime: row.created,
    updated_datetime: row.updated,
  };
}

export function findCourseRow(sql: Sql, owner: string, id: string): CourseRow | undefined {
  return sql.get<CourseRow>(`${COURSE_SELECT} WHERE c.id = ? AND c.owner = ?`, id, owner);
}

export function findCourse(sql: Sql, owner: string, id: string, links?: Links) {
  const row = findCourseRow(sql, owner, id);
  return row === undefined ? undefined : courseResource(sql, row, links);
}

export function quizResource(row: QuizRow) {
  return {
    id: row.id,
    lesson_id: row.lesson_id,
    lesson: {
      id: row.lesson_id,
      title: row.l_title,
      lesson_type: row.l_lesson_type,
      duration_seconds: row.l_duration_seconds,
      order: row.l_ord,
      section_id: row.l_section_id,
      course_id: row.l_course_id,
    },
    status: row.status,
    total_points: row.total_points,
    created_datetime: row.created,
    updated_datetime: row.updated,
  };
}

export function lessonResource(row: LessonRow, links: Links) {
  const hasVideo = row.video_upload_id !== null;
  const videoStatus = hasVideo ? (row.video_status ?? 'READY') : row.lesson_type === 'VIDEO' ? 'PENDING' : '';
  const ready = videoStatus === 'READY';
  const videoUrl = ready && row.video_upload_id !== null ? links.assetUrl(row.video_upload_id) : '';
  const videoError = hasVideo && videoStatus === 'FAILED' ? row.video_error : '';
  const contentMedia =
    row.video_upload_id === null
      ? []
      : [
          {
            id: row.video_upload_id,
            media_type: 'VIDEO',
            position: 0,
            file_name: row.u_file_name ?? '',
            content_type: row.u_content_type ?? '',
            duration_seconds: row.duration_seconds,
            image_url: '',
            video_url: videoUrl,
            video_status: videoStatus,
            video_ready: bool(ready),
            video_error: videoError,
            video_has_subtitles: 'false',
            video_playback_endpoint: videoUrl,
          },
        ];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    source: row.source,
    lesson_type: row.lesson_type,
    order: row.ord,
    text_content: row.text_content,
    video_content_url: videoUrl,
    video_url: videoUrl,
    video_status: videoStatus,
    video_ready: bool(ready),
    video_error: videoError,
    video_has_subtitles: 'false',
    video_playback_endpoint: videoUrl,
    video_caption: row.video_caption,
    duration_seconds: row.duration_seconds,
    document_url: row.document_url,
    document_name: row.document_name,
    image_url: row.image_url,
    image_name: row.image_name,
    content_media: contentMedia,
    resources: parseJsonArray(row.resources),
    quiz: quizResource({
      id: row.q_id ?? '',
      lesson_id: row.id,
      status: row.q_status ?? 'DRAFT',
      total_points: row.q_total_points ?? '0.00',
      created: row.q_created ?? row.created,
      updated: row.q_updated ?? row.updated,
      l_title: row.title,
      l_lesson_type: row.lesson_type,
      l_duration_seconds: row.duration_seconds,
      l_ord: row.ord,
      l_section_id: row.section_id,
      l_course_id: row.course_id,
    }),
    created_datetime: row.created,
    updated_datetime: row.updated,
  };
}

export function sectionResource(sql: Sql, row: SectionRow, links: Links) {
  const lessons = sql.all<LessonRow>(`${LESSON_SELECT} WHERE l.section_id = ? ORDER BY l.ord, l.seq`, row.id);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    order: row.ord,
    lessons: lessons.map((lesson) => lessonResource(lesson, links)),
    created_datetime: row.created,
    updated_datetime: row.updated,
  };
}

/** Whether the course exists and belongs to this owner. */
export function ownedCourseId(sql: Sql, owner: string, courseId: string): boolean {
  return sql.get('SELECT 1 AS found FROM courses WHERE id = ? AND owner = ?', courseId, owner) !== undefined;
}

export function findSectionRow(sql: Sql, owner: string, courseId: string, sectionId: string): SectionRow | undefined {
  return sql.get<SectionRow>(
    `SELECT s.* FROM sections s JOIN courses c ON c.id = s.course_id WHERE s.id = ? AND s.course_id = ? AND c.owner = ?`,
    sectionId,
    courseId,
    owner,
  );
}

export function findLessonRow(sql: Sql, sectionId: string, lessonId: string): LessonRow | undefined {
  return sql.get<LessonRow>(`${LESSON_SELECT} WHERE l.id = ? AND l.section_id = ?`, lessonId, sectionId);
}
