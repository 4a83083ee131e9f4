/**
 * The folder push dialog on a course screen, with main as a fake behind `window.lectern` (the
 * bridge, hooks and components are the real ones): a plan the server cannot carry out keeps Confirm
 * disabled with the reason as its description; each section and lesson not in the folder has its
 * own "delete" checkbox (off) beside an "all" one, a second checkbox naming exactly what goes must
 * be ticked before "Push and delete" starts it with those ids; the dialog lists what the push did.
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
        otherLessons: [{ id: 'n', title: 'Notes', action: 'leave' }],
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
    totals: { ...TOTALS, lessonsLeftAlone: 3 },
    empty: false,
    missing: [],
    blockedReason: null,
    ...over,
  };
}

async function openDialog(): Promise<HTMLElement> {
  render(
    <>
      <panel.PushFolderButton courseId={COURSE} />
      <panel.FolderPushPanel courseId={COURSE} courseName="Forklift" />
    </>,
  );
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
  // Main holds no push yet; Cancel and Dismiss tell it.
  fake.handle('folderPush.current', () => null);
  fake.handle('folderPush.discard', () => ({ ok: true as const }));
  fake.handle('folderPush.dismiss', () => ({ ok: true as const }));
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('folder push dialog', () => {
  it('lists the course’s changes main could not send first, each title its own bidi isolate', async () => {
    fake.handle('folderPush.plan', () =>
      plan({
        unsentChanges: [
          { resource: 'section', operation: 'update', title: 'Welcome \u202Eaboard', state: 'failed' },
          { resource: 'lesson', operation: 'create', title: 'Recap', state: 'queued' },
        ],
      }),
    );
    const dialog = await openDialog();
    const unsent = within(dialog).getByTestId('push-unsent');
    expect(unsent.querySelector('p')?.textContent).toMatch(
      /^Not sent yet to this course \(2\): the push does not write over/,
    );
    expect([...unsent.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Welcome \u202Eaboard (section, failed to send)',
      'Recap (lesson, waiting to send)',
    ]);
    expect(unsent.querySelectorAll('bdi')).toHaveLength(2);
  });

  it('says nothing of unsent changes when there are none', async () => {
    fake.handle('folderPush.plan', () => plan({ unsentChanges: [] }));
    const dialog = await openDialog();
    expect(within(dialog).queryByTestId('push-unsent')).toBeNull();
  });

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
      '1 section to create, 1 lesson to create, 3 lessons not in the folder left alone, 1 file skipped; 1 video to upload (1.9 MiB).',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Push to course' });
    expect(confirm).toHaveProperty('disabled', true);
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    expect(fake.inputsTo('folderPush.plan')).toEqual([{ courseId: COURSE, folder: HANDLE }]);
    fireEvent.click(confirm);
    expect(fake.inputsTo('folderPush.start')).toEqual([]);
  });

  it('deletes only the items ticked, once the confirmation naming them is ticked, then lists what it did', async () => {
    fake.handle('folderPush.plan', () => plan());
    fake.handle('folderPush.start', () => ({ ok: true }));
    const dialog = await openDialog();
    const push = within(dialog).getByRole('button', { name: 'Push to course' });
    expect(push).toHaveProperty('disabled', false);
    // Off by default; one lesson ticked: marked Delete, named in the confirmation, the rest left alone.
    const notes = within(dialog).getByLabelText('Delete lesson “Notes” of “Basics”');
    expect(notes).toHaveProperty('checked', false);
    fireEvent.click(notes);
    const pushAndDelete = within(dialog).getByRole('button', { name: 'Push and delete' });
    expect(pushAndDelete).toHaveProperty('disabled', true);
    expect(within(dialog).getByTestId('push-summary').textContent).toContain(
      '1 lesson to delete, 2 lessons not in the folder left alone',
    );
    // "All" ticks every item (a section takes its lessons: theirs are ticked and fixed); unticked, none again.
    const all = within(dialog).getByLabelText('Delete all of them from the course');
    fireEvent.click(all);
    expect(within(dialog).getByLabelText('Delete lesson “A” of “Old section”')).toHaveProperty('disabled', true);
    expect(
      within(dialog).getByLabelText(
        'Yes, delete lesson “Notes” in “Basics”; section “Old section” and its 2 lessons on the server',
      ),
    ).toBeTruthy();
    fireEvent.click(all);
    expect(within(dialog).queryByRole('button', { name: 'Push and delete' })).toBeNull();
    fireEvent.click(notes);
    fireEvent.click(within(dialog).getByLabelText('Yes, delete lesson “Notes” in “Basics” on the server'));
    expect(pushAndDelete).toHaveProperty('disabled', false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Push and delete' }));
    await vi.waitFor(() =>
      expect(fake.inputsTo('folderPush.start')).toEqual([
        { planId: 'plan-1', confirmDelete: true, remove: { sections: [], lessons: ['n'] } },
      ]),
    );

    act(() =>
      fake.emit('folderPush.progress', { planId: 'plan-1', courseId: COURSE, message: 'Created section “Basics”.' }),
    );
    expect(within(dialog).getByTestId('push-progress').textContent).toContain('Created section “Basics”.');
    const events = [
      { kind: 'created', what: 'section', title: 'Basics', sectionTitle: null },
      { kind: 'created', what: 'video lesson', title: 'Intro', sectionTitle: 'Basics' },
      { kind: 'deleted', what: 'lesson', title: 'Notes', sectionTitle: 'Basics' },
    ] as const;
    act(() =>
      fake.emit('folderPush.finished', {
        planId: 'plan-1',
        courseId: COURSE,
        status: 'done',
        message: 'Pushed to “Forklift”: 1 section created, 2 lessons created, 1 lesson deleted.',
        outcome: {
          sectionsCreated: 1,
          sectionsUpdated: 0,
          sectionsMoved: 0,
          lessonsCreated: 1,
          lessonsUpdated: 0,
          lessonsMoved: 0,
          videosUploaded: 1,
          sectionsDeleted: 0,
          lessonsDeleted: 1,
          events: [...events],
          failed: [],
        },
      }),
    );
    expect(within(dialog).getByTestId('push-outcome').textContent).toBe(
      'Pushed to “Forklift”: 1 section created, 2 lessons created, 1 lesson deleted.',
    );
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Created section “Basics”.',
      'Created video lesson “Intro” in “Basics”.',
      'Deleted lesson “Notes” in “Basics”.',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('a push that ends with the dialog closed says so once: its card on the course page, a toast anywhere else', async () => {
    fake.handle('folderPush.plan', () => plan());
    fake.handle('folderPush.start', () => ({ ok: true as const }));
    const notices = await import('../../lib/notices.ts');
    const pushAndFinish = async (hash: string, planId: string) => {
      fake.handle('folderPush.plan', () => plan({ planId }));
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Push to course' }));
      await vi.waitFor(() => expect(fake.inputsTo('folderPush.start').at(-1)).toEqual({ planId }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close (the push goes on)' }));
      window.location.hash = hash;
      act(() =>
        fake.emit('folderPush.finished', {
          planId,
          courseId: COURSE,
          status: 'done',
          message: `Pushed to “Forklift” (${planId}).`,
          outcome: null,
        }),
      );
    };
    const toasts = () => notices.useNotices.getState().notices.map((n) => n.message);

    // On the course's own page: the card, and no toast saying it again.
    await pushAndFinish(`#/courses/${COURSE}`, 'plan-here');
    expect(screen.getByTestId('push-status').textContent).toContain('Pushed to “Forklift” (plan-here).');
    expect(toasts()).not.toContain('Pushed to “Forklift” (plan-here).');
    // Dismissed, the card leaves (main forgets it too) and focus goes to "Push a folder…".
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('push-folder'));
    expect(fake.inputsTo('folderPush.dismiss')).toEqual([{ planId: 'plan-here' }]);
    cleanup();

    // Elsewhere (the Uploads screen): a toast says how it ended.
    await pushAndFinish('#/uploads', 'plan-away');
    expect(toasts()).toContain('Pushed to “Forklift” (plan-away).');
  });

  it('says in one line that there is nothing to push', async () => {
    fake.handle('folderPush.plan', () =>
      plan({ otherSections: [], sections: [{ ...plan().sections[0]!, otherLessons: [] }], empty: true }),
    );
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('push-blocked').textContent).toBe(
      'Nothing to push: “Forklift” already matches the folder.',
    );
    expect(within(dialog).getByRole('button', { name: 'Push to course' })).toHaveProperty('disabled', true);
    expect(within(dialog).queryByLabelText('Delete all of them from the course')).toBeNull();
  });
});
