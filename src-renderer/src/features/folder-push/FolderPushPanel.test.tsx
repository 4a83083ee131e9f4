/**
 * The folder push dialog on a course screen, with main as a fake behind `window.lectern` (the
 * bridge, hooks and components are the real ones): a plan the server cannot carry out keeps Confirm
 * disabled with the reason as its description; deleting what is not in the folder is an opt-in that
 * plans again and needs a second checkbox before "Push and delete" starts it with `confirmDelete`;
 * the end of the push is named in the dialog.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { installFakeMain, removeFakeMain, type FakeMain, type Reply } from '../../../test-support/fake-main.ts';
import type * as PanelModule from './FolderPushPanel.tsx';

let fake: FakeMain;
let panel: typeof PanelModule;

const COURSE = '00000000-0000-4000-8000-000000000001';
const HANDLE = '00000000-0000-4000-8000-0000000000f1';
const TOTALS = {
  sectionsToCreate: 1,
  sectionsToUpdate: 0,
  sectionsToReorder: 0,
  lessonsToCreate: 1,
  lessonsToUpdate: 0,
  lessonsToReorder: 0,
  lessonsUnchanged: 0,
  uploads: 1,
  uploadBytes: 2_000_000,
  sectionsToDelete: 0,
  lessonsToDelete: 0,
  lessonsLeftAlone: 2,
  skipped: 1,
};

function plan(over: Partial<Reply<'folderPush.plan'>> = {}): Reply<'folderPush.plan'> {
  return {
    planId: 'plan-1',
    courseId: COURSE,
    courseName: 'Forklift',
    folderName: 'Forklift course',
    deleteOthers: false,
    sections: [
      {
        key: '1 - Basics',
        title: 'Basics',
        action: 'create',
        matchedBy: null,
        changes: [],
        lessons: [
          {
            key: '1 - Basics/1 - Intro.mp4',
            title: 'Intro',
            kind: 'video',
            action: 'create',
            matchedBy: null,
            changes: [],
            bytes: 2_000_000,
            uploadBytes: 2_000_000,
          },
        ],
        otherLessons: [],
      },
    ],
    otherSections: [
      {
        id: 'old',
        title: 'Old section',
        action: 'leave',
        lessons: [
          { id: 'a', title: 'A', action: 'leave' },
          { id: 'b', title: 'B', action: 'leave' },
        ],
      },
    ],
    skipped: [{ key: '1 - Basics/notes.pdf', reason: 'notes.pdf is a PDF file, not a video.' }],
    totals: TOTALS,
    empty: false,
    missing: [],
    blockedReason: null,
    ...over,
  };
}

async function openDialog(): Promise<HTMLElement> {
  render(<panel.FolderPushPanel courseId={COURSE} courseName="Forklift" />);
  fireEvent.click(screen.getByRole('button', { name: 'Push a folder…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Push “Forklift course” into “Forklift”' });
  await within(dialog).findByTestId('push-plan-tree');
  return dialog;
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  panel = await import('./FolderPushPanel.tsx');
  fake.handle('folderPush.pickFolder', () => ({ handle: HANDLE, name: 'Forklift course' }));
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('folder push dialog', () => {
  it('shows the plan as a tree and keeps Confirm disabled with the missing capability as the reason', async () => {
    const reason = 'This server does not let Lectern create sections.';
    fake.handle('folderPush.plan', () =>
      plan({
        missing: [{ operation: 'sections.create', message: reason, notedAt: '2026-05-01T12:00:00.000Z' }],
        blockedReason: reason,
      }),
    );
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('push-plan-tree').textContent).toMatch(
      /NewBasics.*NewIntro.*Left aloneOld section/,
    );
    expect(within(dialog).getByTestId('push-skipped').textContent).toContain('notes.pdf is a PDF file, not a video.');
    expect(within(dialog).getByTestId('push-summary').textContent).toBe(
      '1 section to create, 1 lesson to create, 2 lessons not in the folder left alone, 1 file skipped; 1 video to upload (2.0 MB).',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Push to course' });
    expect(confirm).toHaveProperty('disabled', true);
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    expect(fake.inputsTo('folderPush.plan')).toEqual([{ courseId: COURSE, folder: HANDLE }]);
    fireEvent.click(confirm);
    expect(fake.inputsTo('folderPush.start')).toEqual([]);
  });

  it('deletes only when opted in and confirmed again, then names the outcome', async () => {
    fake.handle('folderPush.plan', ({ deleteOthers }) =>
      deleteOthers
        ? plan({
            planId: 'plan-2',
            deleteOthers: true,
            otherSections: [{ ...plan().otherSections[0]!, action: 'delete' }],
            totals: { ...TOTALS, lessonsLeftAlone: 0, lessonsToDelete: 2, sectionsToDelete: 1 },
          })
        : plan(),
    );
    fake.handle('folderPush.start', () => ({ ok: true }));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByLabelText(/Delete them from the course/));
    const pushAndDelete = await within(dialog).findByRole('button', { name: 'Push and delete' });
    expect(fake.inputsTo('folderPush.plan').at(-1)).toEqual({ courseId: COURSE, folder: HANDLE, deleteOthers: true });
    expect(pushAndDelete).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByLabelText('Yes, delete 2 lessons and 1 section on the server'));
    expect(pushAndDelete).toHaveProperty('disabled', false);
    fireEvent.click(pushAndDelete);
    await vi.waitFor(() =>
      expect(fake.inputsTo('folderPush.start')).toEqual([{ planId: 'plan-2', confirmDelete: true }]),
    );

    act(() =>
      fake.emit('folderPush.progress', { planId: 'plan-2', courseId: COURSE, message: 'Created section “Basics”.' }),
    );
    expect(within(dialog).getByTestId('push-progress').textContent).toContain('Created section “Basics”.');
    act(() =>
      fake.emit('folderPush.finished', {
        planId: 'plan-2',
        courseId: COURSE,
        status: 'done',
        message: 'Pushed: 1 section created, 1 lesson created, 1 video uploaded.',
        outcome: null,
      }),
    );
    expect(within(dialog).getByTestId('push-outcome').textContent).toBe(
      'Pushed: 1 section created, 1 lesson created, 1 video uploaded.',
    );
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });
});
