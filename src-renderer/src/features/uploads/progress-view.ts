/**
 * Renderer. One reading of an upload row's progress for everything that shows it — the row's
 * label, its bar and the totals line — so they agree at every moment. What counts is what was
 * put on the wire (confirmed + in flight): main holds that at its high-water mark, so it never
 * moves back, and it is what the bar has always drawn.
 */
import type { UploadRow } from '../../../../src-shared/index.ts';

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

/** The attached lesson's video processing, for people. Statuses are open values. */
export function videoLabel(row: Pick<UploadRow, 'videoStatus' | 'videoError' | 'durationSeconds'>): {
  text: string;
  tone: 'neutral' | 'accent' | 'success' | 'danger';
} {
  const status = row.videoStatus?.toUpperCase() ?? null;
  if (status === null) return { text: 'Video status not known yet', tone: 'neutral' };
  if (status === 'PROCESSING') return { text: 'Video processing…', tone: 'accent' };
  if (status === 'READY') {
    const length = row.durationSeconds === null ? '' : ` · ${formatLength(row.durationSeconds)}`;
    return { text: `Video ready${length}`, tone: 'success' };
  }
  if (status === 'FAILED')
    return { text: `Video failed${row.videoError ? `: ${row.videoError}` : ''}`, tone: 'danger' };
  return { text: `Video: ${status.toLowerCase().replace(/_/g, ' ')}`, tone: 'neutral' };
}

function formatLength(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes} min ${String(whole % 60).padStart(2, '0')} s` : `${whole} s`;
}
