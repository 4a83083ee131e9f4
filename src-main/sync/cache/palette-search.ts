// Main process / plain Node. The command palette's search: courses, sections, lessons and
// assessments found in the profile's SQLite cache, so it answers at once and offline. Only what
// has been browsed (or refreshed in the background) is there; the palette says so.
import type { DatabaseSync } from 'node:sqlite';

export const PALETTE_KINDS = ['course', 'section', 'lesson', 'assessment', 'quiz'] as const;
export type PaletteKind = (typeof PALETTE_KINDS)[number];

export interface PaletteHit {
  kind: PaletteKind;
  id: string;
  title: string;
  /** Where it lives, for the row's second line ("Course name › Section title"). */
  detail: string | null;
  courseId: string | null;
  sectionId: string | null;
  /** A quiz's lesson (the quiz opens there). */
  lessonId?: string | null;
}

type Item = Record<string, unknown>;
const KIND_ORDER: Record<PaletteKind, number> = { course: 0, section: 1, assessment: 2, lesson: 3, quiz: 4 };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

function itemsOf(data: unknown): Item[] {
  if (Array.isArray(data)) return data.filter(isItem);
  if (isItem(data) && Array.isArray(data.results)) return data.results.filter(isItem);
  return isItem(data) ? [data] : [];
}

/** Lower score = better: the whole title, its start, a word's start, anywhere. */
function score(title: string, needle: string): number | null {
  const hay = title.toLocaleLowerCase();
  const at = hay.indexOf(needle);
  if (at < 0) return null;
  if (hay === needle) return 0;
  if (at === 0) return 1;
  return /[\s\-–—:(/]/.test(hay[at - 1] ?? '') ? 2 : 3;
}

export function searchCache(db: DatabaseSync, query: string, limit = 20): PaletteHit[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  // LIKE narrows the rows to parse (ASCII case-insensitive); the exact match happens below.
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = db
    .prepare(
      `SELECT key, kind, data FROM cache_entries
        WHERE kind IN ('courses', 'course', 'sections', 'assessments', 'assessment') AND data LIKE ? ESCAPE '\\'`,
    )
    .all(pattern) as { key: string; kind: string; data: string }[];

  const courseNames = new Map<string, string>();
  const hits = new Map<string, PaletteHit & { score: number }>();
  const add = (hit: PaletteHit) => {
    const s = score(hit.title, needle);
    if (s === null) return;
    const key = `${hit.kind}:${hit.id}`;
    const existing = hits.get(key);
    if (!existing || (existing.detail === null && hit.detail !== null)) hits.set(key, { ...hit, score: s });
  };

  for (const row of rows) {
    let data: unknown;
    try {
      data = JSON.parse(row.data);
    } catch {
      continue; // a damaged row is not worth failing the palette over
    }
    if (row.kind === 'courses' || row.kind === 'course') {
      for (const course of itemsOf(data)) {
        const id = text(course.id);
        const name = text(course.name);
        if (!id || !name) continue;
        courseNames.set(id, name);
        add({ kind: 'course', id, title: name, detail: null, courseId: id, sectionId: null });
      }
    } else if (row.kind === 'assessments' || row.kind === 'assessment') {
      for (const assessment of itemsOf(data)) {
        const id = text(assessment.id);
        const title = text(assessment.title);
        if (!id || !title) continue;
        const course = isItem(assessment.course) ? text(assessment.course.name) : null;
        add({ kind: 'assessment', id, title, detail: course, courseId: text(assessment.course_id), sectionId: null });
      }
    } else {
      const courseId = courseOfOutline(row.key);
      for (const section of itemsOf(data)) {
        const sectionId = text(section.id);
        if (!sectionId) continue;
        const sectionTitle = text(section.title) ?? 'Untitled section';
        add({ kind: 'section', id: sectionId, title: sectionTitle, detail: null, courseId, sectionId });
        // Inline only in outlines cached before lessons became rows (migration 0005).
        const lessons = Array.isArray(section.lessons) ? section.lessons.filter(isItem) : [];
        for (const lesson of lessons) {
          const id = text(lesson.id);
          const title = text(lesson.title);
          if (!id || !title) continue;
          add({ kind: 'lesson', id, title, detail: sectionTitle, courseId, sectionId });
        }
      }
    }
  }

  for (const hit of lessonRowHits(db, pattern)) add(hit);

  const found = [...hits.values()];
  // Sections and lessons name their course when the cache knows it.
  const missing = new Set(found.filter((h) => h.kind === 'section' || h.kind === 'lesson').map((h) => h.courseId));
  for (const id of missing) if (id && !courseNames.has(id)) lookUpCourseName(db, id, courseNames);
  for (const hit of found) {
    if (hit.kind !== 'section' && hit.kind !== 'lesson') continue;
    const course = hit.courseId ? courseNames.get(hit.courseId) : undefined;
    hit.detail = [course, hit.kind === 'lesson' ? hit.detail : null].filter(Boolean).join(' › ') || null;
  }

  return found
    .sort((a, b) => a.score - b.score || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.title.localeCompare(b.title))
    .slice(0, limit)
    .map(({ score: _score, ...hit }) => hit);
}

/** Sections lists are cached per course; the course id is in the key (`sections?courseId=…`). */
function courseOfOutline(key: string): string | null {
  return new URLSearchParams(key.split('?')[1] ?? '').get('courseId');
}

/** Lessons kept as rows of their outline (cache_lessons) whose JSON matches, with their section's title. */
function lessonRowHits(db: DatabaseSync, pattern: string): PaletteHit[] {
  const rows = db
    .prepare(`SELECT key, section_id, data FROM cache_lessons WHERE data LIKE ? ESCAPE '\\'`)
    .all(pattern) as { key: string; section_id: string; data: string }[];
  const sectionTitles = new Map<string, Map<string, string>>();
  const titleOf = (key: string, sectionId: string): string => {
    let titles = sectionTitles.get(key);
    if (!titles) {
      titles = new Map();
      const head = db.prepare('SELECT data FROM cache_entries WHERE key = ?').get(key) as { data: string } | undefined;
      try {
        for (const section of itemsOf(head ? JSON.parse(head.data) : null)) {
          const id = text(section.id);
          if (id) titles.set(id, text(section.title) ?? 'Untitled section');
        }
      } catch {
        // a damaged row is not worth failing the palette over
      }
      sectionTitles.set(key, titles);
    }
    return titles.get(sectionId) ?? 'Untitled section';
  };
  const hits: PaletteHit[] = [];
  for (const row of rows) {
    let lesson: unknown;
    try {
      lesson = JSON.parse(row.data);
    } catch {
      continue;
    }
    const id = isItem(lesson) ? text(lesson.id) : null;
    const title = isItem(lesson) ? text(lesson.title) : null;
    if (!id || !title) continue;
    const courseId = courseOfOutline(row.key);
    hits.push({
      kind: 'lesson',
      id,
      title,
      detail: titleOf(row.key, row.section_id),
      courseId,
      sectionId: row.section_id,
    });
  }
  return hits;
}

function lookUpCourseName(db: DatabaseSync, courseId: string, names: Map<string, string>): void {
  const rows = db
    .prepare(`SELECT data FROM cache_entries WHERE kind IN ('course', 'courses') AND data LIKE ?`)
    .all(`%${courseId}%`) as { data: string }[];
  for (const row of rows) {
    try {
      for (const course of itemsOf(JSON.parse(row.data))) {
        const name = text(course.name);
        if (course.id === courseId && name) {
          names.set(courseId, name);
          return;
        }
      }
    } catch {
      // skip damaged rows
    }
  }
}
