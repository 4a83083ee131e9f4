// Renderer. Uploads: the files the user has picked but not started yet (staged), their checks
// by main (bytes, probe, duplicates against the chosen section), and starting them. Part of the
// uploads store (store.ts), kept apart so each stays short.
import type { StoreApi } from 'zustand';
import type { FileHandle, LessonTarget, StagedFileCheck, UploadRow } from '../../../../src-shared/index.ts';
import { call, getBridge, unwrap } from '../../bridge.ts';
import { titleFromFileName } from '../../lib/format.ts';
import { pickVideos } from '../picker/index.ts';

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

/** The staging half of the uploads store (store.ts's UploadsState extends it). */
export interface StagingState {
  staged: StagedFile[];
  courseId: string | null;
  sectionId: string | null;
  picking: boolean;
  starting: boolean;
  /** The store's own: a started upload's row. */
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
}

type StagingActions = Omit<StagingState, 'staged' | 'courseId' | 'sectionId' | 'picking' | 'starting' | 'upsert'>;

let checkRun = 0;

/** Staged files with main's answers merged in; a duplicate choice survives only while still flagged. */
function withChecks(staged: readonly StagedFile[], checks: readonly StagedFileCheck[]): StagedFile[] {
  const byHandle = new Map(checks.map((c) => [c.handle, c]));
  return staged.map((f) => {
    const check = byHandle.get(f.handle);
    if (!check) return f;
    const wasFlagged = (f.check?.duplicates.length ?? 0) > 0;
    return {
      ...f,
      check,
      checkError: null,
      duplicateChoice: check.duplicates.length > 0 && wasFlagged ? f.duplicateChoice : null,
    };
  });
}

function targetOf(file: StagedFile, courseId: string, sectionId: string): LessonTarget {
  return file.replaceLessonId
    ? { kind: 'replace', courseId, sectionId, lessonId: file.replaceLessonId }
    : { kind: 'new', courseId, sectionId, title: file.title.trim() };
}

/** Asks main to check every staged file; a newer check (other files or section) answers instead. */
async function checkStaged(
  set: StoreApi<StagingState>['setState'],
  get: StoreApi<StagingState>['getState'],
): Promise<void> {
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
      set((s) => ({ staged: withChecks(s.staged, checks) }));
    } catch (error) {
      if (run !== checkRun) return;
      set((s) => ({ staged: s.staged.map((f) => (all.includes(f.handle) ? { ...f, checkError: error } : f)) }));
      return;
    }
    if (size === all.length) return;
  }
}

export function stagingActions(
  set: StoreApi<StagingState>['setState'],
  get: StoreApi<StagingState>['getState'],
): StagingActions {
  return {
    async pick(folder) {
      set({ picking: true });
      try {
        const handles = await pickVideos(folder ? 'video-folder' : 'videos');
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
    checkStaged: () => checkStaged(set, get),
    setDuplicateChoice(handle, choice) {
      set((s) => ({ staged: s.staged.map((f) => (f.handle === handle ? { ...f, duplicateChoice: choice } : f)) }));
    },
    async start() {
      const { staged, courseId, sectionId } = get();
      const startable = staged.filter(isStartable);
      if (!courseId || !sectionId || startable.length === 0) return;
      set({ starting: true });
      try {
        const items = startable.map((file) => ({ handle: file.handle, target: targetOf(file, courseId, sectionId) }));
        const rows = await call((b) => b.uploads.add({ items }));
        for (const row of rows) get().upsert(row);
        set({ staged: [] });
      } finally {
        set({ starting: false });
      }
    },
  };
}
