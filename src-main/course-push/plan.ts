// Main process / plain Node, pure. The plan of a folder push: the folder (folder-scan.ts) set
// against the course as the server has it and what Lectern remembers pushing before. Entries are
// matched to sections and lessons by that memory first (the same path; a renamed file by its
// content), then by title; what is left is created. Nothing here reads disk or talks to a server.
import type { FolderLayout, LessonFile, SectionFolder, SkippedFile } from './folder-scan.ts';
import { outOfPlace } from './reorder.ts';

/** A lesson as the server lists it (display fields read tolerantly: maybe absent). */
export interface RemoteLesson {
  id: string;
  title: string | null;
  /** Whether the lesson has a video (any video field set). */
  hasVideo: boolean;
  /** Its text_content, or null when the server did not say. */
  text: string | null;
}

export interface RemoteSection {
  id: string;
  title: string | null;
  /** In the server's order. */
  lessons: RemoteLesson[];
}

export interface RemoteCourse {
  id: string;
  name: string | null;
  /** In the server's order. */
  sections: RemoteSection[];
}

/** What Lectern remembers of an earlier push of an entry of this course (push-state.ts). */
export interface RememberedEntry {
  kind: 'section' | 'lesson';
  key: string;
  /** For a lesson: its section's key. */
  sectionKey: string | null;
  serverId: string | null;
  /** SHA-256 of the text or video last pushed. */
  contentSha256: string | null;
  size: number | null;
  mtimeMs: number | null;
}

export type MatchedBy = 'memory' | 'content' | 'title';
export type LessonChange = 'video' | 'text' | 'title' | 'order';
export type SectionChange = 'title' | 'order';

export interface LessonPlan {
  key: string;
  title: string;
  kind: LessonFile['kind'];
  file: LessonFile;
  /** SHA-256 of the file's text or video bytes (null: a video not hashed, nothing to compare). */
  sha256: string | null;
  action: 'create' | 'update' | 'reorder' | 'keep';
  lessonId: string | null;
  matchedBy: MatchedBy | null;
  changes: LessonChange[];
  /** Bytes this lesson's video upload sends (0: no upload). */
  uploadBytes: number;
}

export interface SectionPlan {
  key: string;
  title: string;
  action: 'create' | 'update' | 'reorder' | 'keep';
  sectionId: string | null;
  matchedBy: Exclude<MatchedBy, 'content'> | null;
  changes: SectionChange[];
  lessons: LessonPlan[];
  /** The section's lessons that are not in the folder. */
  others: OtherLesson[];
}

export interface OtherLesson {
  id: string;
  title: string | null;
  action: 'leave' | 'delete';
}

export interface OtherSection {
  id: string;
  title: string | null;
  lessons: OtherLesson[];
  action: 'leave' | 'delete';
}

export interface PlanTotals {
  sectionsToCreate: number;
  sectionsToUpdate: number;
  sectionsToReorder: number;
  lessonsToCreate: number;
  lessonsToUpdate: number;
  lessonsToReorder: number;
  lessonsUnchanged: number;
  uploads: number;
  uploadBytes: number;
  sectionsToDelete: number;
  lessonsToDelete: number;
  lessonsLeftAlone: number;
  skipped: number;
}

export interface PushPlan {
  courseId: string;
  courseName: string | null;
  root: string;
  deleteOthers: boolean;
  sections: PlanSection[];
  otherSections: OtherSection[];
  skipped: SkippedFile[];
  totals: PlanTotals;
}
type PlanSection = SectionPlan;

export interface PlanInput {
  folder: FolderLayout;
  course: RemoteCourse;
  remembered: readonly RememberedEntry[];
  /** SHA-256 of each video's bytes by key, where it was read (see videoHashesNeeded). */
  videoSha256: ReadonlyMap<string, string>;
  deleteOthers: boolean;
}

