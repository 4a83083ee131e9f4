/**
 * Main process / plain Node. Lectern's own file and folder browser, for a transport without a
 * native dialog (the bridge host): main lists a folder the user opened and answers entries by
 * opaque handle, never by path, so the renderer cannot name a path for main to read. Only what the
 * user opens is listed (names, kinds, sizes; no file is opened), and only an entry the user then
 * chooses becomes a file or folder handle (file-handles.ts, folder-handles.ts).
 *
 * A browse handle holds the entry's real path (a link resolved when listed) pinned to its device
 * and inode. Using it (opening, choosing) checks that the same entry is still there under that real
 * path, so a link or another folder swapped in after the listing is refused, not followed. Links
 * are listed as what they point to (a link to a folder opens that folder, and the breadcrumb then
 * shows where it really is); broken links, link loops, devices, FIFOs and sockets are left out.
 */
import { randomUUID } from 'node:crypto';
import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, parse } from 'node:path';
import type { BrowseEntry, BrowseListing, PickPurpose } from '../../src-shared/index.ts';
import { VIDEO_EXTENSIONS } from './file-handles.ts';

export type BrowseErrorCode = 'BROWSE_HANDLE_UNKNOWN' | 'FOLDER_UNREADABLE' | 'FOLDER_GONE' | 'WRONG_KIND';

export class FolderBrowseError extends Error {
  readonly code: BrowseErrorCode;
  constructor(code: BrowseErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'FolderBrowseError';
  }
}

export interface FolderBrowser {
  /** One folder's entries for a pick: `folder` is a handle from an earlier listing; none = home. */
  list(input: {
    folder?: string | undefined;
    purpose: PickPurpose;
    showHidden?: boolean | undefined;
  }): Promise<BrowseListing>;
  /** The real path behind a handle this browser issued, checked to be the same entry of that kind. */
  resolve(handle: string, kind: 'folder' | 'file'): Promise<string>;
}

export interface FolderBrowserOptions {
  /** Where a browse starts (default: the user's home folder). */
  home?: string;
  /** Entries answered at most for one folder (the rest are counted, not listed). */
  maxEntries?: number;
  /** Handles kept at most; the oldest are forgotten first (a forgotten one asks to browse again). */
  maxHandles?: number;
}

interface Pinned {
  path: string;
  kind: 'folder' | 'file';
  dev: number;
  ino: number;
}

const FOLDERS_ONLY: ReadonlySet<PickPurpose> = new Set(['course', 'video-folder']);
const STAT_BATCH = 64;

function isVideoName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && VIDEO_EXTENSIONS.includes(name.slice(dot + 1).toLowerCase());
}

function kindOf(info: Stats): 'folder' | 'file' | null {
  if (info.isDirectory()) return 'folder';
  if (info.isFile()) return 'file';
  return null;
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function unreadable(path: string, error: unknown): FolderBrowseError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const name = basename(path) || path;
  if (code === 'EACCES' || code === 'EPERM')
    return new FolderBrowseError('FOLDER_UNREADABLE', `Lectern may not open the folder “${name}” (permission denied).`);
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new FolderBrowseError('FOLDER_GONE', `The folder “${name}” is no longer there.`);
  return new FolderBrowseError(
    'FOLDER_UNREADABLE',
    `Lectern could not open the folder “${name}” (${code ?? 'error'}).`,
  );
}

