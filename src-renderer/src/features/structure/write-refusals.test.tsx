/**
 * A key refused section and course changes, in the course outline (sections
 * as cards, their actions in their headers): a refused section change says "Not saved: reason" on
 * the section's own header, every section action (and, for courses, "Edit course details") is
 * disabled with the reason as its title, the reason is said once in the outline, and a move main
 * refuses up front shows on the section it was made on. Main is a fake
 * behind `window.lectern`; the stores, the bridge and the components are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Course, Draft, Section, SyncStatus } from '../../../../src-shared/index.ts';
import { draftOf, syncStatusOf } from '../../../test-support/drafts.ts';
import { installFakeMain, refuse, removeFakeMain, settle, type FakeMain } from '../../../test-support/fake-main.ts';
import type * as OutlineModule from '../courses/CourseOutline.tsx';
import type * as StructureModule from './index.ts';
import type * as SyncModule from '../../lib/sync-status.ts';

let fake: FakeMain;
let outline: typeof OutlineModule;
let structure: typeof StructureModule;
let sync: typeof SyncModule;

/** The course page's structure parts: the outline and the course details' editor. */
const panel = {
  CourseStructurePanel({ courseId, sections }: { courseId: string; sections: Section[] }) {
    const reasons = structure.useSectionReasons();
    return (
      <>
        <structure.CourseDetailsEditor courseId={courseId} disabledReason={reasons.course} />
        <outline.CourseOutline
          course={{ id: courseId, name: 'Safety' } as Course}
          sections={sections}
          deletes={[]}
          creates={[]}
          onDelete={() => undefined}
        />
      </>
    );
  },
};

const AT = '2026-05-01T12:00:00.000Z';
const COURSE = '00000000-0000-4000-8000-000000000001';
const FIRST = '00000000-0000-4000-8000-0000000000b1';
const SECOND = '00000000-0000-4000-8000-0000000000b2';
const SECTIONS = [
  { id: FIRST, title: 'Basics', order: 1, lessons: [] },
  { id: SECOND, title: 'Practice', order: 2, lessons: [] },
] as unknown as Section[];
const SECTIONS_REFUSED =
  'This workspace’s key may view sections but not change them (the server refused a change). Ask your administrator.';
const COURSES_REFUSED = 'This workspace’s key may view courses but not change them (the server refused a change).';

function status(refused: { resource: 'section' | 'course'; message: string }[]): SyncStatus {
  return syncStatusOf({ writesRefused: refused.map((r) => ({ ...r, notedAt: AT })) }, { count: 1, failed: 1 });
}

/** The section's rename, refused by the server (main stores the refusal in the key's words). */
const refusedRename: Draft = draftOf({
  resource: 'section',
  serverId: FIRST,
  parent: { courseId: COURSE },
  state: 'failed',
  title: 'Renamed',
  revision: 2,
  error: { code: 'WRITE_REFUSED', kind: 'Forbidden', message: SECTIONS_REFUSED, status: 403, fieldErrors: [] },
  base: { title: 'Basics' },
  changes: { title: 'Renamed' },
  values: { title: 'Renamed' },
});

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  fake.handle('structure.missing', () => []);
  fake.handle('sections.pending', () => ({ deletes: [], creates: [], renames: [] }));
  fake.handle('courses.previewVideo', () => ({
    courseId: COURSE,
    phase: 'none',
    upload: null,
    status: null,
    error: null,
    blocked: null,
    hasUrl: false,
  }));
  sync = await import('../../lib/sync-status.ts');
  outline = await import('../courses/CourseOutline.tsx');
  structure = await import('./index.ts');
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

const row = (id: string) => document.querySelector<HTMLElement>(`.course-section[data-section-id="${id}"]`)!;
const openMenu = (title: string) =>
  fireEvent.click(screen.getByRole('button', { name: `Actions for section ${title}` }));
const occurrences = (text: string) => document.body.textContent.split(text).length - 1;