const sameTitle = (a: string | null, b: string): boolean =>
  a !== null && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function planPush(input: PlanInput): PushPlan {
  const { folder, course, remembered, deleteOthers } = input;
  const memory = new Map(remembered.map((r) => [`${r.kind}\0${r.key}`, r]));
  const claimedSections = new Set<string>();
  const sectionById = new Map(course.sections.map((s) => [s.id, s]));

  // Sections: memory first (for every folder), then title, so a title never takes one that memory gives another.
  const matches = new Map<string, { remote: RemoteSection; by: 'memory' | 'title' }>();
  for (const section of folder.sections) {
    const id = memory.get(`section\0${section.key}`)?.serverId;
    const remote = id ? sectionById.get(id) : undefined;
    if (remote && !claimedSections.has(remote.id)) {
      claimedSections.add(remote.id);
      matches.set(section.key, { remote, by: 'memory' });
    }
  }
  for (const section of folder.sections) {
    if (matches.has(section.key)) continue;
    const remote = course.sections.find((s) => !claimedSections.has(s.id) && sameTitle(s.title, section.title));
    if (remote) {
      claimedSections.add(remote.id);
      matches.set(section.key, { remote, by: 'title' });
    }
  }
  const sectionsOutOfPlace = outOfPlace(
    course.sections.map((s) => s.id),
    folder.sections.flatMap((s) => {
      const m = matches.get(s.key);
      return m ? [m.remote.id] : [];
    }),
  );

  const sections: SectionPlan[] = folder.sections.map((section) => {
    const match = matches.get(section.key);
    const remote = match?.remote ?? null;
    const changes: SectionChange[] = [];
    if (remote && remote.title !== section.title) changes.push('title');
    if (remote && sectionsOutOfPlace.has(remote.id)) changes.push('order');
    const lessons = planLessons(section, remote, memory, remembered, input.videoSha256);
    const claimed = new Set(lessons.flatMap((l) => (l.lessonId ? [l.lessonId] : [])));
    return {
      key: section.key,
      title: section.title,
      action: !remote ? 'create' : changes.includes('title') ? 'update' : changes.length > 0 ? 'reorder' : 'keep',
      sectionId: remote?.id ?? null,
      matchedBy: match?.by ?? null,
      changes,
      lessons,
      others: (remote?.lessons ?? [])
        .filter((l) => !claimed.has(l.id))
        .map((l) => ({ id: l.id, title: l.title, action: deleteOthers ? 'delete' : 'leave' })),
    };
  });
  const otherSections: OtherSection[] = course.sections
    .filter((s) => !claimedSections.has(s.id))
    .map((s) => {
      const action = deleteOthers ? 'delete' : 'leave';
      return {
        id: s.id,
        title: s.title,
        action,
        lessons: s.lessons.map((l) => ({ id: l.id, title: l.title, action })),
      };
    });
  return {
    courseId: course.id,
    courseName: course.name,
    root: folder.root,
    deleteOthers,
    sections,
    otherSections,
    skipped: folder.skipped,
    totals: totalsOf(sections, otherSections, folder.skipped.length),
  };
}

function planLessons(
  section: SectionFolder,
  remote: RemoteSection | null,
  memory: ReadonlyMap<string, RememberedEntry>,
  remembered: readonly RememberedEntry[],
  videoSha256: ReadonlyMap<string, string>,
): LessonPlan[] {
  const available = new Map((remote?.lessons ?? []).map((l) => [l.id, l]));
  const found = new Map<string, { lesson: RemoteLesson; by: MatchedBy; memory: RememberedEntry | null }>();
  const shaOf = (file: LessonFile) => (file.kind === 'text' ? file.sha256 : (videoSha256.get(file.key) ?? null));
  const take = (file: LessonFile, lesson: RemoteLesson, by: MatchedBy, entry: RememberedEntry | null) => {
    available.delete(lesson.id);
    found.set(file.key, { lesson, by, memory: entry });
  };
  // 1. The same path, as remembered.
  for (const file of section.lessons) {
    const entry = memory.get(`lesson\0${file.key}`) ?? null;
    const lesson = entry?.serverId ? available.get(entry.serverId) : undefined;
    if (entry && lesson) take(file, lesson, 'memory', entry);
  }
  // 2. A renamed file: a remembered lesson of this section whose file is gone, with the same content.
  const keys = new Set(section.lessons.map((l) => l.key));
  const gone = remembered.filter(
    (r) => r.kind === 'lesson' && r.sectionKey === section.key && !keys.has(r.key) && r.serverId && r.contentSha256,
  );
  for (const file of section.lessons) {
    const sha = shaOf(file);
    if (found.has(file.key) || !sha) continue;
    const entry = gone.find((r) => r.contentSha256 === sha && available.has(r.serverId!));
    if (entry) take(file, available.get(entry.serverId!)!, 'content', entry);
  }
  // 3. The same title.
  for (const file of section.lessons) {
    if (found.has(file.key)) continue;
    const lesson = [...available.values()].find((l) => sameTitle(l.title, file.title));
    if (lesson) take(file, lesson, 'title', memory.get(`lesson\0${file.key}`) ?? null);
  }
  const lessonsOutOfPlace = outOfPlace(
    (remote?.lessons ?? []).map((l) => l.id),
    section.lessons.flatMap((f) => {
      const m = found.get(f.key);
      return m ? [m.lesson.id] : [];
    }),
  );

  return section.lessons.map((file): LessonPlan => {
    const match = found.get(file.key);
    const sha = shaOf(file);
    const base = { key: file.key, title: file.title, kind: file.kind, file, sha256: sha };
    if (!match) {
      return {
        ...base,
        action: 'create',
        lessonId: null,
        matchedBy: null,
        changes: [],
        uploadBytes: file.kind === 'video' ? file.size : 0,
      };
    }
    const { lesson, by } = match;
    const pushed = match.memory?.contentSha256 ?? null;
    const changes: LessonChange[] = [];
    if (file.kind === 'video') {
      // Remembered: compare bytes. Only a title to go by: a lesson with a video is taken as this one.
      if (pushed !== null ? pushed !== sha : !lesson.hasVideo) changes.push('video');
    } else if (pushed !== null && pushed === sha && by !== 'title') {
      // Unchanged since Lectern pushed it.
    } else if (lesson.text === null || lesson.text !== file.text) {
      changes.push('text');
    }
    if (lesson.title !== file.title) changes.push('title');
    if (lessonsOutOfPlace.has(lesson.id)) changes.push('order');
    const content = changes.some((c) => c !== 'order');
    return {
      ...base,
      action: content ? 'update' : changes.length > 0 ? 'reorder' : 'keep',
      lessonId: lesson.id,
      matchedBy: by,
      changes,
      uploadBytes: changes.includes('video') ? file.size : 0,
    };
  });
}

