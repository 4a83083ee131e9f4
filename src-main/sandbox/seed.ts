// Main process / plain Node. Fills a fresh sandbox database: `demo` (a believable workspace), `large`
// (≥200 courses, ≥5,000 lessons and quizzes, ≥1,000 assessments, and one course of real size: 60 sections
// and 1,500 lessons; for performance work) or `empty`.
// One transaction, prepared statements, and a seeded random source, so ids are the same on every run.
import { mkdirSync } from 'node:fs';
import { OWNERS } from './auth.ts';
import { seededRandom } from './faults.ts';
import {
  ADJECTIVES,
  ASSESSMENTS,
  ASSIGNMENTS,
  CLASSES,
  LEARNERS,
  LESSON_PATTERNS,
  LOCATIONS,
  PROVIDER_CATEGORIES,
  PROVIDER_COURSES,
  TENANT_CATEGORIES,
  TENANT_COURSES,
  TOPICS,
} from './seed-content.ts';
import type { AssessmentSeed, CourseSeed } from './seed-content.ts';
import { SeedWriter } from './seed-writer.ts';
import type { Sql } from './sql.ts';

export type SeedKind = 'demo' | 'large' | 'empty';
export const SEED_KINDS: readonly SeedKind[] = ['demo', 'large', 'empty'];

export function applySeed(sql: Sql, storageDir: string, kind: SeedKind): void {
  if (kind === 'empty') return;
  mkdirSync(storageDir, { recursive: true });
  sql.transaction(() => {
    // Demo rows are spread over weeks; the large seed packs ~15,000 rows into the last 90 days.
    const writer = new SeedWriter(
      sql,
      storageDir,
      seededRandom(kind === 'demo' ? 20260501 : 424242),
      kind === 'demo' ? 4 * 3600_000 : 5 * 60_000,
    );
    if (kind === 'demo') seedDemo(writer);
    else seedLarge(writer);
  });
}

function seedDemo(w: SeedWriter): void {
  const videos = [
    w.completedUpload(OWNERS.tenant, 'safety-overview.mp4', 96 * 1024),
    w.completedUpload(OWNERS.tenant, 'welcome.mp4', 64 * 1024),
  ];
  const providerVideo = w.completedUpload(OWNERS.provider, 'admin-tour.mp4', 48 * 1024);
  const courses = seedCourses(w, OWNERS.tenant, TENANT_CATEGORIES, TENANT_COURSES, videos);
  seedCourses(w, OWNERS.provider, PROVIDER_CATEGORIES, PROVIDER_COURSES, [providerVideo]);
  const learners = LEARNERS.map((learner) => w.learner(learner.name, learner.email, learner.status));
  const classes = CLASSES.map((name) => w.learningClass(OWNERS.tenant, name));
  ASSESSMENTS.forEach((seed, index) => {
    const courseId = courses.get(seed.course);
    if (courseId !== undefined) seedAssessment(w, courseId, seed, learners, index);
  });
  ASSIGNMENTS.forEach((seed, index) => {
    const courseId = courses.get(seed.course);
    const classId = classes[index % classes.length];
    if (courseId !== undefined && classId !== undefined) {
      w.assignment(OWNERS.tenant, courseId, classId, { ...seed, questions: w.questions(seed.questions) });
    }
  });
}

function seedCourses(
  w: SeedWriter,
  owner: string,
  categoryNames: string[],
  seeds: CourseSeed[],
  videos: string[],
): Map<string, string> {
  const categories = new Map(categoryNames.map((name) => [name, w.category(owner, name)]));
  const ids = new Map<string, string>();
  let videoTurn = 0;
  for (const seed of seeds) {
    const courseId = w.course(owner, seed, seed.categories.map((name) => categories.get(name) ?? '').filter(Boolean));
    ids.set(seed.name, courseId);
    seed.sections.forEach((title, sectionIndex) => {
      const sectionId = w.section(
        courseId,
        title,
        `What this part of "${seed.name}" covers: ${title.toLowerCase()}.`,
        sectionIndex + 1,
      );
      // Each section gets 3 to 5 lessons, cycling through the lesson types.
      const count = 3 + ((sectionIndex + seed.name.length) % 3);
      for (let index = 0; index < count; index += 1) {
        const pattern = LESSON_PATTERNS[index % LESSON_PATTERNS.length];
        if (pattern === undefined) continue;
        // Most video lessons have a finished video; every third one is still waiting for its upload.
        const video = pattern.type === 'VIDEO' && videoTurn++ % 3 !== 2 ? videos[videoTurn % videos.length] : undefined;
        w.lesson(owner, courseId, sectionId, {
          title: pattern.title(title),
          type: pattern.type,
          order: index + 1,
          videoUploadId: video ?? null,
        });
      }
    });
  }
  return ids;
}

function seedAssessment(
  w: SeedWriter,
  courseId: string,
  seed: AssessmentSeed,
  learners: ReturnType<SeedWriter['learner']>[],
  index: number,
): void {
  const physical = seed.type === 'PHYSICAL';
  const locations = physical
    ? LOCATIONS.slice(index % 2, (index % 2) + 1 + (index % 3 === 0 ? 1 : 0)).map((l) => w.location(l))
    : [];
  const group = (name: string, members: typeof learners) =>
    w.group(name, `Learners sitting "${seed.title}" together.`, members);
  const groups =
    seed.strategy === 'GROUP'
      ? [group('Morning group', learners.slice(0, 4)), group('Afternoon group', learners.slice(4, 8))]
      : seed.status === 'PUBLISHED'
        ? [group('All candidates', learners.slice(0, 6))]
        : [];
  const firstLocation = locations[0];
  const seats =
    firstLocation === undefined
      ? []
      : learners
          .slice(0, Math.min(firstLocation.capacity, 6))
          .map((learner, seat) =>
            w.seat(`${String.fromCharCode(65 + Math.floor(seat / 4))}${(seat % 4) + 1}`, firstLocation, learner),
          );
  w.assessment(OWNERS.tenant, courseId, {
    title: seed.title,
    description: seed.description,
    status: seed.status,
    type: seed.type,
    strategy: seed.strategy,
    layout: seed.layout,
    source: seed.source,
    questions: w.questions(seed.questions),
    durationHours: index % 3 === 0 ? 1 : 0,
    durationMinutes: [40, 30, 45, 0, 15][index % 5] ?? 30,
    locations,
    groups,
    seats,
    scheduled: seed.status !== 'DRAFT',
  });
}

