/**
 * The upload view model: one reading of a row's progress for its label, its bar and the totals
 * line. First the model itself, then the Uploads screen rendered against a fake main whose
 * `uploads.changed` events move the rows: label, bar and totals must agree at every step.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { UploadRow } from '../../../../src-shared/index.ts';
import { uploadRow, uploadsScreenMain } from '../../../test-support/upload-rows.ts';
import { formatBytes } from '../../lib/format.ts';
import { batchPercent, NO_MEMORY, rememberProgress, rowProgress, rowRates, videoLabel } from './progress-view.ts';
import { shownSpeed, totalsOf } from './store.ts';

const row = uploadRow;

describe('rowProgress', () => {
  it('counts confirmed and in-flight bytes; the label is the floor of the bar', () => {
    const p = rowProgress(row('a', { bytesTotal: 3_000, bytesConfirmed: 1_000, bytesInFlight: 999 }));
    expect(p.bytesShown).toBe(1_999);
    expect(p.percent).toBe(66);
    expect(p.confirmedWidth).toBeCloseTo(33.333, 3);
    expect(p.inFlightWidth).toBeCloseTo(33.3, 3);
    expect(Math.floor(p.confirmedWidth + p.inFlightWidth)).toBe(p.percent);
  });

  it('never draws past the end or below zero, and shows nothing for an empty file', () => {
    const over = rowProgress(row('a', { bytesTotal: 1_000, bytesConfirmed: 900, bytesInFlight: 500 }));
    expect(over).toEqual({ bytesShown: 1_000, percent: 100, confirmedWidth: 90, inFlightWidth: 10 });
    const negative = rowProgress(row('a', { bytesTotal: 1_000, bytesConfirmed: -5, bytesInFlight: -5 }));
    expect(negative).toEqual({ bytesShown: 0, percent: 0, confirmedWidth: 0, inFlightWidth: 0 });
    const empty = rowProgress(row('a', { bytesTotal: 0, bytesConfirmed: 0, bytesInFlight: 0 }));
    expect(empty).toEqual({ bytesShown: 0, percent: 0, confirmedWidth: 0, inFlightWidth: 0 });
  });

  it('a finished upload is full, whatever the byte counters last said', () => {
    expect(rowProgress(row('a', { state: 'done', bytesTotal: 5_000, bytesConfirmed: 4_000 }))).toEqual({
      bytesShown: 5_000,
      percent: 100,
      confirmedWidth: 100,
      inFlightWidth: 0,
    });
    // An unfinished one never says 100 % before its last byte is on the wire.
    expect(rowProgress(row('a', { bytesTotal: 1_000, bytesConfirmed: 999 })).percent).toBe(99);
  });
});

describe('videoLabel', () => {
  it('says where the lesson’s video processing is, for open status values too', () => {
    expect(videoLabel(row('a', {}))).toEqual({ text: 'Video status not known yet', tone: 'neutral' });
    expect(videoLabel(row('a', { videoStatus: 'processing' }))).toEqual({ text: 'Video processing…', tone: 'accent' });
    expect(videoLabel(row('a', { videoStatus: 'READY', durationSeconds: 125.4 }))).toEqual({
      text: 'Video ready · 2 min 05 s',
      tone: 'success',
    });
    expect(videoLabel(row('a', { videoStatus: 'READY', durationSeconds: 42 })).text).toBe('Video ready · 42 s');
    expect(videoLabel(row('a', { videoStatus: 'FAILED', videoError: 'Codec not supported' }))).toEqual({
      text: 'Video failed: Codec not supported',
      tone: 'danger',
    });
    expect(videoLabel(row('a', { videoStatus: 'WAITING_FOR_SUBTITLES' })).text).toBe('Video: waiting for subtitles');
  });
});

describe('totalsOf', () => {
  it('adds up what the rows show, leaves cancelled rows out, and estimates the time left', () => {
    const rows = {
      a: row('a', { bytesTotal: 1_000, bytesConfirmed: 400, bytesInFlight: 100, speedBps: 50 }),
      b: row('b', { bytesTotal: 2_000, bytesConfirmed: 1_900, bytesInFlight: 500, state: 'uploading', speedBps: 50 }),
      c: row('c', { bytesTotal: 3_000, bytesConfirmed: 10, state: 'done' }),
      d: row('d', { bytesTotal: 4_000, bytesConfirmed: 100, state: 'failed' }),
      e: row('e', { bytesTotal: 8_000, bytesConfirmed: 8_000, state: 'cancelled' }),
      f: row('f', { bytesTotal: 500, state: 'paused' }),
    };
    const totals = totalsOf(rows);
    const shown = ['a', 'b', 'c', 'd', 'f'].reduce(
      (sum, id) => sum + rowProgress(rows[id as keyof typeof rows]).bytesShown,
      0,
    );
    expect(totals).toEqual({
      files: 5,
      active: 2,
      // The running ones only: (400 + 100 + 2 000) of (1 000 + 2 000).
      activePercent: Math.floor((2_500 / 3_000) * 100),
      done: 1,
      failed: 1,
      paused: 1,
      bytesTotal: 10_500,
      bytesDone: shown,
      speedBps: 100,
      etaSeconds: (10_500 - shown) / 100,
    });
    expect(shown).toBe(500 + 2_000 + 3_000 + 100 + 0);
    expect(totalsOf({ f: rows.f }).etaSeconds).toBeNull();
  });

  it('gives one running upload the percent its row shows, whatever is done or paused beside it', () => {
    const running = row('r', { bytesTotal: 10_000, bytesConfirmed: 1_000, bytesInFlight: 400, speedBps: 10 });
    const rows = {
      r: running,
      done: row('done', { bytesTotal: 90_000, state: 'done' }),
      paused: row('paused', { bytesTotal: 5_000, bytesConfirmed: 4_000, state: 'paused' }),
    };
    expect(totalsOf(rows).activePercent).toBe(rowProgress(running).percent);
    expect(totalsOf(rows).activePercent).toBe(14);
  });

  it('never shows a rate above the speed limit in force', () => {
    const rows = {
      a: row('a', { speedBps: 1_800_000, bytesConfirmed: 100 }),
      b: row('b', { speedBps: 800_000, bytesConfirmed: 100 }),
    };
    expect(totalsOf(rows, 2_000_000).speedBps).toBe(2_000_000);
    expect(totalsOf(rows, null).speedBps).toBe(2_600_000);
    expect(totalsOf(rows, 5_000_000).speedBps).toBe(2_600_000);
    expect(shownSpeed(2_600_000, 2_000_000)).toBe(2_000_000);
    expect(shownSpeed(1_000, 2_000_000)).toBe(1_000);
  });
});

/** Rows changing one after another, as uploads.changed delivers them; the memory kept as the store keeps it. */
function replay(steps: Record<string, UploadRow>[]) {
  let memory = NO_MEMORY;
  let before: Record<string, UploadRow> = {};
  return steps.map((rows) => {
    memory = rememberProgress(rows, memory, before);
    before = rows;
    return { rows, memory, percent: batchPercent(rows, memory), totals: totalsOf(rows, null, memory) };
  });
}