function totalsOf(sections: readonly SectionPlan[], others: readonly OtherSection[], skipped: number): PlanTotals {
  const lessons = sections.flatMap((s) => s.lessons);
  const otherLessons = [...sections.flatMap((s) => s.others), ...others.flatMap((s) => s.lessons)];
  return {
    sectionsToCreate: sections.filter((s) => s.action === 'create').length,
    sectionsToUpdate: sections.filter((s) => s.action === 'update').length,
    sectionsToReorder: sections.filter((s) => s.changes.includes('order')).length,
    lessonsToCreate: lessons.filter((l) => l.action === 'create').length,
    lessonsToUpdate: lessons.filter((l) => l.action === 'update').length,
    lessonsToReorder: lessons.filter((l) => l.changes.includes('order')).length,
    lessonsUnchanged: lessons.filter((l) => l.action === 'keep').length,
    uploads: lessons.filter((l) => l.uploadBytes > 0).length,
    uploadBytes: lessons.reduce((n, l) => n + l.uploadBytes, 0),
    sectionsToDelete: others.filter((s) => s.action === 'delete').length,
    lessonsToDelete: otherLessons.filter((l) => l.action === 'delete').length,
    lessonsLeftAlone: otherLessons.filter((l) => l.action === 'leave').length,
    skipped,
  };
}

/** Whether the plan writes anything at all. */
export function planIsEmpty(plan: PushPlan): boolean {
  const t = plan.totals;
  return (
    t.sectionsToCreate + t.sectionsToUpdate + t.sectionsToReorder + t.lessonsToCreate + t.lessonsToUpdate === 0 &&
    t.lessonsToReorder + t.sectionsToDelete + t.lessonsToDelete === 0
  );
}

/**
 * Videos whose bytes must be hashed to plan: every one, unless Lectern remembers pushing this very
 * file (same size and modification time), when the remembered hash stands.
 */
export function videoHashesNeeded(
  folder: FolderLayout,
  remembered: readonly RememberedEntry[],
): { read: string[]; known: Map<string, string> } {
  const memory = new Map(remembered.filter((r) => r.kind === 'lesson').map((r) => [r.key, r]));
  const read: string[] = [];
  const known = new Map<string, string>();
  for (const file of folder.sections.flatMap((s) => s.lessons)) {
    if (file.kind !== 'video') continue;
    const entry = memory.get(file.key);
    if (entry?.contentSha256 && entry.size === file.size && entry.mtimeMs === file.mtimeMs)
      known.set(file.key, entry.contentSha256);
    else read.push(file.key);
  }
  return { read, known };
}
