/**
 * Renderer. Uploads: the rows main reports (`uploads.list`, then one `uploads.changed` per row
 * change) and the files the user has picked but not started yet. It lives for the whole session,
 * so uploads keep showing (and the status bar keeps counting) while the user works elsewhere.
 */
import type { FileHandle, LessonTarget, StagedFileCheck, UploadRow } from '../../../../src-shared/index.ts';
import { call, getBridge, unwrap } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, type FeatureStore, readInto, type LoadState } from '../../lib/feature-store.ts';
import { titleFromFileName } from '../../lib/format.ts';
import { notify } from '../../lib/notices.ts';
import { rowProgress } from './progress-view.ts';

export interface StagedFile extends FileHandle {
  title: string;
  /** `null` = a new lesson; else the id of the lesson whose video it replaces. */
  replaceLessonId: string | null;
  /** What main read from the file; null while it is being checked. */
  check: StagedFileCheck | null;
  /** The check itself failed (main still refuses non-videos when starting). */
  checkError: unknown;
  /** For a file flagged as a duplicate: the user's choice, null until made. */
  duplicateChoice: 'skip' | 'upload' | null;
}

/** Refused files stay listed with their reason but are never started; neither are skipped duplicates. */
export function isStartable(file: StagedFile): boolean {
  if (file.checkError) return true;
  if (!file.check?.video) return false;
  return file.check.duplicates.length === 0 || file.duplicateChoice === 'upload';
}

/** A file whose check is pending, or a flagged duplicate without a choice, holds the start. */
export function needsAttention(file: StagedFile): boolean {
  if (file.checkError) return false;
  if (!file.check) return true;
  return file.check.video && file.check.duplicates.length > 0 && file.duplicateChoice === null;
}

let checkRun = 0;

export const ACTIVE_STATES: ReadonlySet<UploadRow['state']> = new Set([
  'queued',
  'uploading',
  'completing',
  'attaching',
  'waiting',
]);

interface UploadsState extends LoadState {
  rows: Record<string, UploadRow>;
  order: string[];
  staged: StagedFile[];
  courseId: string | null;
  sectionId: string | null;
  picking: boolean;
  starting: boolean;
  /** The speed limit main applies (bytes per second; null = none): no rate is shown above it. */
  bandwidthBytesPerSec: number | null;
  load: () => Promise<void>;
  /** Tells the screen what limit is in force (read from main, or just set there). */
  setBandwidthShown: (bytesPerSec: number | null) => void;
  /** Removes finished rows from the list; their lessons keep their videos. */
  clearFinished: () => Promise<number>;
  upsert: (row: UploadRow) => void;
  pick: (folder: boolean) => Promise<void>;
  stageDropped: (files: readonly File[]) => Promise<void>;
  stage: (handles: FileHandle[]) => void;
  unstage: (handle: string) => void;
  clearStaged: () => void;
  setStagedTitle: (handle: string, title: string) => void;
  setStagedReplace: (handle: string, lessonId: string | null) => void;
  setTarget: (courseId: string | null, sectionId: string | null) => void;
  /** Asks main to check every staged file (bytes, probe, duplicates against the chosen section). */
  checkStaged: () => Promise<void>;
  setDuplicateChoice: (handle: string, choice: 'skip' | 'upload') => void;
  start: () => Promise<void>;
  pause: (id?: string) => Promise<void>;
  resume: (id?: string) => Promise<void>;
  cancel: (id: string) => Promise<void>;
  retry: (id: string) => Promise<void>;
  setTitle: (id: string, title: string) => Promise<void>;
}

