/**
 * The course's preview video area as main describes it: a file chosen through main's dialog (by
 * handle) is handed to courses.setPreviewVideo; a file refused by its bytes shows main's sentence;
 * progress, then ready follow main's answers and `uploads.changed`; "Cancel upload" cancels the
 * running upload; "Remove preview" is held back with Undo in its toast and asks main to remove it
 * once the toast leaves; a server without course updates disables both actions with its sentence. Main is a fake
 * behind `window.lectern`; the bridge and the component are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installFakeMain, refuse, removeFakeMain, type FakeMain, type Reply } from '../../../test-support/fake-main.ts';
import type * as PreviewModule from './CoursePreviewVideo.tsx';
import type * as NoticesModule from '../../lib/notices.ts';

let fake: FakeMain;
let preview: typeof PreviewModule;
let notices: typeof NoticesModule;

const COURSE = '00000000-0000-4000-8000-000000000001';
const HANDLE = '00000000-0000-4000-8000-0000000000f1';
const ROW = '00000000-0000-4000-8000-0000000000a1';

function view(overrides: Partial<Reply<'courses.previewVideo'>> = {}): Reply<'courses.previewVideo'> {
  return {
    courseId: COURSE,
    phase: 'none',
    upload: null,
    status: null,
    error: null,
    blocked: null,
    hasUrl: false,
    ...overrides,
  };
}
const uploading = (percent: number) =>
  view({ phase: 'uploading', upload: { id: ROW, fileName: 'teaser.mp4', state: 'uploading', percent } });

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  preview = await import('./CoursePreviewVideo.tsx');
  notices = await import('../../lib/notices.ts');
  fake.handle('uploads.pickFiles', () => [{ handle: HANDLE, name: 'teaser.mp4', size: 1_000 }]);
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('course preview video', () => {
  it('choose → uploading n % → ready, then remove', async () => {
    let current = view();
    fake.handle('courses.previewVideo', () => current);
    fake.handle('courses.setPreviewVideo', () => (current = uploading(40)));
    fake.handle('courses.removePreviewVideo', () => (current = view({ phase: 'removing' })));
    render(<preview.CoursePreviewVideo courseId={COURSE} disabledReason={null} />);
    expect(await screen.findByText('This course has no preview video.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove preview' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Choose preview video…' }));
    expect(await screen.findByText('Uploading teaser.mp4: 40 %')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(fake.inputsTo('courses.setPreviewVideo')).toEqual([{ courseId: COURSE, handle: HANDLE }]);

    current = view({ phase: 'ready', status: 'READY', hasUrl: true });
    act(() =>
      fake.emit('uploads.changed', {
        id: ROW,
        fileName: 'teaser.mp4',
        target: { kind: 'preview', courseId: COURSE, title: 'Preview video of Algebra' },
        bytesTotal: 1_000,
        bytesConfirmed: 1_000,
        bytesInFlight: 0,
        state: 'done',
        speedBps: 0,
        etaSeconds: null,
        error: null,
        notice: null,
        uploadId: '00000000-0000-4000-8000-0000000000b1',
        lessonId: null,
        createdAt: '2026-05-01T12:00:00.000Z',
        videoStatus: 'READY',
        videoError: null,
        durationSeconds: 3,
      }),
    );
    expect(await screen.findByText('Ready: the course has its preview video.')).toBeTruthy();

    // Remove: held back with Undo in its toast; Undo keeps it, nothing sent.
    const toastOf = () => notices.useNotices.getState().notices.find((n) => n.message.includes('will be removed'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove preview' }));
    expect(await screen.findByText('It will be removed when its notice closes; Undo is there.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove preview' })).toBeNull();
    act(() => toastOf()!.action!.run());
    expect(await screen.findByText('Ready: the course has its preview video.')).toBeTruthy();
    expect(fake.inputsTo('courses.removePreviewVideo')).toEqual([]);

    // Removed again, and the toast leaves without Undo: main is asked.
    fireEvent.click(screen.getByRole('button', { name: 'Remove preview' }));
    await act(() => notices.settlePending());
    expect(await screen.findByText('The preview video is removed as soon as the server can be reached.')).toBeTruthy();
    expect(fake.inputsTo('courses.removePreviewVideo')).toEqual([{ courseId: COURSE }]);
  });

  it('an upload under way can be cancelled from the panel', async () => {
    let current = uploading(10);
    fake.handle('courses.previewVideo', () => current);
    fake.handle('uploads.cancel', () => {
      current = view();
      return { ok: true as const };
    });
    render(<preview.CoursePreviewVideo courseId={COURSE} disabledReason={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('This course has no preview video.')).toBeTruthy();
    expect(fake.inputsTo('uploads.cancel')).toEqual([{ id: ROW }]);
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).toBeNull();
  });

  it('a file refused by its bytes shows main’s sentence; a failed processing shows the reason', async () => {
    fake.handle('courses.previewVideo', () => view({ phase: 'failed', status: 'FAILED', error: 'Unreadable media.' }));
    fake.handle('courses.setPreviewVideo', () => {
      throw refuse('NOT_A_VIDEO', 'teaser.mp4 is a text file, not a video.');
    });
    render(<preview.CoursePreviewVideo courseId={COURSE} disabledReason={null} />);
    expect(await screen.findByText('Failed: Unreadable media.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose preview video…' }));
    expect((await screen.findByRole('alert')).textContent).toBe('teaser.mp4 is a text file, not a video.');
  });

  it('a server without course updates: both actions disabled with its sentence', async () => {
    const sentence = 'This server does not let Lectern change course details.';
    fake.handle('courses.previewVideo', () => view({ phase: 'ready', status: 'READY', hasUrl: true }));
    render(<preview.CoursePreviewVideo courseId={COURSE} disabledReason={sentence} />);
    const remove = await screen.findByRole('button', { name: 'Remove preview' });
    const choose = screen.getByRole('button', { name: 'Choose preview video…' });
    for (const button of [remove, choose]) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.getAttribute('title')).toBe(sentence);
    }
  });
});
