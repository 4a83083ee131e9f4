/**
 * Renderer. One reading of an upload row's progress for everything that shows it — the row's
 * label, its bar, the totals line and the status bar — so they agree at every moment. What counts
 * is what was put on the wire (confirmed + in flight): main holds that at its high-water mark, so
 * it never moves back, and it is what the bar has always drawn.
 *
 * Two figures need a memory of earlier rows: the status bar's percent is over the uploads of the
 * current batch (every upload that ran since the last time none was running), so one finishing
 * never pulls it back; and a row that starts again shows no rate until its bytes move past where
 * they stood (a resumed row re-sends the part it dropped before its bar moves).
 */
import type { UploadRow } from '../../../../src-shared/index.ts';
import { t } from '../../lib/i18n.ts';

export interface RowProgress {
  /** Bytes shown as done (confirmed + in flight, capped at the total; the total once done). */
  bytesShown: number;
  /** Whole percent for the label and aria-valuenow: floor of the bar's length. */
  percent: number;
  /** Bar segments in percent of the width: acknowledged, then still in flight. */
  confirmedWidth: number;
  inFlightWidth: number;
}

export function rowProgress(
  row: Pick<UploadRow, 'state' | 'bytesTotal' | 'bytesConfirmed' | 'bytesInFlight'>,
): RowProgress {
  const total = Math.max(0, row.bytesTotal);
  if (row.state === 'done' || total === 0) {
    return {
      bytesShown: total,
      percent: row.state === 'done' ? 100 : 0,
      confirmedWidth: row.state === 'done' ? 100 : 0,
      inFlightWidth: 0,
    };
  }
  const confirmed = Math.min(Math.max(0, row.bytesConfirmed), total);
  const inFlight = Math.min(Math.max(0, row.bytesInFlight), total - confirmed);
  const bytesShown = confirmed + inFlight;
  return {
    bytesShown,
    percent: Math.floor((bytesShown / total) * 100),
    confirmedWidth: (confirmed / total) * 100,
    inFlightWidth: (inFlight / total) * 100,
  };
}

/** What the figures remember between row changes (kept by the uploads store). */
export interface ProgressMemory {
  /** Rows counted in the status bar's percent: every upload active since none was. */
  batch: readonly string[];
  /** For each uploading row, the bytes it showed when it (re)started uploading. */
  startedAt: Readonly<Record<string, number>>;
}

export const NO_MEMORY: ProgressMemory = { batch: [], startedAt: {} };

/** Rows waiting to move or moving (not paused, failed, finished or cancelled). */
export const ACTIVE_STATES: ReadonlySet<UploadRow['state']> = new Set([
  'queued',
  'uploading',
  'completing',
  'attaching',
  'waiting',
]);

/** The memory after `rows` changed: the batch grows with active rows and ends when none is active. */
export function rememberProgress(
  rows: Readonly<Record<string, UploadRow>>,
  previous: ProgressMemory,
  before: Readonly<Record<string, UploadRow>> = {},
): ProgressMemory {
  const live = Object.values(rows).filter((row) => row.state !== 'cancelled');
  const anyActive = live.some((row) => ACTIVE_STATES.has(row.state));
  // A set, not includes(): with thousands of rows queued, a list lookup per row is quadratic.
  const inBatch = new Set(previous.batch);
  const batch = anyActive
    ? [
        ...previous.batch.filter((id) => rows[id] && rows[id].state !== 'cancelled'),
        ...live.filter((row) => ACTIVE_STATES.has(row.state) && !inBatch.has(row.id)).map((row) => row.id),
      ]
    : [];
  const startedAt: Record<string, number> = {};
  for (const row of live) {
    if (row.state !== 'uploading') continue;
    const was = before[row.id];
    const known = previous.startedAt[row.id];
    startedAt[row.id] =
      was && was.state === 'uploading' && known !== undefined ? known : was ? rowProgress(was).bytesShown : 0;
  }
  return { batch, startedAt };
}

/**
 * The status bar's percent: bytes shown over bytes of the batch's uploads (finished ones count
 * whole, so one finishing never pulls the figure back). Below 100 while any upload is active;
 * 100 once none is (the batch is over).
 */
