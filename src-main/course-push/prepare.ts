// Main process / plain Node. Plan first: read the folder, the course and what Lectern remembers,
// and plan. Sends no write (its one local write: a file it read and found unchanged is remembered
// with its new stat). Reading is kept to what the plan needs, so a plan takes about the time of a
// directory listing and the course's reads:
// - a file with the size, mtime, device and inode of the one last pushed from its path (rsync's
//   quick check) is not opened at all: its bytes are taken as those pushed;
// - a file pushed before that fails the quick check is told changed by its size or sampled bytes
//   when they differ, and is hashed whole only when they match (a touched file may be unchanged);
// - a video not pushed before is not hashed: it will be uploaded, and the upload engine computes
//   the MD5 of its parts as it sends them, which is what the push state keeps of it afterwards
//   (push-state.ts). Only a possible rename (a remembered file gone from the same section with the
//   same size and samples) is hashed, to follow it onto its lesson.
import { createHash } from 'node:crypto';
import { openPickedFile } from '../platform/index.ts';
import type { FileCheck } from '../uploads/index.ts';
import {
  TEXT_EXTENSIONS,
  scanFolder,
  type FolderLayout,
  type KnownLesson,
  type LessonFile,
  type ListingMode,
} from './folder-scan.ts';
import { extensionOf, titleFromName } from './names.ts';
import {
  contentOf,
  goneEntries,
  hasFullHash,
  planPush,
  quickCheckPasses,
  sameContent,
  type ContentId,
  type LessonPlan,
  type PushPlan,
  type RememberedEntry,
  type RemoteCourse,
} from './plan.ts';
import { letRequestsLeave, startCourseRead, type CourseRead, type PushApi } from './push-api.ts';
import type { PushState } from './push-state.ts';

/** Reads a file's bytes whole to hash them: the one place a plan does (tests count through it). */
export interface ContentReader {
  sha256(path: string): Promise<string>;
  /** `partSize:hex`: the MD5 of the MD5s of `partSize`-byte parts, as push-state.ts keeps an upload's. */
  md5Parts(path: string, partSize: number): Promise<string>;
}

export interface PrepareInput {
  dir: string;
  courseId: string;
  deleteOthers: boolean;
  api: PushApi;
  state: PushState;
  signal: AbortSignal;
  onWaiting?: (waiting: boolean) => void;
  /** The course's reads when the caller started them already (startCourseRead), else started here. */
  courseRead?: CourseRead;
  /** How the folder is listed (folder-scan.ts): `background` unless the caller has nothing else to do. */
  listing?: ListingMode;
  /** Tests only: count or refuse whole-file reads. */
  reader?: ContentReader;
}

export async function preparePush(input: PrepareInput): Promise<PushPlan> {
  const reader = input.reader ?? diskReader;
  // The course is asked for first (or already was, by the caller), then read while the push state
  // and the folder are: the plan waits for the slower of them, not for each in turn.
  const courseRead =
    input.courseRead ??
    startCourseRead(input.api, input.courseId, { signal: input.signal, onWaiting: input.onWaiting });
  await letRequestsLeave(); // before the push state is read (synchronous)
  let remembered: RememberedEntry[];
  let lessonMemory: Map<string, RememberedEntry>;
  // Files the quick check vouched for stand in unread; `reread`: those the plan needs the bytes of after all.
  const trusted = new Set<string>();
  const reread = new Set<string>();
  const known: KnownLesson = (file, seen) => {
    const entry = lessonMemory.get(file.key);
    if (!entry || !hasFullHash(entry) || reread.has(file.key) || !quickCheckPasses(entry, seen)) return null;
    trusted.add(file.key);
    return standIn(file, seen, entry);
  };
  let folder: FolderLayout;
  let course: RemoteCourse;
  try {
    remembered = input.state.remembered(input.courseId);
    lessonMemory = new Map(remembered.filter((r) => r.kind === 'lesson').map((r) => [r.key, r]));
    folder = await scanFolder(input.dir, undefined, known, input.listing);
    course = await courseRead.course;
  } catch (error) {
    courseRead.stop(error);
    throw error;
  }
  const plan = async () =>
    planPush({
      folder,
      course,
      remembered,
      videoContent: await videoContents(folder, remembered, trusted, reader),
      deleteOthers: input.deleteOthers,
    });
  let planned = await plan();
  // A stand-in whose lesson is to be created, uploaded or compared by its text: read it, plan again.
  const needed = planned.sections.flatMap((s) => s.lessons).filter((l) => trusted.has(l.key) && needsBytes(l));
  if (needed.length > 0) {
    for (const l of needed) reread.add(l.key);
    trusted.clear();
    folder = await scanFolder(input.dir, undefined, known, input.listing);
    planned = await plan();
  }
  // Touched but unchanged: read this time, so remember the stat they have now (nothing is sent).
  input.state.noteUnchanged(
    input.courseId,
    planned.sections.flatMap((s) =>
      s.lessons.flatMap((l) => {
        const entry = lessonMemory.get(l.key);
        const same =
          entry &&
          !trusted.has(l.key) &&
          l.matchedBy === 'memory' &&
          !quickCheckPasses(entry, l.file) &&
          sameContent(entry, l.file.size, l.content) === true;
        return same ? [l.file] : [];
      }),
    ),
  );
  return planned;
}