export const useUploads: FeatureStore<UploadsState> = createFeatureStore<UploadsState>(
  (set, get) => ({
    rows: {},
    order: [],
    status: 'idle',
    error: null,
    staged: [],
    courseId: null,
    sectionId: null,
    picking: false,
    starting: false,
    bandwidthBytesPerSec: null,

    load: () =>
      readInto(useUploads, async () => {
        const [list, options] = await Promise.all([
          call((b) => b.uploads.list()),
          call((b) => b.uploads.getOptions()).catch(() => null),
        ]);
        const rows: Record<string, UploadRow> = {};
        for (const row of list) rows[row.id] = row;
        return {
          rows,
          order: list.map((r) => r.id),
          ...(options ? { bandwidthBytesPerSec: options.bandwidthBytesPerSec } : {}),
        };
      }),
    setBandwidthShown(bytesPerSec) {
      set({ bandwidthBytesPerSec: bytesPerSec });
    },
    async clearFinished() {
      const finished = new Set(Object.values(get().rows).flatMap((row) => (row.state === 'done' ? [row.id] : [])));
      const { cleared } = await call((b) => b.uploads.clearFinished());
      // Main reports each cleared row as cancelled, before or after this answer: drop them by id.
      set((s) => {
        const rows = Object.fromEntries(Object.entries(s.rows).filter(([id]) => !finished.has(id)));
        return { rows, order: s.order.filter((id) => id in rows) };
      });
      return cleared;
    },
    upsert(row) {
      // A row this list no longer holds (cleared) that main now reports gone stays gone.
      if (row.state === 'cancelled' && !get().rows[row.id]) return;
      set((s) => ({
        rows: { ...s.rows, [row.id]: row },
        order: s.rows[row.id] ? s.order : [...s.order, row.id],
      }));
    },
    async pick(folder) {
      set({ picking: true });
      try {
        const handles = await call((b) => b.uploads.pickFiles(folder ? { folder: true } : undefined));
        get().stage(handles);
      } finally {
        set({ picking: false });
      }
    },
    async stageDropped(files) {
      const bridge = await getBridge();
      const handles = await unwrap(bridge.files.registerDropped(files));
      get().stage(handles);
    },
    stage(handles) {
      set((s) => {
        const known = new Set(s.staged.map((f) => f.handle));
        const added = handles
          .filter((h) => !known.has(h.handle))
          .map((h) => ({
            ...h,
            title: titleFromFileName(h.name),
            replaceLessonId: null,
            check: null,
            checkError: null,
            duplicateChoice: null,
          }));
        return { staged: [...s.staged, ...added] };
      });
      void get().checkStaged();
    },
    unstage(handle) {
      set((s) => ({ staged: s.staged.filter((f) => f.handle !== handle) }));
      // A copy of the removed file is no longer a duplicate within the batch.
      void get().checkStaged();
    },
    clearStaged() {
      set({ staged: [] });
    },
    setStagedTitle(handle, title) {
      set((s) => ({ staged: s.staged.map((f) => (f.handle === handle ? { ...f, title } : f)) }));
    },
    setStagedReplace(handle, lessonId) {
      set((s) => ({ staged: s.staged.map((f) => (f.handle === handle ? { ...f, replaceLessonId: lessonId } : f)) }));
    },
    setTarget(courseId, sectionId) {
      // Replacing lessons only makes sense within the section they belong to.
      const sectionChanged = sectionId !== get().sectionId;
      set((s) => ({
        courseId,
        sectionId,
        staged: sectionChanged ? s.staged.map((f) => ({ ...f, replaceLessonId: null })) : s.staged,
      }));
      // "Already in this section" depends on the section.
      if (sectionChanged) void get().checkStaged();
    },
    async checkStaged() {
      const { staged, courseId, sectionId } = get();
      if (staged.length === 0) return;
      const run = ++checkRun;
      const all = staged.map((f) => f.handle);
      const section = courseId && sectionId ? { courseId, sectionId } : undefined;
      // Growing prefixes (4, 16, 64 … files): the first rows fill in while a large folder is still
      // being read. Each file is compared with the ones before it, and main re-reads nothing it read.
      for (let size = Math.min(4, all.length); ; size = Math.min(size * 4, all.length)) {
        const handles = all.slice(0, size);
        try {
          const checks = await call((b) => b.uploads.check(section ? { handles, section } : { handles }));
          if (run !== checkRun) return; // a newer check (other files or section) answers instead
          const byHandle = new Map(checks.map((c) => [c.handle, c]));
          set((s) => ({
            staged: s.staged.map((f) => {
              const check = byHandle.get(f.handle);
              if (!check) return f;
              const wasFlagged = (f.check?.duplicates.length ?? 0) > 0;
              return {
                ...f,
                check,
                checkError: null,
                duplicateChoice: check.duplicates.length > 0 && wasFlagged ? f.duplicateChoice : null,
              };
            }),
          }));
        } catch (error) {
          if (run !== checkRun) return;
          set((s) => ({ staged: s.staged.map((f) => (all.includes(f.handle) ? { ...f, checkError: error } : f)) }));
          return;
        }
        if (size === all.length) return;
      }
    },
    setDuplicateChoice(handle, choice) {
      set((s) => ({ staged: s.staged.map((f) => (f.handle === handle ? { ...f, duplicateChoice: choice } : f)) }));
    },
    async start() {
      const { staged, courseId, sectionId } = get();
      const startable = staged.filter(isStartable);
      if (!courseId || !sectionId || startable.length === 0) return;
      set({ starting: true });
      try {
        const items = startable.map((file) => {
          const target: LessonTarget = file.replaceLessonId
            ? { kind: 'replace', courseId, sectionId, lessonId: file.replaceLessonId }
            : { kind: 'new', courseId, sectionId, title: file.title.trim() };
          return { handle: file.handle, target };
        });
        const rows = await call((b) => b.uploads.add({ items }));
        for (const row of rows) get().upsert(row);
        set({ staged: [] });
      } finally {
        set({ starting: false });
      }
    },
    async pause(id) {
      await call((b) => b.uploads.pause(id ? { id } : {}));
    },
    async resume(id) {
      await call((b) => b.uploads.resume(id ? { id } : {}));
    },
    async cancel(id) {
      await call((b) => b.uploads.cancel({ id }));
    },
    async retry(id) {
      await call((b) => b.uploads.retry({ id }));
    },
    async setTitle(id, title) {
      await call((b) => b.uploads.setTitle({ id, title }));
    },
  }),
  {
    load: (store) => store.getState().load(),
    subscribe: (store) => [
      onEvent('uploads.changed', (row) => store.getState().upsert(row)),
      // The in-app notice of a finished batch (Electron also shows it as an OS notification).
      onEvent('uploads.batchEnded', (notice) => notify(notice.level, notice.body)),
    ],
  },
);

