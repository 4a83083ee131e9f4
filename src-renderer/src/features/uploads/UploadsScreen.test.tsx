/**
 * The Uploads screen on the shared list screen: its header and controls stay while the list
 * loads (skeleton rows), a failed read says so with "Try again", an empty list offers the next
 * step, and the uploads are one keyboard stop like every other list. Rendered against a fake main.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { UploadRow } from '../../../../src-shared/index.ts';
import { deferred, refuse } from '../../../test-support/fake-main.ts';
import { COURSE, SECTION, uploadRow, uploadsScreenMain } from '../../../test-support/upload-rows.ts';

const main = uploadsScreenMain();

/** Main's reports are taken in once per frame. */
const nextFrame = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));

async function renderScreen() {
  const { useUploads } = await import('./store.ts');
  const { UploadsScreen } = await import('./UploadsScreen.tsx');
  useUploads.start();
  render(<UploadsScreen />);
}

describe('Uploads screen', () => {
  it('keeps its header and controls while loading (skeleton rows), then shows the uploads as a named list', async () => {
    const answer = deferred<UploadRow[]>();
    main().handle('uploads.list', () => answer.promise);
    await renderScreen();

    expect(screen.getByRole('heading', { level: 1, name: 'Uploads' })).toBeTruthy();
    expect(screen.getByTestId('add-files')).toBeTruthy();
    expect(screen.getByTestId('dropzone')).toBeTruthy();
    const controls = screen.getByRole('group', { name: 'All uploads' });
    expect(within(controls).getByRole('button', { name: 'Pause all' })).toBeTruthy();
    const loading = screen.getByTestId('list-loading');
    expect(loading.textContent).toBe('Loading uploads…');

    answer.resolve([uploadRow('one', {}), uploadRow('two', { state: 'paused' })]);
    const list = await screen.findByRole('list', { name: 'Uploads' });
    expect(screen.queryByTestId('list-loading')).toBeNull();
    expect(
      within(list)
        .getAllByTestId('upload-row')
        .map((r) => r.dataset['file']),
    ).toEqual(['one.mp4', 'two.mp4']);
    expect(within(controls).getByRole('button', { name: 'Resume all' })).toHaveProperty('disabled', false);
  });

  it('shows the rows as soon as the list is here, without waiting for the upload settings', async () => {
    const options = deferred<{ concurrency: number; bandwidthBytesPerSec: number | null }>();
    main().handle('uploads.getOptions', () => options.promise);
    main().handle('uploads.list', () => [uploadRow('one', {})]);
    await renderScreen();
    const list = await screen.findByRole('list', { name: 'Uploads' });
    expect(
      within(list)
        .getAllByTestId('upload-row')
        .map((r) => r.dataset['file']),
    ).toEqual(['one.mp4']);
    const limit = screen.getByRole('combobox', { name: 'Speed limit' });
    expect(limit).toHaveProperty('value', 'none');

    await act(async () => options.resolve({ concurrency: 2, bandwidthBytesPerSec: 2 * 1024 * 1024 }));
    expect(limit).toHaveProperty('value', '2');
  });

  it('a row main reports while the list is on its way keeps its newer state (the list may predate it)', async () => {
    const answer = deferred<UploadRow[]>();
    main().handle('uploads.list', () => answer.promise);
    await renderScreen();

    // Main answered the list while "one" was finishing; before that answer arrives, "one" is done,
    // "three" has started and "four" was cleared.
    act(() => {
      main().emit('uploads.changed', uploadRow('one', { state: 'done', bytesConfirmed: 1_000_000 }));
      main().emit('uploads.changed', uploadRow('three', {}));
      main().emit('uploads.changed', uploadRow('four', { state: 'cancelled' }));
    });
    answer.resolve([
      uploadRow('one', { state: 'completing', bytesConfirmed: 1_000_000 }),
      uploadRow('two', { state: 'paused' }),
      uploadRow('four', { state: 'done' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Uploads' });
    const rows = within(list).getAllByTestId('upload-row');
    expect(rows.map((r) => [r.dataset['file'], r.dataset['state']])).toEqual([
      ['one.mp4', 'done'],
      ['two.mp4', 'paused'],
      ['three.mp4', 'uploading'],
    ]);

    // A later read (the screen opened again) takes main's list as it is.
    main().handle('uploads.list', () => [uploadRow('two', { state: 'done' })]);
    const { useUploads } = await import('./store.ts');
    await act(() => useUploads.getState().load());
    expect(
      within(list)
        .getAllByTestId('upload-row')
        .map((r) => r.dataset['state']),
    ).toEqual(['done']);
  });

  it('a list read that repeats rows unchanged keeps the rows shown, so only the changed ones are drawn again', async () => {
    main().handle('uploads.list', () => [uploadRow('one', { state: 'done' }), uploadRow('two', {})]);
    await renderScreen();
    const list = await screen.findByRole('list', { name: 'Uploads' });
    const { useUploads } = await import('./store.ts');
    const before = useUploads.getState();

    // The screen opened again: main's answer has fresh copies of both rows, "two" moved on.
    main().handle('uploads.list', () => [
      uploadRow('one', { state: 'done' }),
      uploadRow('two', { bytesConfirmed: 500_000 }),
    ]);
    await act(() => useUploads.getState().load());
    const after = useUploads.getState();
    expect(after.rows['one']).toBe(before.rows['one']);
    expect(after.rows['two']).not.toBe(before.rows['two']);
    expect(after.rows['two']!.bytesConfirmed).toBe(500_000);
    expect(after.order).toBe(before.order);
    expect(
      within(list)
        .getAllByTestId('upload-percent')
        .map((p) => p.textContent),
    ).toEqual(['100%', '50%']);

    // A row whose problem changed is a changed row, though its other fields are the same.
    main().handle('uploads.list', () => [
      uploadRow('one', { state: 'done' }),
      uploadRow('two', { bytesConfirmed: 500_000, notice: { code: 'SLOW', message: 'Slow link.' } }),
    ]);
    await act(() => useUploads.getState().load());
    expect(useUploads.getState().rows['one']).toBe(before.rows['one']);
    expect(useUploads.getState().rows['two']!.notice?.message).toBe('Slow link.');
  });

  it('what main reports within a frame is taken in with one store update, and never brings back a cleared row', async () => {
    main().handle('uploads.list', () => [uploadRow('one', {}), uploadRow('two', {}), uploadRow('three', {})]);
    await renderScreen();
    const list = await screen.findByRole('list', { name: 'Uploads' });
    await vi.waitFor(() => expect(main().listenerCount('uploads.progress')).toBe(1));
    const { useUploads } = await import('./store.ts');
    let updates = 0;
    const stop = useUploads.subscribe(() => updates++);
    act(() => {
      main().emit('uploads.progress', {
        rows: [
          uploadRow('one', { bytesConfirmed: 100_000 }),
          uploadRow('three', { bytesConfirmed: 500_000 }),
          uploadRow('gone', { state: 'cancelled' }),
        ],
      });
      main().emit('uploads.changed', uploadRow('one', { bytesConfirmed: 250_000 }));
      // Started and stopped within the frame: shown cancelled, as when taken in one at a time.
      main().emit('uploads.changed', uploadRow('four', {}));
      main().emit('uploads.changed', uploadRow('four', { state: 'cancelled' }));
    });
    expect(updates).toBe(0);
    await nextFrame();
    stop();
    expect(updates).toBe(1);
    expect(useUploads.getState().order).toEqual(['one', 'two', 'three', 'four']);
    expect(useUploads.getState().rows['four']?.state).toBe('cancelled');
    expect(useUploads.getState().rows['gone']).toBeUndefined();
    const percents = within(list)
      .getAllByTestId('upload-row')
      .map((r) => [r.dataset['file'], within(r).getByTestId('upload-percent').textContent]);
    expect(percents).toEqual([
      ['one.mp4', '25%'],
      ['two.mp4', '0%'],
      ['three.mp4', '50%'],
      ['four.mp4', '0%'],
    ]);
  });

  it('a list main could not read says why, and Try again reads it again', async () => {
    let answer = (): UploadRow[] => {
      throw refuse('INTERNAL', 'The upload journal could not be read.');
    };
    main().handle('uploads.list', () => answer());
    await renderScreen();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The upload journal could not be read.');
    answer = () => [uploadRow('one', {})];
    const reads = main().inputsTo('uploads.list').length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('upload-row')).toBeTruthy();
    expect(main().inputsTo('uploads.list')).toHaveLength(reads + 1);
  });

  it('an empty list says what to do next, and its button opens the file dialog', async () => {
    main().handle('uploads.list', () => []);
    main().handle('uploads.pickFiles', () => []);
    await renderScreen();

    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('No uploads yet');
    fireEvent.click(within(empty).getByRole('button', { name: 'Choose video files…' }));
    await vi.waitFor(() => expect(main().inputsTo('uploads.pickFiles')).toEqual([undefined]));
  });

  it('the list is one tab stop: arrows move between uploads, Tab reaches only the active one’s controls', async () => {
    main().handle('uploads.list', () => [
      uploadRow('one', {}),
      uploadRow('two', { state: 'failed', error: { code: 'NETWORK', message: 'The connection dropped.' } }),
    ]);
    await renderScreen();
    await screen.findByRole('list', { name: 'Uploads' });
    const [one, two] = screen.getAllByTestId('upload-row') as [HTMLElement, HTMLElement];
    const tabStops = (row: HTMLElement) =>
      [row, ...row.querySelectorAll<HTMLElement>('button, input, a')].map((el) => el.tabIndex);

    expect(tabStops(one)).toEqual([0, 0, 0, 0]); // the row, its title, Pause, Cancel
    expect(tabStops(two)).toEqual([-1, -1, -1, -1]); // the row, its title, Retry, Cancel
    expect(within(two).getByTestId('upload-problem').textContent).toBe('The connection dropped.');

    one.focus();
    fireEvent.keyDown(one, { key: 'ArrowDown' });
    await vi.waitFor(() => expect(document.activeElement).toBe(two));
    expect(tabStops(two)).toEqual([0, 0, 0, 0]);
    expect(tabStops(one)).toEqual([-1, -1, -1, -1]);
    expect(within(two).getByRole('button', { name: 'Retry two.mp4' })).toBeTruthy();
  });

  it('a row that replaces a lesson’s video names the lesson and links back to it', async () => {
    const lessonId = '00000000-0000-4000-8000-0000000000e1';
    main().handle('uploads.list', () => [
      uploadRow('swap', { target: { kind: 'replace', courseId: COURSE, sectionId: SECTION, lessonId } }),
    ]);
    main().handle('courses.get', () => ({
      data: {
        course: { id: COURSE, name: 'Forklift basics', categories: [] },
        sections: [
          {
            id: SECTION,
            title: 'Week 1',
            order: 1,
            lessons: [{ id: lessonId, title: 'Loading the forklift', updated_datetime: '2026-05-01T12:00:00.000Z' }],
          },
        ],
      },
      fetchedAt: '2026-05-01T12:00:00.000Z',
      stale: false,
      offlineReason: null,
    }));
    await renderScreen();
    const link = await screen.findByRole('link', { name: 'Loading the forklift' });
    expect(link.closest('[data-testid="upload-replaces"]')?.textContent).toBe(
      'Replaces the video of Loading the forklift',
    );
    expect(link.getAttribute('href')).toBe(`#/courses/${COURSE}?lesson=${lessonId}&section=${SECTION}`);
  });

  it('“Clear finished” says a video still processing stays, and is off when only such rows are done', async () => {
    main().handle('uploads.list', () => [
      uploadRow('ready', { state: 'done', videoStatus: 'READY' }),
      uploadRow('busy', { state: 'done', videoStatus: 'PROCESSING' }),
    ]);
    await renderScreen();
    const button = await screen.findByTestId('clear-finished');
    expect(button.getAttribute('title')).toBe(
      'Takes 1 finished upload off this list (the lessons keep their videos); 1 video still processing stay until the server has them ready.',
    );
    expect(button).toHaveProperty('disabled', false);
  });
});
