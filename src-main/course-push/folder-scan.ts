// Main process / plain Node. Reads a course folder from disk: each sub-folder is a section and each
// file in it a lesson (a folder without sub-folders is one section named after itself). A video is
// recognised by its bytes (the uploads' pre-flight check), a .md or .txt file becomes a text
// lesson, and everything else is kept as "skipped" with the reason. Nothing here talks to a server.
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { FileAccessError, inspectFile, type FileCheck } from '../uploads/index.ts';
import { extensionOf, naturalCompare, titleFromName } from './names.ts';

export const TEXT_EXTENSIONS: readonly string[] = ['md', 'txt'];

interface LessonBase {
  /** Absolute path. */
  path: string;
  /** Path relative to the pushed folder, `/`-separated: what the local state remembers it by. */
  key: string;
  name: string;
  title: string;
  size: number;
  mtimeMs: number;
}

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

/** Reads `dir` into sections and lessons in natural order. Throws FolderError when `dir` is not a readable folder. */
export async function scanFolder(dir: string): Promise<FolderLayout> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info) throw new FolderError(`${dir} was not found.`);
  if (!info.isDirectory()) throw new FolderError(`${dir} is not a folder.`);
  const top = await list(root, '').catch((e: unknown) => {
    throw new FolderError(`${dir} cannot be read (${(e as { code?: string }).code ?? 'error'}).`);
  });
  const skipped: SkippedFile[] = top.skipped;
  const sections: SectionFolder[] = [];
  if (top.folders.length === 0) {
    const name = basename(root);
    sections.push({ key: '', name, title: titleFromName(name, false), lessons: await lessonsOf(top.files, skipped) });
  } else {
    for (const file of top.files) {
      skipped.push({
        key: file.key,
        reason: 'It lies beside the section folders; only files inside a section folder become lessons.',
      });
    }
    for (const folder of top.folders) {
      const inner = await list(folder.path, folder.key);
      skipped.push(...inner.skipped);
      for (const sub of inner.folders) {
        skipped.push({ key: sub.key, reason: 'A folder inside a section folder; only one level of folders is read.' });
      }
      sections.push({
        key: folder.key,
        name: folder.name,
        title: titleFromName(folder.name, false),
        lessons: await lessonsOf(inner.files, skipped),
      });
    }
  }
  skipped.sort((a, b) => naturalCompare(a.key, b.key));
  return { root, sections, skipped };
}

interface Entry {
  path: string;
  key: string;
  name: string;
}

/** A folder's files and sub-folders in natural order; hidden and special entries are skipped. */
async function list(path: string, key: string): Promise<{ files: Entry[]; folders: Entry[]; skipped: SkippedFile[] }> {
  const files: Entry[] = [];
  const folders: Entry[] = [];
  const skipped: SkippedFile[] = [];
  const entries = await readdir(path, { withFileTypes: true });
  entries.sort((a, b) => naturalCompare(a.name, b.name));
  for (const entry of entries) {
    const item = { path: join(path, entry.name), key: key ? `${key}/${entry.name}` : entry.name, name: entry.name };
    if (entry.name.startsWith('.')) {
      skipped.push({ key: item.key, reason: 'A hidden file.' });
      continue;
    }
    // A link counts as what it points to.
    const kind = entry.isSymbolicLink() ? await stat(item.path).catch(() => null) : entry;
    if (kind?.isDirectory()) folders.push(item);
    else if (kind?.isFile()) files.push(item);
    else skipped.push({ key: item.key, reason: kind ? 'Not a regular file.' : 'A link to nothing.' });
  }
  return { files, folders, skipped };
}

async function lessonsOf(files: readonly Entry[], skipped: SkippedFile[]): Promise<LessonFile[]> {
  const lessons: LessonFile[] = [];
  for (const file of files) {
    const lesson = await classify(file);
    if ('reason' in lesson) skipped.push(lesson);
    else lessons.push(lesson);
  }
  return lessons;
}

async function classify(file: Entry): Promise<LessonFile | SkippedFile> {
  const title = titleFromName(file.name, true);
  if (TEXT_EXTENSIONS.includes(extensionOf(file.name))) {
    const [bytes, info] = await Promise.all([readFile(file.path), stat(file.path)]).catch(() => [null, null] as const);
    if (!bytes || !info) return { key: file.key, reason: `${file.name} cannot be read.` };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      return { key: file.key, reason: `${file.name} is not UTF-8 text.` };
    }
    const sha256 = createHash('sha256').update(text).digest('hex');
    return { ...file, kind: 'text', title, size: info.size, mtimeMs: info.mtimeMs, text, sha256 };
  }
  let check: FileCheck;
  try {
    check = await inspectFile(file.path);
  } catch (error) {
    if (error instanceof FileAccessError) return { key: file.key, reason: error.message };
    throw error;
  }
  if (!check.video) return { key: file.key, reason: check.reason ?? `${file.name} is not a video.` };
  return { ...file, kind: 'video', title, size: check.size, mtimeMs: check.mtimeMs, check };
}
