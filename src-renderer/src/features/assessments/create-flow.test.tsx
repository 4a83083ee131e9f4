/**
 * Create goes to the created thing: the new-assessment form (on the CreateForm scaffold) sends its
 * draft; once main says the draft was sent, the app opens the new assessment's editor in place of
 * the form — fields editable, "Created …" said at its top — and Back would not return to the form.
 * Main is a fake behind `window.lectern`; the router, stores, sessions and screens are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Draft } from '../../../../src-shared/index.ts';
import { installFakeMain, removeFakeMain, type FakeMain } from '../../../test-support/fake-main.ts';
import type * as RouterModule from '../../lib/router.ts';
import type * as NewModule from './NewAssessmentScreen.tsx';
import type * as EditorModule from './AssessmentEditorScreen.tsx';

let fake: FakeMain;
let router: typeof RouterModule;
let screens: { New: typeof NewModule.NewAssessmentScreen; Editor: typeof EditorModule.AssessmentEditorScreen };

const COURSE = '00000000-0000-4000-8000-0000000000c1';
const DRAFT = '00000000-0000-4000-8000-0000000000d1';
const MADE = '00000000-0000-4000-8000-0000000000a1';
const AT = '2026-05-01T12:00:00.000Z';

function draft(state: Draft['state'], values: Record<string, unknown>, result: Draft['result'] = null): Draft {
  return {
    id: DRAFT,
    resource: 'assessment',
    operation: 'create',
    serverId: state === 'sent' ? MADE : null,
    parent: {},
    state,
    title: typeof values['title'] === 'string' ? values['title'] : '',
    hasChanges: state !== 'sent',
    revision: 1,
    error: null,
    inDoubt: false,
    createdAt: AT,
    updatedAt: AT,
    base: state === 'sent' ? values : null,
    baseUpdatedAt: null,
    changes: state === 'sent' ? {} : values,
    values,
    hasIdempotencyKey: true,
    fieldErrors: {},
    conflict: null,
    result,
  };
}

/** Shows the screen the address names, as the app's shell does. */
function Routed() {
  const route = router.useRoute();
  if (route.name === 'assessment-new') return <screens.New courseId={route.courseId} draftId={route.draftId} />;
  if (route.name === 'assessment') return <screens.Editor assessmentId={route.id} />;
  return <p>elsewhere</p>;
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  router = await import('../../lib/router.ts');
  screens = {
    New: (await import('./NewAssessmentScreen.tsx')).NewAssessmentScreen,
    Editor: (await import('./AssessmentEditorScreen.tsx')).AssessmentEditorScreen,
  };
  window.location.hash = `#/assessments/new?course=${COURSE}`;
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  window.location.hash = '';
  expect(fake.problems).toEqual([]);
});

describe('create → editor', () => {
  it('after the server made it, the editor opens in place of the form, editable, saying it was created', async () => {
    let values: Record<string, unknown> = {};
    let current = draft('editing', values);
    const courses = { page: 1, page_size: 100, count: 1, next: null, previous: null, total_pages: 1 };
    fake.handle('courses.list', () => ({
      data: { paginator: courses, results: [{ id: COURSE, name: 'Ladder safety', categories: [] }] },
      fetchedAt: AT,
      stale: false,
      offlineReason: null,
    }));
    fake.handle('drafts.create', ({ fields }) => {
      values = { ...fields };
      return (current = draft('editing', values));
    });
    fake.handle('drafts.save', ({ changes }) => {
      values = { ...values, ...changes };
      return (current = draft('editing', values));
    });
    fake.handle('drafts.submit', () => (current = draft('queued', values)));
    fake.handle('drafts.get', () => current);
    fake.handle('drafts.list', () => [current]);
    const made = {
      ...{ id: MADE, course_id: COURSE, title: 'Ladder check', status: 'DRAFT', updated_datetime: AT },
      ...{ course: { id: COURSE, name: 'Ladder safety' }, locations: [], groups: [], seats: [] },
    };
    fake.handle('assessments.get', () => ({ data: made, fetchedAt: AT, stale: false, offlineReason: null }));

    render(<Routed />);
    const depth = history.length;
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await screen.findByRole('option', { name: 'Ladder safety' });
    fireEvent.change(title, { target: { value: 'Ladder check' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Ten questions.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create assessment' }));
    await vi.waitFor(() => expect(fake.inputsTo('drafts.submit')).toEqual([{ id: DRAFT }]));
    // Waiting in the outbox: still the form, nothing opened yet.
    expect(window.location.hash).toContain('#/assessments/new');

    // Main sends it; the server answers with the new assessment.
    current = draft('sent', values, made);
    await act(async () => fake.emit('drafts.changed', { ids: [DRAFT] }));

    const created = await screen.findByTestId('assessment-created');
    expect(created.textContent).toContain('Created “Ladder check” in Ladder safety');
    expect(window.location.hash).toBe(`#/assessments/${MADE}`);
    const form = await screen.findByRole('form', { name: 'Edit assessment' });
    const editorTitle = screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(editorTitle.value).toBe('Ladder check');
    expect(form.querySelectorAll(':disabled')).toHaveLength(0);
    // One message about it, not two: the sent create's own "Saved to the server" banner stays away.
    expect(screen.queryByTestId('draft-banner')).toBeNull();
    expect(fake.inputsTo('assessments.get')[0]).toMatchObject({ id: MADE });
    // The form's address was replaced, not pushed: Back goes where the user came from, not to a sent form.
    expect(history.length).toBe(depth);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('assessment-created')).toBeNull();

    // "New assessment" again starts a clean form: the sent draft is not taken for a new creation.
    await act(async () => {
      window.location.hash = '#/assessments/new';
    });
    await screen.findByRole('form', { name: 'New assessment' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('');
    expect(window.location.hash).toBe('#/assessments/new');
  });
});
