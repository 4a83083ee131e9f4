/**
 * Renderer. Uploads: the rows main reports (`uploads.list`, then one `uploads.changed` per state
 * change and `uploads.progress` batches of moving rows, taken in together once per frame) and the
 * files the user has picked but not started yet. It lives for the whole session, so uploads keep
 * showing (and the status bar keeps counting) while the user works elsewhere.
 */
import { defineMessages } from 'react-intl';
import type { UploadRow } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, type FeatureStore, readInto, type LoadState } from '../../lib/feature-store.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import {
  ACTIVE_STATES,
  batchPercent,
  isClearable,
  NO_MEMORY,
  rememberProgress,
  rowProgress,
  rowRates,
  type ProgressMemory,
} from './progress-view.ts';
import { stagingActions, type StagingState } from './staging.ts';
import { createFrameBatch } from './frame-batch.ts';
import { t } from '../../lib/i18n.ts';

const messages = defineMessages({
  couldNotChangeTheUpload: {
    id: 'uploads.store.couldNotChangeTheUpload',
    defaultMessage: 'Could not change the upload settings. {error}',
  },
});

export { isStartable, needsAttention, type StagedFile } from './staging.ts';

export { ACTIVE_STATES } from './progress-view.ts';

export interface UploadsState extends LoadState, StagingState {
  rows: Record<string, UploadRow>;
  order: string[];
  /** The speed limit main applies (bytes per second; null = none): no rate is shown above it. */
  bandwidthBytesPerSec: number | null;
  /** Parts sent at once (main's setting). */
  concurrency: number;
  /** What the status bar's percent and the rows' rates remember between changes. */
  memory: ProgressMemory;
  load: () => Promise<void>;
  /** Changes main's upload settings, shown at once and put back (with a notice) if main refuses. */
  setOptions: (options: { concurrency?: number; bandwidthBytesPerSec?: number | null }) => Promise<void>;
  /** Removes finished rows (videos still processing stay) from the list; their lessons keep their videos. */
  clearFinished: () => Promise<number>;
  /** A row main answered with (a file just added), shown at once after what main reported before. */
  upsert: (row: UploadRow) => void;
  /** Many rows at once: one store update. */
  upsertMany: (rows: readonly UploadRow[]) => void;
  pause: (id?: string) => Promise<void>;
  resume: (id?: string) => Promise<void>;
  cancel: (id: string) => Promise<void>;
  retry: (id: string) => Promise<void>;
  setTitle: (id: string, title: string) => Promise<void>;
}

/** For each list read in flight: the ids of rows main reported since it was asked. */
const rowsReportedDuringReads = new Set<Set<string>>();

/**
 * The rows a list read shows: main's list, except rows reported by an event after the read was
 * asked (the list may predate them: a row that went on to "done" must not go back to
 * "Finishing" until its next change). Their order is the list's, then the newer rows'.
 */
function listWithNewerRows(
  list: readonly UploadRow[],
  shown: Pick<UploadsState, 'rows' | 'order'>,
  reportedMeanwhile: ReadonlySet<string>,
): { rows: Record<string, UploadRow>; order: string[] } {
  const rows: Record<string, UploadRow> = {};
  // A row the list repeats unchanged stays the object shown, so the list does not draw it again.
  for (const row of list) rows[row.id] = sameRow(shown.rows[row.id], row) ? shown.rows[row.id]! : row;
  const listed = list.map((row) => row.id);
  const order = sameIds(shown.order, listed) ? shown.order : listed;
  if (reportedMeanwhile.size === 0) return { rows, order };
  const newerOrder = [...order];
  for (const id of reportedMeanwhile) {
    const newer = shown.rows[id];
    if (!newer) {
      // Reported gone (cleared or cancelled) since the read was asked.
      if (id in rows) {
        delete rows[id];
        newerOrder.splice(newerOrder.indexOf(id), 1);
      }
      continue;
    }
    if (!(id in rows)) newerOrder.push(id);
    rows[id] = newer;
  }
  return { rows, order: sameIds(shown.order, newerOrder) ? shown.order : newerOrder };
}

