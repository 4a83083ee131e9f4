// Main process / plain Node, pure. The plan of a folder push: the folder (folder-scan.ts) set
// against the course as the server has it and what Lectern remembers pushing before. Entries are
// matched to sections and lessons by that memory first (the same path; a renamed file by its
// content), then by title; what is left is created. Nothing here reads disk or talks to a server.
import type { FolderLayout, LessonFile, SectionFolder, SkippedFile } from './folder-scan.ts';
import { outOfPlace } from '../../src-shared/reorder.ts';

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
  /** SHA-256 of the text or video last pushed (videos pushed before schema 6, and texts). */
  contentSha256: string | null;
  /** `partSize:hex`: the MD5 of the parts' MD5s the upload engine computed as it sent the video. */
  contentMd5Parts?: string | null;
  /** SHA-256 of the video's sampled bytes (uploads/duplicates.ts): different samples, different bytes. */
  sampleSha256?: string | null;
  /** The stat of the file pushed: equal size, mtime, device and inode is the quick check. */
  size: number | null;
  mtimeMs: number | null;
  dev?: number | null;
  ino?: number | null;
}

/**
 * What the plan learnt of a file's bytes (prepare.ts): each present field can be set against the
 * same field remembered of a push. A full hash tells same or different; samples only different.
 */
export interface ContentId {
  sha256?: string | null;
  md5Parts?: string | null;
  sampleSha256?: string | null;
}

/** What push-state.ts stores of an entry's content once it is on the server. */
export interface PushedContent {
  sha256: string | null;
  md5Parts: string | null;
  sampleSha256: string | null;
  size: number;
  mtimeMs: number;
  dev: number | null;
  ino: number | null;
}

/**
 * rsync's quick check: the file has the size and modification time (and, where remembered, the
 * device and inode) of the one pushed, so its bytes are taken as those pushed without reading them.
 * A file rewritten in place with its mtime set back passes it, as with rsync.
 */
export function quickCheckPasses(
  entry: RememberedEntry,
  file: { size: number; mtimeMs: number; dev?: number; ino?: number },
): boolean {
  return (
    entry.size === file.size &&
    entry.mtimeMs === file.mtimeMs &&
    (entry.dev == null || entry.dev === file.dev) &&
    (entry.ino == null || entry.ino === file.ino)
  );
}

/** Whether the remembered entry holds a full hash of its bytes (something a file can be compared to). */
export function hasFullHash(entry: RememberedEntry): boolean {
  return Boolean(entry.contentSha256 || entry.contentMd5Parts);
}

/** The remembered entry's identities, as the content of a file that passed its quick check. */
export function contentOf(entry: RememberedEntry): ContentId {
  return {
    sha256: entry.contentSha256,
    md5Parts: entry.contentMd5Parts ?? null,
    sampleSha256: entry.sampleSha256 ?? null,
  };
}

/**
 * The same bytes as those pushed (true), other bytes (false), or not known (null): a full hash
 * both sides hold decides; a different size or different samples mean different bytes.
 */
export function sameContent(
  entry: RememberedEntry,
  size: number,
  content: ContentId | null | undefined,
): boolean | null {
  if (entry.contentSha256 && content?.sha256) return entry.contentSha256 === content.sha256;
  const part = (id: string) => id.slice(0, id.indexOf(':'));
  if (entry.contentMd5Parts && content?.md5Parts && part(entry.contentMd5Parts) === part(content.md5Parts))
    return entry.contentMd5Parts === content.md5Parts;
  if (entry.size !== null && entry.size !== size) return false;
  if (entry.sampleSha256 && content?.sampleSha256 && entry.sampleSha256 !== content.sampleSha256) return false;
  return null;
}

export type MatchedBy = 'memory' | 'content' | 'title';
export type LessonChange = 'video' | 'text' | 'title' | 'order';
export type SectionChange = 'title' | 'order';

export interface LessonPlan {
  key: string;
  title: string;
  kind: LessonFile['kind'];
  file: LessonFile;
  /** What is known of the file's bytes (a text's SHA-256; a video's hashes where they were read). */
  content: ContentId;
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
  /** What is known of each video's bytes by key (prepare.ts; absent: nothing, as on a first push). */
  videoContent: ReadonlyMap<string, ContentId>;
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
    const lessons = planLessons(section, remote, memory, remembered, input.videoContent);
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
  videoContent: ReadonlyMap<string, ContentId>,
): LessonPlan[] {
  const available = new Map((remote?.lessons ?? []).map((l) => [l.id, l]));
  const found = new Map<string, { lesson: RemoteLesson; by: MatchedBy; memory: RememberedEntry | null }>();
  const contentOfFile = (file: LessonFile): ContentId =>
    file.kind === 'text' ? { sha256: file.sha256 } : (videoContent.get(file.key) ?? {});
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
  const gone = goneEntries(section, remembered);
  for (const file of section.lessons) {
    if (found.has(file.key)) continue;
    const content = contentOfFile(file);
    const entry = gone.find((r) => available.has(r.serverId!) && sameContent(r, file.size, content) === true);
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
    const content = contentOfFile(file);
    const base = { key: file.key, title: file.title, kind: file.kind, file, content };
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
    const same = match.memory ? sameContent(match.memory, file.size, content) : null;
    const changes: LessonChange[] = [];
    if (file.kind === 'video') {
      // Remembered: compare bytes. Only a title to go by: a lesson with a video is taken as this one.
      if (same === false || (same === null && !lesson.hasVideo)) changes.push('video');
    } else if (same === true && by !== 'title') {
      // Unchanged since Lectern pushed it.
    } else if (lesson.text === null || lesson.text !== file.text) {
      changes.push('text');
    }
    if (lesson.title !== file.title) changes.push('title');
    if (lessonsOutOfPlace.has(lesson.id)) changes.push('order');
    const changed = changes.some((c) => c !== 'order');
    return {
      ...base,
      action: changed ? 'update' : changes.length > 0 ? 'reorder' : 'keep',
      lessonId: lesson.id,
      matchedBy: by,
      changes,
      uploadBytes: changes.includes('video') ? file.size : 0,
    };
  });
}

export function totalsOf(
  sections: readonly SectionPlan[],
  others: readonly OtherSection[],
  skipped: number,
): PlanTotals {
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

/** Remembered lessons of this section whose file is gone from it, with bytes to recognise: renamed files' candidates. */
export function goneEntries(section: SectionFolder, remembered: readonly RememberedEntry[]): RememberedEntry[] {
  const keys = new Set(section.lessons.map((l) => l.key));
  return remembered.filter(
    (r) => r.kind === 'lesson' && r.sectionKey === section.key && !keys.has(r.key) && r.serverId && hasFullHash(r),
  );
}

/** What to store of a lesson's content once the server has it: null when its bytes are not known. */
export function pushedContent(lesson: LessonPlan): PushedContent | null {
  const { content, file } = lesson;
  if (!content.sha256 && !content.md5Parts) return null;
  return {
    sha256: content.sha256 ?? null,
    md5Parts: content.md5Parts ?? null,
    sampleSha256: content.sampleSha256 ?? null,
    size: file.size,
    mtimeMs: file.mtimeMs,
    dev: file.dev ?? null,
    ino: file.ino ?? null,
  };
}