function seedLarge(w: SeedWriter): void {
  const videos = [w.completedUpload(OWNERS.tenant, 'lesson-video.mp4', 32 * 1024)];
  const tenantCategories = TOPICS.map((topic) => w.category(OWNERS.tenant, topic));
  const learners = LEARNERS.map((learner) => w.learner(learner.name, learner.email, learner.status));
  const classes = CLASSES.map((name) => w.learningClass(OWNERS.tenant, name));
  const levels = ['beginner', 'intermediate', 'advanced'] as const;
  const statuses = ['PUBLISHED', 'PUBLISHED', 'DRAFT', 'ARCHIVED'] as const;
  for (let n = 0; n < 220; n += 1) {
    const topic = TOPICS[n % TOPICS.length] ?? 'Topic';
    const name = `${ADJECTIVES[n % ADJECTIVES.length] ?? 'Applied'} ${topic} ${Math.floor(n / TOPICS.length) + 1}`;
    const seed: CourseSeed = {
      name,
      level: levels[n % 3] ?? 'beginner',
      status: statuses[n % 4] ?? 'PUBLISHED',
      source: n % 5 === 0 ? null : 'MANUAL_CREATION',
      categories: [],
      description: `${name}: a generated course for performance work.`,
      requirements: '',
      instructors: ['Generated Instructor'],
      sections: ['Foundations', 'Practice', 'Deeper topics', 'Review'],
    };
    const categoryIds = [
      tenantCategories[n % tenantCategories.length] ?? '',
      tenantCategories[(n + 5) % tenantCategories.length] ?? '',
    ];
    const courseId = w.course(OWNERS.tenant, seed, [...new Set(categoryIds)]);
    seed.sections.forEach((title, sectionIndex) => {
      const sectionId = w.section(courseId, title, `${title} of ${name}.`, sectionIndex + 1);
      for (let index = 0; index < 6; index += 1) {
        const pattern = LESSON_PATTERNS[index % LESSON_PATTERNS.length];
        if (pattern === undefined) continue;
        w.lesson(OWNERS.tenant, courseId, sectionId, {
          title: `${pattern.title(title)} (${n + 1}.${sectionIndex + 1}.${index + 1})`,
          type: pattern.type,
          order: index + 1,
          videoUploadId: pattern.type === 'VIDEO' ? (videos[0] ?? null) : null,
        });
      }
    });
    for (let a = 0; a < 5; a += 1) {
      seedAssessment(
        w,
        courseId,
        {
          course: name,
          title: `${name}: assessment ${a + 1}`,
          description: `Assessment ${a + 1} of ${name}.`,
          status: statuses[(n + a) % 4] ?? 'DRAFT',
          type: a % 2 === 0 ? 'VIRTUAL' : 'PHYSICAL',
          strategy: a % 3 === 0 ? 'GROUP' : 'SINGLE_CANDIDATE',
          layout: a % 2 === 0 ? null : 'GRID',
          source: 'AI_GENERATED',
          questions: 5 + (a % 4),
        },
        learners,
        n + a,
      );
    }
    const classId = classes[n % classes.length];
    if (classId !== undefined) {
      w.assignment(OWNERS.tenant, courseId, classId, {
        title: `${name}: assignment`,
        description: `Hand-in for ${name}.`,
        status: statuses[n % 4] ?? 'DRAFT',
        questions: w.questions(2),
      });
    }
  }
  seedBigCourse(w, videos[0] ?? null);
  seedCourses(w, OWNERS.provider, PROVIDER_CATEGORIES, PROVIDER_COURSES, []);
}

export const BIG_COURSE = { name: 'Complete Site Safety Programme', sections: 60, lessonsPerSection: 25 } as const;

/** A course the size of a real programme: what opening, moving and scrolling a long outline costs. */
function seedBigCourse(w: SeedWriter, video: string | null): void {
  const { name, sections, lessonsPerSection } = BIG_COURSE;
  const courseId = w.course(
    OWNERS.tenant,
    {
      name,
      level: 'intermediate',
      status: 'PUBLISHED',
      source: 'MANUAL_CREATION',
      categories: [],
      description: `${name}: ${sections} sections of ${lessonsPerSection} lessons.`,
      requirements: '',
      instructors: ['Generated Instructor'],
      sections: [],
    },
    [],
  );
  for (let s = 0; s < sections; s += 1) {
    const topic = TOPICS[s % TOPICS.length] ?? 'Topic';
    const title = `Module ${s + 1}: ${topic}`;
    const sectionId = w.section(courseId, title, `${title} of ${name}.`, s + 1);
    for (let index = 0; index < lessonsPerSection; index += 1) {
      const pattern = LESSON_PATTERNS[index % LESSON_PATTERNS.length];
      if (pattern === undefined) continue;
      w.lesson(OWNERS.tenant, courseId, sectionId, {
        title: `${pattern.title(topic)} (${s + 1}.${index + 1})`,
        type: pattern.type,
        order: index + 1,
        videoUploadId: pattern.type === 'VIDEO' ? video : null,
      });
    }
  }
}