export function batchPercent(rows: Readonly<Record<string, UploadRow>>, memory: ProgressMemory): number {
  let total = 0;
  let shown = 0;
  let active = false;
  const ids = new Set(memory.batch);
  for (const row of Object.values(rows)) if (ACTIVE_STATES.has(row.state)) ids.add(row.id);
  for (const id of ids) {
    const row = rows[id];
    if (!row || row.state === 'cancelled') continue;
    active ||= ACTIVE_STATES.has(row.state);
    total += row.bytesTotal;
    shown += rowProgress(row).bytesShown;
  }
  if (!active) return 100;
  return total === 0 ? 0 : Math.min(99, Math.floor((shown / total) * 100));
}

/**
 * Each uploading row's rate as shown, from one reading of all of them: the sum never above the
 * speed limit, and each row its share of that sum, so the rows add up to the total. A row shows
 * no rate until its bytes move past where they stood when it (re)started.
 */
export function rowRates(
  rows: Readonly<Record<string, UploadRow>>,
  limit: number | null,
  memory: ProgressMemory = NO_MEMORY,
): Readonly<Record<string, number>> {
  // Every row in view, the totals line and the status bar ask for the same reading on each change.
  const readings = ratesRead.get(rows) ?? [];
  const known = readings.find((reading) => reading.limit === limit && reading.memory === memory);
  if (known) return known.rates;
  const rates = readRates(rows, limit, memory);
  // Two readings are asked for (with and without the limit and memory); a few kept are enough.
  ratesRead.set(rows, [{ limit, memory, rates }, ...readings.slice(0, 3)]);
  return rates;
}

/** The rates read for a state of the rows (the rows object changes with every update). */
const ratesRead = new WeakMap<
  Readonly<Record<string, UploadRow>>,
  { limit: number | null; memory: ProgressMemory; rates: Readonly<Record<string, number>> }[]
>();

function readRates(
  rows: Readonly<Record<string, UploadRow>>,
  limit: number | null,
  memory: ProgressMemory,
): Record<string, number> {
  const moving = Object.values(rows).filter(
    (row) =>
      row.state === 'uploading' && row.speedBps > 0 && rowProgress(row).bytesShown > (memory.startedAt[row.id] ?? 0),
  );
  const sum = moving.reduce((total, row) => total + row.speedBps, 0);
  const total = limit === null ? sum : Math.min(sum, limit);
  const rates: Record<string, number> = {};
  for (const row of moving) rates[row.id] = sum > 0 ? (row.speedBps * total) / sum : 0;
  return rates;
}

/** The attached lesson's video processing, for people. Statuses are open values. */
export function videoLabel(row: Pick<UploadRow, 'videoStatus' | 'videoError' | 'durationSeconds'>): {
  text: string;
  tone: 'neutral' | 'accent' | 'success' | 'danger';
} {
  const status = row.videoStatus?.toUpperCase() ?? null;
  if (status === null)
    return {
      text: t({ id: 'uploads.progressview.videoStatusNotKnownYet', defaultMessage: 'Video status not known yet' }),
      tone: 'neutral',
    };
  if (status === 'PROCESSING')
    return {
      text: t({ id: 'uploads.progressview.videoProcessing', defaultMessage: 'Video processing…' }),
      tone: 'accent',
    };
  if (status === 'READY') {
    const length = row.durationSeconds === null ? '' : ` · ${formatLength(row.durationSeconds)}`;
    return {
      text: t({ id: 'uploads.progressview.videoReady', defaultMessage: 'Video ready{count}' }, { count: length }),
      tone: 'success',
    };
  }
  if (status === 'FAILED')
    return {
      text: t(
        { id: 'uploads.progressview.videoFailed', defaultMessage: 'Video failed{value}' },
        { value: row.videoError ? `: ${row.videoError}` : '' },
      ),
      tone: 'danger',
    };
  return {
    text: t(
      { id: 'uploads.progressview.video', defaultMessage: 'Video: {replace}' },
      { replace: status.toLowerCase().replace(/_/g, ' ') },
    ),
    tone: 'neutral',
  };
}

function formatLength(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0
    ? t(
        { id: 'uploads.progressview.minS', defaultMessage: '{minutes} min {padStart} s' },
        { minutes, padStart: String(whole % 60).padStart(2, '0') },
      )
    : `${whole} s`;
}

/** Finished for "Clear finished": uploaded, and its video no longer processing (main's own rule). */
export function isClearable(row: Pick<UploadRow, 'state' | 'videoStatus'>): boolean {
  if (row.state !== 'done') return false;
  const status = row.videoStatus?.toUpperCase() ?? null;
  return status === null || status === 'READY' || status === 'FAILED';
}