export function createFolderBrowser(options: FolderBrowserOptions = {}): FolderBrowser {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxHandles = options.maxHandles ?? 100_000;
  const byHandle = new Map<string, Pinned>();
  const byPath = new Map<string, string>();

  function issue(path: string, kind: 'folder' | 'file', info: Stats): string {
    const known = byPath.get(path);
    if (known !== undefined) {
      byHandle.delete(known);
      byHandle.set(known, { path, kind, dev: info.dev, ino: info.ino });
      return known;
    }
    const handle = randomUUID();
    byHandle.set(handle, { path, kind, dev: info.dev, ino: info.ino });
    byPath.set(path, handle);
    while (byHandle.size > maxHandles) {
      const [oldest] = byHandle;
      if (!oldest) break;
      byHandle.delete(oldest[0]);
      byPath.delete(oldest[1].path);
    }
    return handle;
  }

  async function resolve(handle: string, kind: 'folder' | 'file'): Promise<string> {
    const pinned = byHandle.get(handle);
    if (!pinned)
      throw new FolderBrowseError('BROWSE_HANDLE_UNKNOWN', 'That entry was not listed in Lectern. Browse to it again.');
    if (pinned.kind !== kind) {
      throw new FolderBrowseError(
        'WRONG_KIND',
        kind === 'folder'
          ? `“${basename(pinned.path)}” is not a folder.`
          : `“${basename(pinned.path)}” is a folder, not a file.`,
      );
    }
    const now = await realpath(pinned.path).catch(() => null);
    const info = now === pinned.path ? await stat(now).catch(() => null) : null;
    if (!info || kindOf(info) !== kind || info.dev !== pinned.dev || info.ino !== pinned.ino) {
      throw new FolderBrowseError(
        'FOLDER_GONE',
        `“${basename(pinned.path)}” was moved or replaced after it was listed. Browse to it again.`,
      );
    }
    return pinned.path;
  }

  /** Handles for every folder from the file system's root down to `dir` (the breadcrumb). */
  async function trailOf(dir: string): Promise<{ handle: string; name: string }[]> {
    const paths: string[] = [];
    for (let at = dir; ; at = dirname(at)) {
      paths.unshift(at);
      if (dirname(at) === at) break;
    }
    const trail: { handle: string; name: string }[] = [];
    for (const path of paths) {
      const info = await stat(path).catch(() => null);
      if (info?.isDirectory())
        trail.push({ handle: issue(path, 'folder', info), name: basename(path) || parse(path).root });
    }
    return trail;
  }

  /** What one directory entry is for this pick (null: left out), following a link to its target. */
  async function entryOf(
    dir: string,
    dirent: Dirent,
    purpose: PickPurpose,
  ): Promise<{ path: string; name: string; kind: 'folder' | 'file'; info: Stats; link: boolean } | null> {
    const link = dirent.isSymbolicLink();
    if (!link && !dirent.isDirectory() && !dirent.isFile()) return null;
    const foldersOnly = FOLDERS_ONLY.has(purpose);
    // Files that cannot be picked are not even looked at.
    if (dirent.isFile() && (foldersOnly || !isVideoName(dirent.name))) return null;
    const full = join(dir, dirent.name);
    const path = link ? await realpath(full).catch(() => null) : full;
    const info = path === null ? null : await stat(path).catch(() => null);
    const kind = info ? kindOf(info) : null;
    if (!path || !info || !kind) return null;
    if (kind === 'file' && (foldersOnly || !isVideoName(dirent.name))) return null;
    return { path, name: dirent.name, kind, info, link };
  }

  return {
    resolve,
    async list({ folder, purpose, showHidden }) {
      let dir: string;
      if (folder === undefined) {
        const home = options.home ?? homedir();
        dir = (await realpath(home).catch(() => null)) ?? parse(home).root;
      } else {
        dir = await resolve(folder, 'folder');
      }
      const dirents = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
        throw unreadable(dir, error);
      });
      let hidden = 0;
      const candidates: Dirent[] = [];
      for (const dirent of dirents) {
        if (dirent.name.startsWith('.') && !showHidden) hidden += 1;
        else candidates.push(dirent);
      }
      const found: NonNullable<Awaited<ReturnType<typeof entryOf>>>[] = [];
      for (let i = 0; i < candidates.length; i += STAT_BATCH) {
        const batch = await Promise.all(candidates.slice(i, i + STAT_BATCH).map((d) => entryOf(dir, d, purpose)));
        for (const entry of batch) if (entry) found.push(entry);
      }
      found.sort((a, b) => (a.kind === b.kind ? byName.compare(a.name, b.name) : a.kind === 'folder' ? -1 : 1));
      const shown = found.slice(0, maxEntries);
      const entries: BrowseEntry[] = shown.map((entry) => ({
        handle: issue(entry.path, entry.kind, entry.info),
        name: entry.name,
        kind: entry.kind,
        ...(entry.kind === 'file' && { size: entry.info.size }),
        ...(entry.link && { link: true }),
      }));
      const trail = await trailOf(dir);
      const current = trail[trail.length - 1];
      if (!current) throw unreadable(dir, null);
      const homePath = (await realpath(options.home ?? homedir()).catch(() => null)) ?? dir;
      const homeInfo = await stat(homePath).catch(() => null);
      return {
        folder: current,
        trail,
        parent: trail.length > 1 ? trail[trail.length - 2]!.handle : null,
        home: homeInfo?.isDirectory() ? issue(homePath, 'folder', homeInfo) : current.handle,
        entries,
        hidden,
        notShown: found.length - shown.length,
      };
    },
  };
}