describe('a key refused section changes', () => {
  it('shows the refused rename on its row, disables every section action with the reason, says it once', async () => {
    fake.handle('drafts.list', () => [refusedRename]);
    sync.useSync.setState({ status: status([{ resource: 'section', message: SECTIONS_REFUSED }]) });
    render(<panel.CourseStructurePanel courseId={COURSE} sections={SECTIONS} />);
    await act(settle);

    // Where it was made: the row keeps its title and says why the rename is not saved.
    const refusal = within(row(FIRST)).getByTestId('row-refusal');
    expect(refusal.textContent).toContain('Not saved:');
    expect(refusal.textContent).toContain('may view sections but not change them');
    expect(within(row(FIRST)).getByText('Basics')).toBeTruthy();
    expect(within(row(SECOND)).queryByTestId('row-refusal')).toBeNull();

    openMenu('Practice');
    for (const name of ['Rename', 'Move up', 'Delete section…']) {
      const item = screen.getByRole('menuitem', { name });
      expect(item.hasAttribute('disabled'), name).toBe(true);
      expect(item.getAttribute('title'), name).toBe(SECTIONS_REFUSED);
    }
    const add = screen.getByTestId('add-section');
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(add.getAttribute('title')).toBe(SECTIONS_REFUSED);
    expect(row(FIRST).querySelector('header')!.getAttribute('draggable')).toBe('false');
    // Said once in the panel (plus once on the refused row), not again under "Add section".
    expect(screen.getByTestId('sections-disabled').textContent).toBe(SECTIONS_REFUSED);
    expect(screen.queryByTestId('sections-create-disabled')).toBeNull();
    expect(occurrences(SECTIONS_REFUSED)).toBe(2);
    // Course details are another kind: still open to change.
    expect(screen.getByRole('button', { name: 'Edit course details' }).hasAttribute('disabled')).toBe(false);
  });

  it('a refused new section says "not saved" once (the reason is said above) and can be dismissed', async () => {
    const create: Draft = {
      ...refusedRename,
      id: '00000000-0000-4000-8000-0000000000d3',
      operation: 'create',
      serverId: null,
      title: 'Never made',
    };
    let creates = [create];
    fake.handle('drafts.list', () => []);
    fake.handle('sections.pending', () => ({ deletes: [], creates, renames: [] }));
    // The outline reads where a waiting section was asked for (here: none, so at the end).
    fake.handle('drafts.get', () => create);
    fake.handle('drafts.discard', () => {
      creates = [];
      return { ok: true as const };
    });
    sync.useSync.setState({ status: status([{ resource: 'section', message: SECTIONS_REFUSED }]) });
    render(<panel.CourseStructurePanel courseId={COURSE} sections={SECTIONS} />);
    await act(settle);
    const pending = screen.getByTestId('section-create-pending');
    expect(pending.textContent).toContain('New section “Never made”: not saved.');
    expect(occurrences(SECTIONS_REFUSED)).toBe(1); // in the panel's note only
    fireEvent.click(within(pending).getByRole('button', { name: 'Dismiss' }));
    await act(async () => {
      await settle();
      fake.emit('drafts.changed', { ids: [create.id] });
      await settle();
    });
    expect(fake.inputsTo('drafts.discard')).toEqual([{ id: create.id }]);
    expect(screen.queryByTestId('section-create-pending')).toBeNull();
  });

  it('a delete the key was refused says only that it was not deleted (the reason is said above)', async () => {
    const pending = {
      draftId: '00000000-0000-4000-8000-0000000000d4',
      sectionId: SECOND,
      courseId: COURSE,
      title: 'Practice',
      state: 'failed' as const,
      sendAt: AT,
      inDoubt: false,
      error: refusedRename.error,
      refusal: SECTIONS_REFUSED,
    };
    fake.handle('drafts.list', () => []);
    fake.handle('sections.pending', () => ({ deletes: [pending], creates: [], renames: [] }));
    sync.useSync.setState({ status: status([{ resource: 'section', message: SECTIONS_REFUSED }]) });
    render(<panel.CourseStructurePanel courseId={COURSE} sections={SECTIONS} />);
    await act(settle);
    expect(screen.getByTestId('section-delete-pending').textContent).toContain('“Practice” was not deleted.');
    expect(occurrences(SECTIONS_REFUSED)).toBe(1); // in the panel's note only
  });

  it('a key refused course changes disables "Edit course details" with the reason', async () => {
    fake.handle('drafts.list', () => []);
    sync.useSync.setState({ status: status([{ resource: 'course', message: COURSES_REFUSED }]) });
    render(<panel.CourseStructurePanel courseId={COURSE} sections={SECTIONS} />);
    await act(settle);
    const edit = screen.getByRole('button', { name: 'Edit course details' });
    expect(edit.hasAttribute('disabled')).toBe(true);
    expect(edit.getAttribute('title')).toBe(COURSES_REFUSED);
    expect(screen.getByTestId('course-details-disabled').textContent).toBe(COURSES_REFUSED);
    expect(screen.getByTestId('add-section').hasAttribute('disabled')).toBe(false);
  });

  it('a move main refuses up front is shown on the row it was made on, not as a panel error', async () => {
    fake.handle('drafts.list', () => []);
    fake.handle('sections.move', () => {
      throw refuse('WRITE_REFUSED', SECTIONS_REFUSED, { resource: 'section' });
    });
    sync.useSync.setState({ status: status([]) });
    render(<panel.CourseStructurePanel courseId={COURSE} sections={SECTIONS} />);
    await act(settle);
    openMenu('Practice');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move up' }));
    await act(settle);
    expect(fake.inputsTo('sections.move')).toEqual([{ courseId: COURSE, id: SECOND, position: 1 }]);
    expect(within(row(SECOND)).getByTestId('row-refusal').textContent).toContain('may view sections');
    expect(within(row(FIRST)).queryByTestId('row-refusal')).toBeNull();
    expect(screen.queryByTestId('section-error')).toBeNull(); // said once, on the section
  });

  it('a course details change the server refuses: the editor says "Not saved" with the reason once it comes back', async () => {
    fake.handle('drafts.list', () => []);
    sync.useSync.setState({ status: status([]) });
    const base = { name: 'Safety', description: '', requirements: '', level: 'beginner', category_ids: [] };
    const details = (state: Draft['state'], error: Draft['error'] = null): Draft => ({
      ...refusedRename,
      id: '00000000-0000-4000-8000-0000000000d2',
      resource: 'course',
      serverId: COURSE,
      parent: {},
      state,
      error,
      title: 'Safety',
      base,
      changes: { requirements: 'A licence' },
      values: { ...base, requirements: 'A licence' },
    });
    let current = details('editing');
    fake.handle('courses.edit', () => current);
    fake.handle('categories.list', () => ({ data: [], fetchedAt: AT, stale: false, offlineReason: null }));
    fake.handle('drafts.save', () => current);
    fake.handle('drafts.submit', () => (current = details('queued')));
    fake.handle('drafts.get', () => current);
    render(<panel.CourseStructurePanel courseId={COURSE} sections={SECTIONS} />);
    await act(settle);
    fireEvent.click(screen.getByRole('button', { name: 'Edit course details' }));
    fireEvent.change(await screen.findByLabelText('Requirements'), { target: { value: 'A licence' } });
    // The one save model's line and words (docs/save-model.md), as on every editor.
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await act(settle);
    expect(screen.getByTestId('autosave-status').textContent).toBe('Waiting to send');

    // The outbox sends it; the server refuses it (403 to a write): main says so with drafts.changed.
    const COURSE_REFUSAL = { code: 'WRITE_REFUSED', kind: 'Forbidden', status: 403, fieldErrors: [] };
    current = details('failed', { ...COURSE_REFUSAL, message: COURSES_REFUSED });
    await act(async () => {
      fake.emit('drafts.changed', { ids: [current.id] });
      await settle();
    });
    const state = screen.getByTestId('autosave-status');
    expect(state.textContent).toBe(`Not saved: ${COURSES_REFUSED}`);
    expect(state.getAttribute('data-state')).toBe('not-saved');
  });
});