describe('the status bar’s percent (batchPercent)', () => {
  it('never goes back when one of two uploads finishes, and reads 100 only once none runs', () => {
    const a = (confirmed: number, state: UploadRow['state'] = 'uploading') =>
      row('a', { bytesTotal: 1_000, bytesConfirmed: confirmed, state });
    const b = (confirmed: number, state: UploadRow['state'] = 'uploading') =>
      row('b', { bytesTotal: 4_000, bytesConfirmed: confirmed, state });
    const steps = replay([
      { a: a(0, 'queued'), b: b(0, 'queued') },
      { a: a(500), b: b(1_000) },
      { a: a(999), b: b(2_000) },
      { a: a(1_000, 'completing'), b: b(2_500) },
      // a finishes: the old reading (running rows only) fell from 70 % to 62 % here.
      { a: a(1_000, 'done'), b: b(2_600) },
      { a: a(1_000, 'done'), b: b(4_000, 'completing') },
      { a: a(1_000, 'done'), b: b(4_000, 'done') },
    ]);
    const percents = steps.map((s) => s.percent);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1]!);
    expect(percents.slice(0, -1).every((p) => p < 100)).toBe(true);
    // All bytes on the wire but b still completing: 99, not 100.
    expect(percents[percents.length - 2]).toBe(99);
    expect(steps[steps.length - 1]!.memory.batch).toEqual([]);
    expect(steps[4]!.totals.activePercent).toBe(steps[4]!.percent);
  });

  it('five uploads with every byte sent but still finishing never read 100 %', () => {
    const rows = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e'].map((id) => [
        id,
        row(id, { bytesTotal: 100, bytesConfirmed: 100, state: 'attaching' }),
      ]),
    );
    expect(batchPercent(rows, rememberProgress(rows, NO_MEMORY))).toBe(99);
  });

  it('a new batch starts afresh once none was running', () => {
    const [, , third] = replay([
      { a: row('a', { bytesTotal: 1_000, bytesConfirmed: 500 }) },
      { a: row('a', { bytesTotal: 1_000, state: 'done' }) },
      { a: row('a', { bytesTotal: 1_000, state: 'done' }), c: row('c', { bytesTotal: 1_000, bytesConfirmed: 100 }) },
    ]);
    expect(third!.memory.batch).toEqual(['c']);
    expect(third!.percent).toBe(10);
  });
});