/** Whether two readings of a row say the same (fields compared by value). */
function sameRow(shown: UploadRow | undefined, read: UploadRow): boolean {
  if (!shown) return false;
  const keys = Object.keys(read) as (keyof UploadRow)[];
  if (keys.length !== Object.keys(shown).length) return false;
  return keys.every((key) => {
    const [a, b] = [shown[key], read[key]];
    if (a === b) return true;
    // The target and the problems are small plain objects.
    return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
  });
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * The state with `changed` in it, or null when nothing of it stays: a row this list no longer holds
 * (cleared) that main now reports gone stays gone.
 */
function withReported(
  s: UploadsState,
  changed: readonly UploadRow[],
): Pick<UploadsState, 'rows' | 'order' | 'memory'> | null {
  const kept = changed.filter((row) => row.state !== 'cancelled' || s.rows[row.id]);
  return kept.length > 0 ? withRows(s, kept) : null;
}

/** The state with `changed` in it (new rows last), and what the figures remember updated: one copy per batch. */
function withRows(s: UploadsState, changed: readonly UploadRow[]): Pick<UploadsState, 'rows' | 'order' | 'memory'> {
  const rows = { ...s.rows };
  const added: string[] = [];
  for (const row of changed) {
    if (!(row.id in rows)) added.push(row.id);
    rows[row.id] = row;
  }
  return {
    rows,
    order: added.length === 0 ? s.order : [...s.order, ...added],
    memory: rememberProgress(rows, s.memory, s.rows),
  };
}

/** What main reported (each event's rows), with the workspace it was reported in. */
interface Reported {
  rows: readonly UploadRow[];
  generation: number;
}

/**
 * Main's reports, applied once per frame: each in turn, as if one after the other (the same rows,
 * order and figures), in one store update. A report from before a workspace switch is dropped.
 */
const reports = createFrameBatch<Reported>((waiting) =>
  useUploads.setState((s) => {
    let next = s;
    for (const { rows, generation } of waiting) {
      const applied = generation === useUploads.generation() ? withReported(next, rows) : null;
      if (applied) next = { ...next, ...applied };
    }
    return next;
  }),
);

function reported(rows: readonly UploadRow[]): void {
  for (const reads of rowsReportedDuringReads) for (const row of rows) reads.add(row.id);
  reports.add({ rows, generation: useUploads.generation() });
}

/**
 * Reads main's list and settings into the store, keeping the rows main reported meanwhile. The
 * rows show as soon as the list is here; the settings (the menus, the rates' cap) when they are.
 */
function loadUploads(): Promise<void> {
  const generation = useUploads.generation();
  const options = call((b) => b.uploads.getOptions()).then(
    ({ bandwidthBytesPerSec, concurrency }) => {
      if (generation === useUploads.generation()) useUploads.setState({ bandwidthBytesPerSec, concurrency });
    },
    () => undefined, // main's defaults, or what an earlier read said, stay
  );
  // Rows main reports while the list is on its way are newer than the list: they stay.
  const reportedMeanwhile = new Set<string>();
  rowsReportedDuringReads.add(reportedMeanwhile);
  const rows = readInto(useUploads, async () => {
    try {
      const list = await call((b) => b.uploads.list());
      // The rows reported meanwhile are taken from what is shown: all of them.
      reports.flush();
      const now = useUploads.getState();
      const shown = listWithNewerRows(list, now, reportedMeanwhile);
      return { ...shown, memory: rememberProgress(shown.rows, now.memory, now.rows) };
    } finally {
      rowsReportedDuringReads.delete(reportedMeanwhile);
    }
  });
  return Promise.all([rows, options]).then(() => undefined);
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
    // Main's defaults until it says what is in force (a limit set before navigating away still applies).
    bandwidthBytesPerSec: null,
    concurrency: 4,
    memory: NO_MEMORY,

    load: () => loadUploads(),
    async setOptions(options) {
      const { concurrency, bandwidthBytesPerSec } = get();
      set(options);
      try {
        await call((b) => b.uploads.setOptions(options));
      } catch (error) {
        set({ concurrency, bandwidthBytesPerSec });
        notify('error', t(messages.couldNotChangeTheUpload, { error: describeError(error) }));
      }
    },
    async clearFinished() {
      reports.flush();
      const finished = new Set(Object.values(get().rows).flatMap((row) => (isClearable(row) ? [row.id] : [])));
      const { cleared } = await call((b) => b.uploads.clearFinished());
      // Main reports each cleared row as cancelled, before or after this answer: drop them by id.
      set((s) => {
        const rows = Object.fromEntries(Object.entries(s.rows).filter(([id]) => !finished.has(id)));
        return { rows, order: s.order.filter((id) => id in rows), memory: rememberProgress(rows, s.memory, s.rows) };
      });
      return cleared;
    },
    upsert(row) {
      get().upsertMany([row]);
    },
    upsertMany(changed) {
      // What main reported before goes first.
      reports.flush();
      for (const reads of rowsReportedDuringReads) for (const row of changed) reads.add(row.id);
      const applied = withReported(get(), changed);
      if (applied) set(applied);
    },
    ...stagingActions(set, get),
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
    subscribe: () => [
      onEvent('uploads.changed', (row) => reported([row])),
      onEvent('uploads.progress', ({ rows }) => reported(rows)),
      // Stopped: what was reported until then is still shown.
      () => reports.flush(),
      // The in-app notice of a finished batch (Electron also shows it as an OS notification).
      onEvent('uploads.batchEnded', (notice) => notify(notice.level, notice.body)),
    ],
  },
);

export interface UploadTotals {
  files: number;
  active: number;
  /** The status bar's percent: bytes over the bytes of the current batch's uploads (batchPercent):
   * never back when one finishes, below 100 while any is active. */
  activePercent: number;
  done: number;
  failed: number;
  paused: number;
  bytesTotal: number;
  bytesDone: number;
  /** The sum of the rows' shown rates (rowRates), never above the limit. */
  speedBps: number;
  etaSeconds: number | null;
}

/** A rate as shown: never above the limit in force (a burst into socket buffers is not speed). */
export function shownSpeed(bytesPerSec: number, limit: number | null): number {
  return limit === null ? bytesPerSec : Math.min(bytesPerSec, limit);
}

export function totalsOf(
  rows: Record<string, UploadRow>,
  limit: number | null = null,
  memory: ProgressMemory = NO_MEMORY,
): UploadTotals {
  const t: UploadTotals = {
    files: 0,
    active: 0,
    activePercent: batchPercent(rows, memory),
    done: 0,
    failed: 0,
    paused: 0,
    bytesTotal: 0,
    bytesDone: 0,
    speedBps: Object.values(rowRates(rows, limit, memory)).reduce((sum, rate) => sum + rate, 0),
    etaSeconds: null,
  };
  for (const row of Object.values(rows)) {
    if (row.state === 'cancelled') continue;
    t.files++;
    t.bytesTotal += row.bytesTotal;
    t.bytesDone += rowProgress(row).bytesShown;
    if (ACTIVE_STATES.has(row.state)) t.active++;
    if (row.state === 'done') t.done++;
    if (row.state === 'failed' || row.state === 'changed') t.failed++;
    if (row.state === 'paused') t.paused++;
  }
  const remaining = t.bytesTotal - t.bytesDone;
  t.etaSeconds = t.active > 0 && t.speedBps > 0 ? remaining / t.speedBps : null;
  return t;
}
