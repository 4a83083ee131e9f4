/**
 * Where staged uploads go, as the Uploads screen's pickers show it: the course list comes from the
 * one source of course names (sorted by name here), and a course whose sections cannot be read
 * says why at the Section picker instead of staying silently empty. Main is a fake behind
 * `window.lectern`; the stores, the bridge and the component are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { installFakeMain, refuse, removeFakeMain, type FakeMain, type Reply } from '../../../test-support/fake-main.ts';
import type * as UploadsStore from './store.ts';
import type * as StagedFilesModule from './StagedFiles.tsx';

let fake: FakeMain;
let uploads: typeof UploadsStore;
let staged: typeof StagedFilesModule;

const ZOOLOGY = '00000000-0000-4000-8000-000000000001';
const ALGEBRA = '00000000-0000-4000-8000-000000000002';
const SECTION = '00000000-0000-4000-8000-0000000000d0';
const HANDLE = '00000000-0000-4000-8000-0000000000f1';

function courses(): Reply<'courses.list'> {
  return {
    data: {
      paginator: { count: 2, next: null, previous: null },
      results: [
        { id: ZOOLOGY, name: 'Zoology', categories: [] },
        { id: ALGEBRA, name: 'Algebra', categories: [] },
      ],
    },
    fetchedAt: '2026-05-01T12:00:00.000Z',
    stale: false,
    offlineReason: null,
  };
}

function algebra(): Reply<'courses.get'> {
  return {
    data: {
      course: { id: ALGEBRA, name: 'Algebra', categories: [] },
      sections: [{ id: SECTION, title: 'Week 1', order: 1, lessons: [] }],
    },
    fetchedAt: '2026-05-01T12:00:00.000Z',
    stale: false,
    offlineReason: null,
  };
}

function optionsOf(label: string): string[] {
  const select = screen.getByLabelText(label);
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  uploads = await import('./store.ts');
  staged = await import('./StagedFiles.tsx');
  fake.handle('courses.list', () => courses());
  // One file picked, its check still under way (so nothing else is asked of main).
  uploads.useUploads.setState({
    staged: [
      {
        handle: HANDLE,
        name: 'intro.mp4',
        size: 1_000,
        title: 'Intro',
        replaceLessonId: null,
        check: null,
        checkError: null,
        duplicateChoice: null,
      },
    ],
  });
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('upload targets', () => {
  it('lists every course by name, from the shared course names', async () => {
    render(<staged.StagedFiles />);
    await vi.waitFor(() => expect(optionsOf('Course')).toEqual(['Choose a course', 'Algebra', 'Zoology']));
    expect(fake.inputsTo('courses.list')).toHaveLength(1);
  });

  it('a course whose sections cannot be read says why, and choosing it again tries again', async () => {
    let answer = (): Reply<'courses.get'> => {
      throw refuse('API_NOT_FOUND', 'Not found.');
    };
    fake.handle('courses.get', () => answer());
    act(() => uploads.useUploads.setState({ courseId: ALGEBRA }));
    render(<staged.StagedFiles />);

    expect(
      await screen.findByText('The server no longer has this course. It may have been deleted elsewhere.'),
    ).toBeTruthy();
    expect(optionsOf('Section')).toEqual(['Choose a section']);

    answer = algebra;
    act(() => uploads.useUploads.setState({ courseId: null }));
    act(() => uploads.useUploads.setState({ courseId: ALGEBRA }));
    await vi.waitFor(() => expect(optionsOf('Section')).toEqual(['Choose a section', '1. Week 1']));
    expect(screen.queryByText(/no longer has this course/)).toBeNull();
    expect(fake.inputsTo('courses.get')).toEqual([{ id: ALGEBRA }, { id: ALGEBRA }]);
  });
});
