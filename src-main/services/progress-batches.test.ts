// Upload progress reaches the window in batches: one message per interval carrying each moving
// file's latest row; a state change goes at once and is never followed by older progress.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadRow } from '../../src-shared/index.ts';
import { createProgressBatches } from './progress-batches.ts';

function row(id: string, bytesConfirmed: number, state: UploadRow['state'] = 'uploading'): UploadRow {
  return { id, bytesConfirmed, state } as UploadRow;
}

function recorder() {
  const sent: ({ kind: 'progress'; rows: UploadRow[] } | { kind: 'state'; row: UploadRow })[] = [];
  const batches = createProgressBatches(
    {
      progress: (rows) => sent.push({ kind: 'progress', rows }),
      state: (changed) => sent.push({ kind: 'state', row: changed }),
    },
    100,
  );
  return { sent, batches };
}

describe('upload progress batches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sixty files moving ten times each within one interval make one message with each file’s latest row', () => {
    const { sent, batches } = recorder();
    for (let tick = 1; tick <= 10; tick++) {
      for (let file = 0; file < 60; file++) batches.progress(row(`f${file}`, tick * 1000));
    }
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(1);
    const batch = sent[0]!;
    expect(batch.kind).toBe('progress');
    if (batch.kind !== 'progress') return;
    expect(batch.rows).toHaveLength(60);
    expect(batch.rows.every((r) => r.bytesConfirmed === 10_000)).toBe(true);
    batches.close();
  });

  it('sends no second batch before the interval has passed since the first', () => {
    const { sent, batches } = recorder();
    batches.progress(row('a', 1));
    // After a quiet spell the first batch leaves on the next turn of the loop.
    vi.advanceTimersByTime(0);
    expect(sent).toHaveLength(1);
    batches.progress(row('a', 2));
    vi.advanceTimersByTime(50);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(sent).toHaveLength(2);
    batches.close();
  });

  it('a state change goes at once, and the same file’s older progress waiting is dropped', () => {
    const { sent, batches } = recorder();
    batches.progress(row('a', 900));
    batches.progress(row('b', 500));
    batches.state(row('a', 1000, 'completing'));
    expect(sent).toEqual([{ kind: 'state', row: row('a', 1000, 'completing') }]);
    vi.advanceTimersByTime(100);
    expect(sent[1]).toEqual({ kind: 'progress', rows: [row('b', 500)] });
    expect(sent).toHaveLength(2);
    batches.close();
  });

  it('flush sends what waits now; close drops it', () => {
    const { sent, batches } = recorder();
    batches.progress(row('a', 1));
    batches.flush();
    expect(sent).toEqual([{ kind: 'progress', rows: [row('a', 1)] }]);
    batches.progress(row('b', 1));
    batches.close();
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
  });
});