describe('the rows’ rates (rowRates)', () => {
  it('add up to the total, which never reads above the limit', () => {
    const rows = {
      a: row('a', { speedBps: 964_000, bytesConfirmed: 10 }),
      b: row('b', { speedBps: 1_050_000, bytesConfirmed: 10 }),
      p: row('p', { speedBps: 0, state: 'paused' }),
    };
    const rates = rowRates(rows, 1_000_000);
    expect(Object.keys(rates).sort()).toEqual(['a', 'b']);
    expect(rates.a! + rates.b!).toBeCloseTo(1_000_000, 6);
    expect(rates.a! / rates.b!).toBeCloseTo(964 / 1050, 6);
    expect(totalsOf(rows, 1_000_000).speedBps).toBeCloseTo(rates.a! + rates.b!, 6);
    const free = rowRates(rows, null);
    expect(free).toEqual({ a: 964_000, b: 1_050_000 });
    // Read once per state of the rows and limit: asked again, the same reading; a new limit, a new one.
    expect(rowRates(rows, 1_000_000)).toBe(rates);
    expect(rowRates(rows, null)).toBe(free);
    expect(rowRates(rows, 500_000).a! + rowRates(rows, 500_000).b!).toBeCloseTo(500_000, 6);
    const moved = { ...rows, b: row('b', { speedBps: 2_000_000, bytesConfirmed: 20 }) };
    expect(rowRates(moved, null)).toEqual({ a: 964_000, b: 2_000_000 });
  });

  it('a resumed row shows no rate until its bytes move past where they stood', () => {
    const steps = replay([
      { a: row('a', { bytesConfirmed: 400_000, state: 'paused' }) },
      { a: row('a', { bytesConfirmed: 400_000, state: 'queued' }) },
      // Sending again the part it dropped: main's meter counts bytes, the bar has not moved yet.
      { a: row('a', { bytesConfirmed: 400_000, state: 'uploading', speedBps: 700_000 }) },
      { a: row('a', { bytesConfirmed: 400_000, bytesInFlight: 50_000, state: 'uploading', speedBps: 700_000 }) },
    ]);
    expect(rowRates(steps[2]!.rows, null, steps[2]!.memory)).toEqual({});
    expect(steps[2]!.totals.speedBps).toBe(0);
    expect(rowRates(steps[3]!.rows, null, steps[3]!.memory)).toEqual({ a: 700_000 });
  });
});

