/**
 * The folder push main holds, as a window that starts (or reloads) shows it, with main as a fake
 * behind `window.lectern` (the bridge, store and components are the real ones): a running push
 * shows on its course page with its log and then its end; a finished one shows until dismissed,
 * and Dismiss tells main; an end that comes before main's answer is not lost. Cancel on a plan is
 * one call: main lets the plan go.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { installFakeMain, removeFakeMain, type FakeMain, type Reply } from '../../../test-support/fake-main.ts';
import type * as PanelModule from './FolderPushPanel.tsx';

let fake: FakeMain;
let panel: typeof PanelModule;

const COURSE = '00000000-0000-4000-8000-000000000001';
const FOLDER = { handle: '00000000-0000-4000-8000-0000000000f1', name: 'Yard course' };

const PLAN: Reply<'folderPush.plan'> = {
  planId: 'plan-1',
  courseId: COURSE,
  courseName: 'Forklift',
  folderName: 'Yard course',
  deleteOthers: false,
  sections: [
    {
      key: '1 - Yard rules',
      title: 'Yard rules',
      action: 'create',
      matchedBy: null,
      changes: [],
      lessons: [],
      otherLessons: [],
    },
  ],
  otherSections: [],
  skipped: [],
  totals: { sectionsToCreate: 1 },
  empty: false,
  missing: [],
  blockedReason: null,
};

const END = {
  planId: 'plan-1',
  courseId: COURSE,
  status: 'done' as const,
  message: 'Pushed to “Forklift”: 1 section created.',
  outcome: null,
};

function held(over: Partial<NonNullable<Reply<'folderPush.current'>>> = {}): Reply<'folderPush.current'> {
  return {
    folder: FOLDER,
    plan: PLAN,
    step: 'pushing',
    progress: ['Created section “Yard rules”.'],
    end: null,
    ...over,
  };
}

function showCoursePage(): void {
  render(
    <>
      <panel.PushFolderButton courseId={COURSE} />
      <panel.FolderPushPanel courseId={COURSE} courseName="Forklift" />
    </>,
  );
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  panel = await import('./FolderPushPanel.tsx');
  fake.handle('folderPush.discard', () => ({ ok: true as const }));
  fake.handle('folderPush.dismiss', () => ({ ok: true as const }));
  window.location.hash = `#/courses/${COURSE}`;
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('the push main holds, in a window that starts', () => {
  it('shows a running push with its log, then its end', async () => {
    fake.handle('folderPush.current', () => held());
    showCoursePage();
    const status = await screen.findByTestId('push-status');
    expect(status.getAttribute('data-step')).toBe('pushing');
    expect(status.textContent).toContain('Pushing “Yard course” — Created section “Yard rules”.');
    act(() =>
      fake.emit('folderPush.progress', { planId: 'plan-1', courseId: COURSE, message: 'Created text lesson.' }),
    );
    expect(status.textContent).toContain('— Created text lesson.');
    fireEvent.click(within(status).getByRole('button', { name: 'Show progress' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('push-progress').textContent).toContain('Created section “Yard rules”.');

    act(() => fake.emit('folderPush.finished', END));
    expect(within(dialog).getByTestId('push-outcome').textContent).toBe(END.message);
    expect(screen.getByTestId('push-status').getAttribute('data-step')).toBe('finished');
  });

  it('shows a finished push until it is dismissed, and Dismiss tells main', async () => {
    fake.handle('folderPush.current', () => held({ step: 'finished', end: END }));
    showCoursePage();
    const status = await screen.findByTestId('push-status');
    expect(status.textContent).toBe(`Folder push finished “Yard course”: ${END.message}Show what was doneDismiss`);
    fireEvent.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('push-status')).toBeNull();
    await vi.waitFor(() => expect(fake.inputsTo('folderPush.dismiss')).toEqual([{ planId: 'plan-1' }]));
  });

  it('takes the end that came while main’s answer was on its way', async () => {
    let answer: (reply: Reply<'folderPush.current'>) => void = () => undefined;
    fake.handle('folderPush.current', () => new Promise((resolve) => (answer = resolve)));
    showCoursePage();
    await vi.waitFor(() => expect(fake.inputsTo('folderPush.current')).toHaveLength(1));
    act(() => fake.emit('folderPush.finished', END));
    await act(async () => answer(held()));
    const status = await screen.findByTestId('push-status');
    expect(status.getAttribute('data-step')).toBe('finished');
    expect(status.textContent).toContain(END.message);
  });

  it('Cancel on a plan is one call: main lets the plan go', async () => {
    fake.handle('folderPush.current', () => null);
    fake.handle('folderPush.pickFolder', () => FOLDER);
    fake.handle('folderPush.plan', () => PLAN);
    showCoursePage();
    fireEvent.click(screen.getByRole('button', { name: 'Push a folder…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Push “Yard course” into “Forklift”' });
    await within(dialog).findByTestId('push-plan-tree');
    const before = fake.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(fake.calls.slice(before)).toHaveLength(1));
    expect(fake.calls.slice(before)).toEqual([{ channel: 'folderPush.discard', input: { planId: 'plan-1' } }]);
  });
});
