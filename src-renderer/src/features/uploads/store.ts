/**
 * Renderer. Uploads: the rows main reports (`uploads.list`, then one `uploads.changed` per row
 * change) and the files the user has picked but not started yet. It lives for the whole session,
 * so uploads keep showing (and the status bar keeps counting) while the user works elsewhere.
 */
import { create } from 'zustand';
import type { FileHandle, LessonTarget, UploadRow } from '../../../../src-preload/contract.ts';
import { call, getBridge, unwrap } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { titleFromFileName } from '../../lib/format.ts';
import { onWorkspaceSwitch } from '../../lib/reset.ts';

export interface StagedFile extends FileHandle {
  title: string;
  /** `null` = a new lesson; else the id of the lesson whose video it replaces. */
  replaceLessonId: string | null;
}

export const ACTIVE_STATES: ReadonlySet<UploadRow['state']> = new Set([
  'queued',
  'uploading',
  'completing',
  'attaching',
  'waiting',
]);

interface UploadsState {
  rows: Record<string, UploadRow>;
  order: string[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: unknown;
  staged: StagedFile[];
  courseId: string | null;
  sectionId: string | null;
  picking: boolean;
  starting: boolean;
  load: () => Promise<void>;
  upsert: (row: UploadRow) => void;
  pick: (folder: boolean) => Promise<void>;
  stageDropped: (files: readonly File[]) => Promise<void>;
  stage: (handles: FileHandle[]) => void;
  unstage: (handle: string) => void;
  clearStaged: () => void;
  setStagedTitle: (handle: string, title: string) => void;
  setStagedReplace: (handle: string, lessonId: string | null) => void;
  setTarget: (courseId: string | null, sectionId: string | null) => void;
  start: () => Promise<void>;
  pause: (id?: string) => Promise<void>;
  resume: (id?: string) => Promise<void>;
  cancel: (id: string) => Promise<void>;
  retry: (id: string) => Promise<void>;
  setTitle: (id: string, title: string) => Promise<void>;
}

export const useUploads = create<UploadsState>()((set, get) => ({
  rows: {},
  order: [],
  status: 'idle',
  error: null,
  staged: [],
  courseId: null,
  sectionId: null,
  picking: false,
  starting: false,

  async load() {
    if (get().status === 'idle') set({ status: 'loading' });
    try {
      const list = await call((b) => b.uploads.list());
      const rows: Record<string, UploadRow> = {};
      for (const row of list) rows[row.id] = row;
      set({ rows, order: list.map((r) => r.id), status: 'ready', error: null });
    } catch (error) {
      set({ status: 'error', error });
    }
  },
  upsert(row) {
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
        .map((h) => ({ ...h, title: titleFromFileName(h.name), replaceLessonId: null }));
      return { staged: [...s.staged, ...added] };
    });
  },
  unstage(handle) {
    set((s) => ({ staged: s.staged.filter((f) => f.handle !== handle) }));
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
  },
  async start() {
    const { staged, courseId, sectionId } = get();
    if (!courseId || !sectionId || staged.length === 0) return;
    set({ starting: true });
    try {
      const items = staged.map((file) => {
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
}));

export interface UploadTotals {
  files: number;
  active: number;
  done: number;
  failed: number;
  paused: number;
  bytesTotal: number;
  bytesDone: number;
  speedBps: number;
  etaSeconds: number | null;
}

export function totalsOf(rows: Record<string, UploadRow>): UploadTotals {
  const t: UploadTotals = {
    files: 0,
    active: 0,
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
    t.bytesDone += Math.min(row.bytesTotal, row.bytesConfirmed);
    if (ACTIVE_STATES.has(row.state)) {
      t.active++;
      t.speedBps += row.speedBps;
    }
    if (row.state === 'done') t.done++;
    if (row.state === 'failed' || row.state === 'changed') t.failed++;
    if (row.state === 'paused') t.paused++;
  }
  const remaining = t.bytesTotal - t.bytesDone;
  t.etaSeconds = t.active > 0 && t.speedBps > 0 ? remaining / t.speedBps : null;
  return t;
}

let started = false;
export function startUploads(): void {
  if (started) return;
  started = true;
  void useUploads.getState().load();
  onEvent('uploads.changed', (row) => useUploads.getState().upsert(row));
  onWorkspaceSwitch(() => {
    useUploads.setState({ rows: {}, order: [], staged: [], courseId: null, sectionId: null, status: 'idle' });
    void useUploads.getState().load();
  });
}
