// Main process / plain Node. Reads a course folder from disk: each sub-folder is a section and each
// file in it a lesson (a folder without sub-folders is one section named after itself). A video is
// recognised by its bytes (the uploads' pre-flight check), a .md or .txt file becomes a text
// lesson, and everything else is kept as "skipped" with the reason. Nothing here talks to a server.
// The folder often comes from someone else (a zip, a tar, a clone): nothing outside its real path is
// read (a symbolic link is skipped, never followed), nothing is opened in a way that can block (a
// FIFO or device is skipped), and what is held in memory is bounded (the caps below).
import { createHash } from 'node:crypto';
import { lstatSync, opendirSync, type Stats } from 'node:fs';
import { lstat, opendir, realpath, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { escapeControls } from '../../src-shared/text-controls.ts';
import { t } from '../i18n/index.ts';
import type { FileCheck } from '../uploads/index.ts';
import { mapBounded } from './bounded.ts';
import { readListedFile } from './listed-file.ts';
import { extensionOf, naturalCompare, titleFromName } from './names.ts';

export const TEXT_EXTENSIONS: readonly string[] = ['md', 'txt'];

/** The largest text lesson (bytes): its text is held in memory and sent in one request. */
export const MAX_TEXT_BYTES = 1024 * 1024;
/** All text lessons of one push together (bytes); later files in the folder's order are skipped. */
export const MAX_TEXT_TOTAL_BYTES = 64 * 1024 * 1024;
/** Files and folders listed in one push (the folder and its section folders); more is refused. */
export const MAX_ENTRIES = 20_000;

/** Entries stat'ed at once while listing one folder, section folders listed at once, and videos checked at once. */
const STATS_AT_ONCE = 16;
const FOLDERS_AT_ONCE = 4;
const FILES_AT_ONCE = 6;

/**
 * How a listing reads the disk. `background` (the app's main process): every call on libuv's
 * threads, so a slow disk never stalls the window's messages. `inline` (a command line, which has
 * nothing else to do meanwhile): synchronous calls, no thread hop and promise per entry.
 */
export type ListingMode = 'background' | 'inline';

export interface ScanLimits {
  maxTextBytes: number;
  maxTextTotalBytes: number;
  maxEntries: number;
}

const LIMITS: ScanLimits = {
  maxTextBytes: MAX_TEXT_BYTES,
  maxTextTotalBytes: MAX_TEXT_TOTAL_BYTES,
  maxEntries: MAX_ENTRIES,
};

/** Why a link is skipped, in the app's language (read when said). */
export function linkSkipped(): string {
  return t({
    id: 'course-push.folderScan.linkSkipped',
    defaultMessage: 'A symbolic link: links are not followed, so nothing outside the folder is read.',
  });
}

interface LessonBase {
  /** Absolute path. */
  path: string;
  /** Path relative to the pushed folder, `/`-separated: what the local state remembers it by. */
  key: string;
  name: string;
  title: string;
  size: number;
  mtimeMs: number;
  /** Device and inode as listed: with size and mtime, the push's quick check (prepare.ts). */
  dev?: number;
  ino?: number;
}

/** What the listing saw of a file (lstat), before any of its bytes are read. */
export interface ListedStat {
  size: number;
  mtimeMs: number;
  dev: number;
  ino: number;
}

/**
 * Stands in for reading a file: a lesson already known from what the listing saw (prepare.ts's
 * quick check against the last push), or null to read the file as usual.
 */
export type KnownLesson = (file: { path: string; key: string; name: string }, seen: ListedStat) => LessonFile | null;

export interface VideoFile extends LessonBase {
  kind: 'video';
  /** What the pre-flight check read from its bytes. */
  check: FileCheck;
}

export interface TextFile extends LessonBase {
  kind: 'text';
  /** The file's text (UTF-8, without a byte-order mark). */
  text: string;
  sha256: string;
}

export type LessonFile = VideoFile | TextFile;

export interface SectionFolder {
  /** Relative path of the folder (`''`: the pushed folder itself is the one section). */
  key: string;
  name: string;
  title: string;
  lessons: LessonFile[];
}

export interface SkippedFile {
  key: string;
  reason: string;
}

export interface FolderLayout {
  root: string;
  sections: SectionFolder[];
  skipped: SkippedFile[];
}

export class FolderError extends Error {
  override name = 'FolderError';
}

/**
 * Reads `dir` into sections and lessons in natural order. Throws FolderError when `dir` is not a
 * readable folder or lists more than `maxEntries` entries. `limits`: tests only.
 */
export async function scanFolder(
  dir: string,
  limits: ScanLimits = LIMITS,
  known?: KnownLesson,
  mode: ListingMode = 'background',
): Promise<FolderLayout> {
  // The folder named is the user's own choice (a link to it is fine); below it, nothing is followed.
  const root = await realpath(resolve(dir)).catch(() => null);
  const info = root ? await stat(root).catch(() => null) : null;
  if (!root || !info)
    throw new FolderError(
      t({ id: 'course-push.folderScan.notFound', defaultMessage: '{dir} was not found.' }, { dir }),
    );
  if (!info.isDirectory())
    throw new FolderError(
      t({ id: 'course-push.folderScan.notAFolder', defaultMessage: '{dir} is not a folder.' }, { dir }),
    );
  const budget: Budget = { ...limits, entries: 0, textBytes: 0, dir, known, inline: mode === 'inline' };
  const top = await list(root, '', budget).catch((e: unknown) => {
    if (e instanceof FolderError) throw e;
    throw new FolderError(
      t(
        { id: 'course-push.folderScan.folderUnreadable', defaultMessage: '{dir} cannot be read ({code}).' },
        { dir, code: (e as { code?: string }).code ?? 'error' },
      ),
    );
  });
  const skipped: SkippedFile[] = top.skipped;
  const sections: SectionFolder[] = [];
  if (top.folders.length === 0) {
    const name = basename(root);
    sections.push({
      key: '',
      name,
      title: titleFromName(name, false),
      lessons: await lessonsOf(top.files, skipped, budget),
    });
  } else {
    for (const file of top.files) {
      skipped.push({
        key: file.key,
        reason: t({
          id: 'course-push.folderScan.besideSections',
          defaultMessage: 'It lies beside the section folders; only files inside a section folder become lessons.',
        }),
      });
    }
    // Listed a few folders at once; their lessons below one by one, in the folder's order.
    const listings = await mapBounded(top.folders, FOLDERS_AT_ONCE, (folder) => listSection(folder, budget));
    for (const [i, folder] of top.folders.entries()) {
      const inner = listings[i];
      if (!inner) {
        const reason = t({
          id: 'course-push.folderScan.folderReplaced',
          defaultMessage: 'It was replaced (by a link or another folder) while it was read.',
        });
        skipped.push({ key: folder.key, reason });
        continue;
      }
      skipped.push(...inner.skipped);
      for (const sub of inner.folders) {
        const reason = t({
          id: 'course-push.folderScan.nestedFolder',
          defaultMessage: 'A folder inside a section folder; only one level of folders is read.',
        });
        skipped.push({ key: sub.key, reason });
      }
      sections.push({
        key: folder.key,
        name: folder.name,
        title: titleFromName(folder.name, false),
        lessons: await lessonsOf(inner.files, skipped, budget),
      });
    }
  }
  // A reason may quote a name: its controls and bidi overrides are shown, never obeyed.
  for (const s of skipped) s.reason = escapeControls(s.reason);
  skipped.sort((a, b) => naturalCompare(a.key, b.key));
  return { root, sections, skipped };
}

interface Budget extends ScanLimits {
  entries: number;
  textBytes: number;
  dir: string;
  known: KnownLesson | undefined;
  inline: boolean;
}

interface Entry {
  path: string;
  key: string;
  name: string;
}

/** What the listing saw (lstat): a later open must find the same file. */
interface Listed extends Entry {
  pin: { dev: number; ino: number };
  seen: ListedStat;
}

interface Listing {
  files: Listed[];
  folders: Listed[];
  skipped: SkippedFile[];
}

/** A section folder's listing, or null when the folder was swapped (e.g. for a link) around it. */
async function listSection(folder: Listed, budget: Budget): Promise<Listing | null> {
  const same = async () => {
    const now = await lstatOrNull(folder.path, budget);
    return !!now?.isDirectory() && now.dev === folder.pin.dev && now.ino === folder.pin.ino;
  };
  if (!(await same())) return null;
  const listing = await list(folder.path, folder.key, budget);
  return (await same()) ? listing : null;
}

/**
 * A folder's files and sub-folders in natural order, by lstat (a link is never followed); hidden,
 * linked and special entries are skipped. Read entry by entry, so a folder of a million entries
 * stops at the budget instead of being held whole.
 */
async function list(path: string, key: string, budget: Budget): Promise<Listing> {
  const names: string[] = [];
  const dir = budget.inline ? opendirSync(path) : await opendir(path);
  try {
    for await (const entry of budget.inline ? entriesNow(dir) : dir) {
      if (++budget.entries > budget.maxEntries) {
        throw new FolderError(
          t(
            {
              id: 'course-push.folderScan.tooManyEntries',
              defaultMessage:
                "{dir} holds more than {max} files and folders (with its section folders'); push it in parts.",
            },
            { dir: budget.dir, max: budget.maxEntries },
          ),
        );
      }
      names.push(entry.name);
    }
  } finally {
    // Leaving the loop early closes it already; closing twice throws ERR_DIR_CLOSED.
    if (budget.inline) closeQuietly(dir);
    else await dir.close().catch(() => undefined);
  }
  names.sort(naturalCompare);
  const stats = await mapBounded(names, STATS_AT_ONCE, (name) =>
    name.startsWith('.') ? Promise.resolve(null) : lstatOrNull(join(path, name), budget),
  );
  const listing: Listing = { files: [], folders: [], skipped: [] };
  for (const [i, name] of names.entries()) {
    const item = { path: join(path, name), key: key ? `${key}/${name}` : name, name };
    if (name.startsWith('.')) {
      listing.skipped.push({
        key: item.key,
        reason: t({ id: 'course-push.folderScan.hidden', defaultMessage: 'A hidden file.' }),
      });
      continue;
    }
    const info = stats[i];
    const listed = {
      ...item,
      pin: { dev: info?.dev ?? 0, ino: info?.ino ?? 0 },
      seen: { size: info?.size ?? 0, mtimeMs: info?.mtimeMs ?? 0, dev: info?.dev ?? 0, ino: info?.ino ?? 0 },
    };
    if (!info) listing.skipped.push({ key: item.key, reason: SKIP.unreadable(name) });
    else if (info.isSymbolicLink()) listing.skipped.push({ key: item.key, reason: linkSkipped() });
    else if (info.isDirectory()) listing.folders.push(listed);
    else if (info.isFile()) listing.files.push(listed);
    else
      listing.skipped.push({
        key: item.key,
        reason: t({
          id: 'course-push.folderScan.special',
          defaultMessage: 'Not a regular file (a FIFO, socket or device).',
        }),
      });
  }
  return listing;
}

function lstatOrNull(path: string, budget: Budget): Promise<Stats | null> {
  if (!budget.inline) return lstat(path).catch(() => null);
  try {
    return Promise.resolve(lstatSync(path));
  } catch {
    return Promise.resolve(null);
  }
}

function closeQuietly(dir: ReturnType<typeof opendirSync>): void {
  try {
    dir.closeSync();
  } catch {
    // Already closed (the loop was left early).
  }
}

/** A directory's entries read synchronously (`inline` listing), one at a time as `for await` asks. */
function* entriesNow(dir: ReturnType<typeof opendirSync>) {
  for (let entry = dir.readSync(); entry; entry = dir.readSync()) yield entry;
}

/**
 * The files' lessons in their order. Texts are read one after another in that order (their total
 * has a cap: the later ones are skipped); videos, whose check reads a few KiB each, a few at once.
 */
async function lessonsOf(files: readonly Listed[], skipped: SkippedFile[], budget: Budget): Promise<LessonFile[]> {
  const found: (LessonFile | SkippedFile | null)[] = files.map((file) => budget.known?.(file, file.seen) ?? null);
  const unread = files.flatMap((_, i) => (found[i] ? [] : [i]));
  const isText = (i: number) => TEXT_EXTENSIONS.includes(extensionOf(files[i]!.name));
  for (const i of unread.filter(isText)) found[i] = await classify(files[i]!, budget);
  const videos = unread.filter((i) => !isText(i));
  const checked = await mapBounded(videos, FILES_AT_ONCE, (i) => classify(files[i]!, budget));
  for (const [n, i] of videos.entries()) found[i] = checked[n]!;
  const lessons: LessonFile[] = [];
  for (const lesson of found) {
    if (!lesson) continue;
    if ('reason' in lesson) skipped.push(lesson);
    else lessons.push(lesson);
  }
  return lessons;
}

async function classify({ pin, seen: _seen, ...file }: Listed, budget: Budget): Promise<LessonFile | SkippedFile> {
  const title = titleFromName(file.name, true);
  if (TEXT_EXTENSIONS.includes(extensionOf(file.name))) return readText(file, pin, title, budget);
  // The media readers load with the first file the quick check did not vouch for: a re-plan of an
  // unchanged folder reads none and loads none of them.
  const { FileAccessError, inspectFile } = await import('../uploads/index.ts');
  let check: FileCheck;
  try {
    check = await inspectFile(file.path);
  } catch (error) {
    if (error instanceof FileAccessError) return { key: file.key, reason: error.message };
    throw error;
  }
  if (!check.video) return { key: file.key, reason: check.reason ?? SKIP.notAVideo(file.name) };
  return { ...file, ...pin, kind: 'video', title, size: check.size, mtimeMs: check.mtimeMs, check };
}

async function readText(
  file: Entry,
  pin: Listed['pin'],
  title: string,
  budget: Budget,
): Promise<TextFile | SkippedFile> {
  const left = budget.maxTextTotalBytes - budget.textBytes;
  const read = await readListedFile(file.path, pin, Math.min(budget.maxTextBytes, left));
  if (!read.ok) {
    const name = file.name;
    const reasons = {
      link: () => SKIP.replacedByLink(name),
      'not-a-file': () => SKIP.notAFile(name),
      changed: () => SKIP.replaced(name),
      'too-large': () =>
        (read.size ?? 0) > budget.maxTextBytes
          ? SKIP.textTooLarge(name, mib(budget.maxTextBytes))
          : SKIP.textBudgetUsed(mib(budget.maxTextTotalBytes)),
      unreadable: () => SKIP.unreadable(name),
    };
    return { key: file.key, reason: reasons[read.why]() };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(read.bytes);
  } catch {
    return { key: file.key, reason: SKIP.notUtf8(file.name) };
  }
  budget.textBytes += read.size;
  const sha256 = createHash('sha256').update(text).digest('hex');
  return { ...file, ...pin, kind: 'text', title, size: read.size, mtimeMs: read.mtimeMs, text, sha256 };
}

/** Why a file is skipped, in the app's language when said (the CLI's stay English). */
const SKIP = {
  unreadable: (name: string) =>
    t({ id: 'course-push.folderScan.unreadable', defaultMessage: '{name} cannot be read.' }, { name }),
  notAVideo: (name: string) =>
    t({ id: 'course-push.folderScan.notAVideo', defaultMessage: '{name} is not a video.' }, { name }),
  replacedByLink: (name: string) =>
    t(
      {
        id: 'course-push.folderScan.replacedByLink',
        defaultMessage: '{name} was replaced by a link while the folder was read; links are not followed.',
      },
      { name },
    ),
  notAFile: (name: string) =>
    t(
      {
        id: 'course-push.folderScan.notAFile',
        defaultMessage: '{name} is not a regular file (a FIFO, socket or device).',
      },
      { name },
    ),
  replaced: (name: string) =>
    t(
      {
        id: 'course-push.folderScan.replaced',
        defaultMessage: '{name} was replaced by another file while the folder was read.',
      },
      { name },
    ),
  textTooLarge: (name: string, max: string) =>
    t(
      {
        id: 'course-push.folderScan.textTooLarge',
        defaultMessage: '{name} is larger than {max}, the most a text lesson may hold.',
      },
      { name, max },
    ),
  textBudgetUsed: (max: string) =>
    t(
      {
        id: 'course-push.folderScan.textBudgetUsed',
        defaultMessage:
          'The text lessons before it already take most of the {max} of text one push reads; push the rest from another folder.',
      },
      { max },
    ),
  notUtf8: (name: string) =>
    t({ id: 'course-push.folderScan.notUtf8', defaultMessage: '{name} is not UTF-8 text.' }, { name }),
};

function mib(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