/** Whether the plan of a stand-in uses its bytes (its text, or its video's check for an upload). */
function needsBytes(l: LessonPlan): boolean {
  return (
    l.uploadBytes > 0 ||
    (l.matchedBy !== 'memory' && l.matchedBy !== 'content') ||
    l.changes.includes('text') ||
    l.changes.includes('video')
  );
}

/**
 * A lesson as remembered, for a file that passed the quick check: its kind by its name (only
 * videos and texts are remembered), its text and its video's check left empty. Never sent as
 * such: preparePush reads any stand-in whose plan needs those (needsBytes).
 */
function standIn(
  file: { path: string; key: string; name: string },
  seen: { size: number; mtimeMs: number; dev: number; ino: number },
  entry: RememberedEntry,
): LessonFile {
  const base = { ...file, ...seen, title: titleFromName(file.name, true) };
  if (TEXT_EXTENSIONS.includes(extensionOf(file.name))) {
    return { ...base, kind: 'text', text: '', sha256: entry.contentSha256 ?? '' };
  }
  const check: FileCheck = {
    path: file.path,
    fileName: file.name,
    size: seen.size,
    mtimeMs: seen.mtimeMs,
    video: true,
    mime: null,
    reason: null,
    media: null,
    warnings: [],
    content: { size: seen.size, sampleSha256: entry.sampleSha256 ?? '', sha256: null },
  };
  return { ...base, kind: 'video', check };
}

/** What is known of each video's bytes, read only as far as telling them from what was pushed needs. */
async function videoContents(
  folder: FolderLayout,
  remembered: readonly RememberedEntry[],
  trusted: ReadonlySet<string>,
  reader: ContentReader,
): Promise<Map<string, ContentId>> {
  const memory = new Map(remembered.filter((r) => r.kind === 'lesson').map((r) => [r.key, r]));
  const contents = new Map<string, ContentId>();
  for (const section of folder.sections) {
    const gone = goneEntries(section, remembered);
    for (const file of section.lessons) {
      if (file.kind !== 'video') continue;
      const entry = memory.get(file.key);
      if (entry && trusted.has(file.key)) {
        contents.set(file.key, contentOf(entry));
        continue;
      }
      const sampled: ContentId = { sampleSha256: file.check.content.sampleSha256 || null };
      if (entry && hasFullHash(entry)) {
        // Pushed from this path: the same stat, the same bytes; another size or samples, other bytes.
        if (quickCheckPasses(entry, file)) contents.set(file.key, contentOf(entry));
        else if (sameContent(entry, file.size, sampled) === false) contents.set(file.key, sampled);
        else contents.set(file.key, await hashedLike(entry, file.path, sampled, reader));
        continue;
      }
      // Not pushed from this path: a renamed file is followed by its bytes (same inode: not even read).
      const moved = gone.find((r) => r.dev != null && r.ino != null && quickCheckPasses(r, file));
      if (moved) {
        contents.set(file.key, contentOf(moved));
        continue;
      }
      let content = sampled;
      for (const r of gone) {
        if (sameContent(r, file.size, content) !== false) content = await hashedLike(r, file.path, content, reader);
        if (sameContent(r, file.size, content) === true) break;
      }
      contents.set(file.key, content);
    }
  }
  return contents;
}

/** `have` with the full hash the remembered entry holds, read from the file when not already known. */
async function hashedLike(
  entry: RememberedEntry,
  path: string,
  have: ContentId,
  reader: ContentReader,
): Promise<ContentId> {
  if (entry.contentMd5Parts) {
    const partSize = Number(entry.contentMd5Parts.slice(0, entry.contentMd5Parts.indexOf(':')));
    if (have.md5Parts?.startsWith(`${partSize}:`) || !(partSize > 0)) return have;
    return { ...have, md5Parts: await reader.md5Parts(path, partSize) };
  }
  if (entry.contentSha256 && !have.sha256) return { ...have, sha256: await reader.sha256(path) };
  return have;
}

const READ = 1024 * 1024;

export const diskReader: ContentReader = {
  async sha256(path) {
    const hash = createHash('sha256');
    await eachChunk(path, (chunk) => hash.update(chunk));
    return hash.digest('hex');
  },
  async md5Parts(path, partSize) {
    const whole = createHash('md5');
    let part = createHash('md5');
    let inPart = 0;
    let any = false;
    await eachChunk(path, (chunk) => {
      for (let at = 0; at < chunk.length;) {
        const take = Math.min(partSize - inPart, chunk.length - at);
        part.update(chunk.subarray(at, at + take));
        at += take;
        inPart += take;
        any = true;
        if (inPart === partSize) {
          whole.update(part.digest());
          part = createHash('md5');
          inPart = 0;
          any = false;
        }
      }
    });
    if (any) whole.update(part.digest());
    return `${partSize}:${whole.digest('hex')}`;
  },
};

async function eachChunk(path: string, use: (chunk: Buffer) => void): Promise<void> {
  const handle = await openPickedFile(path);
  try {
    for await (const chunk of handle.createReadStream({
      highWaterMark: READ,
      autoClose: false,
    }) as AsyncIterable<Buffer>)
      use(chunk);
  } finally {
    await handle.close();
  }
}