describe('Uploads screen', () => {
  const main = uploadsScreenMain();

  /** Main's reports are taken in once per frame. */
  const nextFrame = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));

  /** What one row shows: its label, its bar (value, text and segment widths). */
  function shownRow(fileName: string) {
    const tr = screen.getAllByTestId('upload-row').find((r) => r.getAttribute('data-file') === fileName);
    if (!tr) throw new Error(`no row for ${fileName}`);
    const bar = within(tr).getByRole('progressbar');
    const width = (selector: string) => parseFloat((bar.querySelector(selector) as HTMLElement).style.width);
    return {
      label: within(tr).getByTestId('upload-percent').textContent,
      valueNow: Number(bar.getAttribute('aria-valuenow')),
      valueText: bar.getAttribute('aria-valuetext'),
      done: width('.progress-done'),
      flight: width('.progress-flight'),
    };
  }

  function expectAgreement(rows: UploadRow[]) {
    for (const r of rows) {
      if (r.state === 'cancelled') continue;
      const shown = shownRow(r.fileName);
      const p = rowProgress(r);
      expect(shown.label).toBe(`${shown.valueNow}%`);
      expect(shown.valueNow).toBe(Math.floor(shown.done + shown.flight + 1e-9));
      expect(shown.valueText).toBe(`${p.percent}%, ${formatBytes(p.bytesShown)} of ${formatBytes(r.bytesTotal)}`);
    }
    const done = rows.filter((r) => r.state !== 'cancelled').reduce((sum, r) => sum + rowProgress(r).bytesShown, 0);
    const total = rows.filter((r) => r.state !== 'cancelled').reduce((sum, r) => sum + r.bytesTotal, 0);
    expect(screen.getByTestId('upload-totals').textContent).toContain(`${formatBytes(done)} of ${formatBytes(total)}`);
  }

  it('label, bar and totals agree as uploads.changed moves the rows', async () => {
    let rows = [
      row('one', { bytesTotal: 10_000_000, bytesConfirmed: 2_000_000, bytesInFlight: 1_500_000, speedBps: 1_000_000 }),
      row('two', { bytesTotal: 30_000_000, bytesConfirmed: 0, bytesInFlight: 0, state: 'queued' }),
      row('three', { bytesTotal: 5_000_000, bytesConfirmed: 5_000_000, state: 'cancelled' }),
    ];
    main().handle('uploads.list', () => rows);
    const { useUploads } = await import('./store.ts');
    const { UploadsScreen } = await import('./UploadsScreen.tsx');
    useUploads.start();
    render(<UploadsScreen />);
    await screen.findByTestId('upload-list');
    await vi.waitFor(() => expect(main().listenerCount('uploads.changed')).toBe(1));

    expect(shownRow('one.mp4')).toEqual({
      label: '35%',
      valueNow: 35,
      valueText: '35%, 3.3 MiB of 9.5 MiB',
      done: 20,
      flight: 15,
    });
    expect(screen.getByTestId('upload-totals').textContent).toBe(
      '2 files · 3.3 MiB of 38.1 MiB · 977 KiB/s · 37 s left · 0 done',
    );
    expectAgreement(rows);

    // Bytes confirmed; then the last bytes in flight past the total; then done.
    const steps: Partial<UploadRow>[] = [
      { bytesConfirmed: 6_660_000, bytesInFlight: 100_000 },
      { bytesConfirmed: 9_990_000, bytesInFlight: 900_000 },
      { state: 'done', bytesConfirmed: 10_000_000, bytesInFlight: 0, lessonId: 'l-1', videoStatus: 'PROCESSING' },
    ];
    for (const step of steps) {
      const next = { ...rows[0]!, ...step };
      rows = [next, rows[1]!, rows[2]!];
      act(() => main().emit('uploads.changed', next));
      await nextFrame();
      expectAgreement(rows);
    }
    expect(shownRow('one.mp4')).toMatchObject({ label: '100%', done: 100, flight: 0 });
    expect(screen.getByTestId('upload-video').textContent).toBe('Video processing…');
    // The queued file is still to come: no speed yet, so no time left either.
    expect(screen.getByTestId('upload-totals').textContent).toBe('2 files · 9.5 MiB of 38.1 MiB · — · — left · 1 done');

    // A row main had not listed yet joins the table and the totals.
    const four = row('four', { bytesTotal: 2_000_000, bytesConfirmed: 1_000_000, state: 'paused' });
    rows = [...rows, four];
    act(() => main().emit('uploads.changed', four));
    await nextFrame();
    expectAgreement(rows);
    expect(screen.getByTestId('upload-totals').textContent).toBe(
      '3 files · 10.5 MiB of 40.1 MiB · — · — left · 1 done',
    );
  });
});