export interface UploadTotals {
  files: number;
  active: number;
  /** Progress of the running uploads only: what "N uploads running · X %" means. With one
   * running, the same number its row shows. */
  activePercent: number;
  done: number;
  failed: number;
  paused: number;
  bytesTotal: number;
  bytesDone: number;
  speedBps: number;
  etaSeconds: number | null;
}

/** A rate as shown: never above the limit in force (a burst into socket buffers is not speed). */
export function shownSpeed(bytesPerSec: number, limit: number | null): number {
  return limit === null ? bytesPerSec : Math.min(bytesPerSec, limit);
}

export function totalsOf(rows: Record<string, UploadRow>, limit: number | null = null): UploadTotals {
  let activeTotal = 0;
  let activeShown = 0;
  const t: UploadTotals = {
    files: 0,
    active: 0,
    activePercent: 0,
    done: 0,
    failed: 0,
    paused: 0,
    bytesTotal: 0,
    bytesDone: 0,
    speedBps: 0,
    etaSeconds: null,
  };
  for (const row of Object.values(rows)) {
    if (row.state === 'cancelled') continue;
    t.files++;
    t.bytesTotal += row.bytesTotal;
    t.bytesDone += rowProgress(row).bytesShown;
    if (ACTIVE_STATES.has(row.state)) {
      t.active++;
      t.speedBps += row.speedBps;
      activeTotal += row.bytesTotal;
      activeShown += rowProgress(row).bytesShown;
    }
    if (row.state === 'done') t.done++;
    if (row.state === 'failed' || row.state === 'changed') t.failed++;
    if (row.state === 'paused') t.paused++;
  }
  t.speedBps = shownSpeed(t.speedBps, limit);
  t.activePercent = activeTotal > 0 ? Math.floor((activeShown / activeTotal) * 100) : 0;
  const remaining = t.bytesTotal - t.bytesDone;
  t.etaSeconds = t.active > 0 && t.speedBps > 0 ? remaining / t.speedBps : null;
  return t;
}
