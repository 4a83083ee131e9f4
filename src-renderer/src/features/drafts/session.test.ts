/**
 * The draft editing session, through the assessment editor's session as the app builds it:
 * autosave 400 ms after the last keystroke (on a fake clock), no draft until the first change,
 * one save at a time, failed saves retried, flush before submit, and field errors from a refused
 * submit. Main's draft store is a small in-memory fake behind `window.lectern`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../../src-shared/index.ts';
import type * as AssessmentsStore from '../assessments/store.ts';
import type * as NewAssessment from '../assessments/new-assessment.ts';
import type * as Session from './session.ts';
import { deferred, installFakeMain, refuse, removeFakeMain, type FakeMain } from '../../../test-support/fake-main.ts';

type AssessmentsModule = typeof AssessmentsStore;
type NewAssessmentModule = typeof NewAssessment;
type SessionModule = typeof Session;

const SERVER_ID = '00000000-0000-4000-8000-0000000000a1';
const COURSE = '00000000-0000-4000-8000-0000000000c0';

let fake: FakeMain;
let assessments: AssessmentsModule;
let session: SessionModule;
/** main's drafts, by id */
let drafts: Map<string, Draft>;
/** When (fake clock) each call reached main. */
let callTimes: { channel: string; at: number }[];

function makeDraft(id: string, values: Record<string, unknown>, serverId: string | null = SERVER_ID): Draft {
  return {
    id,
    resource: 'assessment',
    operation: serverId ? 'update' : 'create',
    serverId,
    parent: {},
    state: 'editing',
    title: typeof values['title'] === 'string' ? values['title'] : '',
    hasChanges: false,
    revision: 1,
    error: null,
    inDoubt: false,
    createdAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
    base: serverId ? { ...values } : null,
    baseUpdatedAt: null,
    changes: {},
    values,
    hasIdempotencyKey: !serverId,
    fieldErrors: {},
    conflict: null,
    result: null,
  };
}

function timed(channel: string): void {
  callTimes.push({ channel, at: Date.now() });
}

function saveDraft({ id, changes }: { id: string; changes: Record<string, unknown> }): Draft {
  timed('drafts.save');
  const draft = drafts.get(id);
  if (!draft) throw refuse('NOT_FOUND', 'That draft no longer exists.');
  const saved: Draft = {
    ...draft,
    changes: { ...draft.changes, ...changes },
    values: { ...draft.values, ...changes },
    hasChanges: true,
    revision: draft.revision + 1,
  };
  drafts.set(id, saved);
  return saved;
}

/** main's draft store, as far as these tests need it */
function answerDrafts(): void {
  fake.handle('drafts.edit', ({ serverId }) => {
    timed('drafts.edit');
    const draft = makeDraft('d-edit', { title: 'Final exam' }, serverId);
    drafts.set(draft.id, draft);
    return draft;
  });
  fake.handle('drafts.create', ({ fields }) => {
    timed('drafts.create');
    const draft = { ...makeDraft('d-new', fields ?? {}, null), changes: fields ?? {}, hasChanges: true };
    drafts.set(draft.id, draft);
    return draft;
  });
  fake.handle('drafts.save', saveDraft);
  fake.handle('drafts.submit', ({ id }) => {
    timed('drafts.submit');
    const draft = drafts.get(id);
    if (!draft) throw refuse('NOT_FOUND', 'That draft no longer exists.');
    const queued: Draft = { ...draft, state: 'queued' };
    drafts.set(id, queued);
    return queued;
  });
  fake.handle('drafts.get', ({ id }) => {
    const draft = drafts.get(id);
    if (!draft) throw refuse('NOT_FOUND', 'That draft no longer exists.');
    return draft;
  });
}

const channels = () => fake.calls.map((c) => c.channel);

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  drafts = new Map();
  callTimes = [];
  answerDrafts();
  assessments = await import('../assessments/store.ts');
  session = await import('./session.ts');
  // Started as the editors start them; they subscribe once the bridge has arrived.
  assessments.useAssessmentSession.start();
  (await import('../assessments/new-assessment.ts')).useNewAssessmentSession.start();
  await vi.waitFor(() => expect(fake.listenerCount('drafts.changed')).toBeGreaterThan(0));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.parse('2026-05-01T12:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('draft session: autosave', () => {
  it('opening a form leaves no draft behind; the first change makes it, 400 ms after the last keystroke', async () => {
    const s = assessments.useAssessmentSession;
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.calls).toEqual([]);

    const start = Date.now();
    s.getState().change('title', 'Final exam 2', 'Final exam 2');
    await vi.advanceTimersByTimeAsync(300);
    s.getState().change('title', 'Final exam 2026', 'Final exam 2026');
    expect(s.getState().form['title']).toBe('Final exam 2026');
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS - 1);
    expect(fake.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(callTimes).toEqual([
      { channel: 'drafts.edit', at: start + 300 + session.AUTOSAVE_DELAY_MS },
      { channel: 'drafts.save', at: start + 300 + session.AUTOSAVE_DELAY_MS },
    ]);
    expect(fake.inputsTo('drafts.edit')).toEqual([{ resource: 'assessment', serverId: SERVER_ID }]);
    expect(fake.inputsTo('drafts.save')).toEqual([{ id: 'd-edit', changes: { title: 'Final exam 2026' } }]);
    expect(s.getState()).toMatchObject({
      saving: false,
      pending: {},
      savedAt: start + 300 + session.AUTOSAVE_DELAY_MS,
      saveError: null,
      draft: { id: 'd-edit', values: { title: 'Final exam 2026' } },
    });
  });

  it('a value that cannot be saved yet is shown and marked touched, but not saved', async () => {
    const s = assessments.useAssessmentSession;
    s.getState().begin(SERVER_ID, { duration_hours: '1' }, null);
    s.getState().change('duration_hours', '1a', undefined);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.calls).toEqual([]);
    expect(s.getState().form['duration_hours']).toBe('1a');
    expect(s.getState().touched).toEqual({ duration_hours: true });
    expect(s.getState().pending).toEqual({});
  });

  it('saves one at a time: what is typed during a save goes in the next one', async () => {
    const s = assessments.useAssessmentSession;
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, makeDraft('d-edit', { title: 'Final exam' }));
    drafts.set('d-edit', makeDraft('d-edit', { title: 'Final exam' }));
    const held = deferred<void>();
    let first = true;
    fake.handle('drafts.save', async (input) => {
      if (first) {
        first = false;
        await held.promise;
      }
      return saveDraft(input);
    });

    s.getState().change('title', 'A', 'A');
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS);
    expect(s.getState().saving).toBe(true);
    s.getState().change('description', 'B', 'B');
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS * 3);
    // The first save is still under way: the second waits for it.
    expect(fake.inputsTo('drafts.save')).toEqual([{ id: 'd-edit', changes: { title: 'A' } }]);

    held.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.inputsTo('drafts.save')).toEqual([
      { id: 'd-edit', changes: { title: 'A' } },
      { id: 'd-edit', changes: { description: 'B' } },
    ]);
    expect(s.getState().draft?.values).toEqual({ title: 'A', description: 'B' });
    expect(s.getState().saving).toBe(false);
  });

  it('a failed save keeps the changes and retries them under anything typed since', async () => {
    const s = assessments.useAssessmentSession;
    const draft = makeDraft('d-edit', { title: 'Final exam' });
    drafts.set(draft.id, draft);
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, draft);
    const held = deferred<void>();
    let locked = true;
    fake.handle('drafts.save', async (input) => {
      if (!locked) return saveDraft(input);
      await held.promise;
      throw refuse('DRAFT_LOCKED', 'This draft is being sent.');
    });

    s.getState().change('title', 'One', 'One');
    s.getState().change('description', 'Old', 'Old');
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS);
    // Typed while the save is under way (its timer is reset, so nothing else is sent yet).
    s.getState().change('description', 'New', 'New');
    locked = false;
    held.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getState().pending).toEqual({ title: 'One', description: 'New' });
    expect((s.getState().saveError as Error).message).toBe('This draft is being sent.');
    expect(s.getState().saving).toBe(false);

    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS);
    expect(fake.inputsTo('drafts.save')).toEqual([
      { id: 'd-edit', changes: { title: 'One', description: 'Old' } },
      { id: 'd-edit', changes: { title: 'One', description: 'New' } },
    ]);
    expect(drafts.get('d-edit')?.values).toMatchObject({ title: 'One', description: 'New' });
    expect(s.getState().saveError).toBeNull();
    expect(s.getState().pending).toEqual({});
  });

  it('a full disk pauses saving: the changes stay in the form, are tried every 10 s (not per keystroke), then saved', async () => {
    const s = assessments.useAssessmentSession;
    const draft = makeDraft('d-edit', { title: 'Final exam' });
    drafts.set(draft.id, draft);
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, draft);
    let full = true;
    const sentence = 'The disk holding /data is full, so this edit was not saved; it is still in the form.';
    fake.handle('drafts.save', (input) => {
      if (full) throw refuse('DISK_FULL', sentence, { folder: '/data' });
      return saveDraft(input);
    });

    s.getState().change('title', 'One', 'One');
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS);
    expect((s.getState().saveError as Error).message).toBe(sentence);
    // Typing on while paused sends nothing more; the form and the held changes keep every keystroke.
    for (const text of ['One t', 'One tw', 'One two']) {
      s.getState().change('title', text, text);
      await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS * 2);
    }
    expect(fake.inputsTo('drafts.save')).toHaveLength(1);
    expect(s.getState().form['title']).toBe('One two');
    expect(s.getState().pending).toEqual({ title: 'One two' });

    // Still full at the first retry; space freed before the second, which saves the lot.
    await vi.advanceTimersByTimeAsync(session.DISK_FULL_RETRY_MS);
    expect(fake.inputsTo('drafts.save')).toHaveLength(2);
    full = false;
    await vi.advanceTimersByTimeAsync(session.DISK_FULL_RETRY_MS);
    expect(fake.inputsTo('drafts.save')).toHaveLength(3);
    expect(drafts.get('d-edit')?.values).toMatchObject({ title: 'One two' });
    expect(s.getState()).toMatchObject({ saveError: null, pending: {} });

    // Saving is back to normal: the next keystroke saves after the usual delay.
    s.getState().change('title', 'Three', 'Three');
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS);
    expect(fake.inputsTo('drafts.save')).toHaveLength(4);
  });

  it('leaving the screen saves what was typed at once instead of dropping it', async () => {
    const s = assessments.useAssessmentSession;
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, null);
    s.getState().end();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.calls).toEqual([]);

    s.getState().change('title', 'Kept', 'Kept');
    const left = Date.now();
    s.getState().end();
    await vi.advanceTimersByTimeAsync(0);
    expect(callTimes.map((c) => c.at)).toEqual([left, left]);
    expect(fake.inputsTo('drafts.save')).toEqual([{ id: 'd-edit', changes: { title: 'Kept' } }]);
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS * 2);
    expect(fake.calls).toHaveLength(2);
  });

  it('a new resource is created with the typed changes in it, without a separate save', async () => {
    const mod: NewAssessmentModule = await import('../assessments/new-assessment.ts');
    const s = mod.useNewAssessmentSession;
    s.getState().begin('new', { course_id: COURSE, title: '' }, null);
    s.getState().change('title', 'Midterm', 'Midterm');
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS);
    expect(channels()).toEqual(['drafts.create']);
    expect(fake.inputsTo('drafts.create')).toEqual([
      {
        resource: 'assessment',
        fields: { duration_hours: 1, duration_minutes: 0, course_id: COURSE, title: 'Midterm' },
      },
    ]);
    expect(s.getState().draft?.id).toBe('d-new');
    expect(s.getState().pending).toEqual({});
  });
});

describe('draft session: submit', () => {
  it('flushes the unsaved keystrokes before submitting, and no autosave follows', async () => {
    const s = assessments.useAssessmentSession;
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, null);
    s.getState().change('title', 'Last word', 'Last word');
    const submitted = s.getState().submit({ total_points: 50 });
    expect(s.getState().submitting).toBe(true);
    await submitted;

    expect(channels()).toEqual(['drafts.edit', 'drafts.save', 'drafts.submit']);
    expect(fake.inputsTo('drafts.save')).toEqual([{ id: 'd-edit', changes: { title: 'Last word', total_points: 50 } }]);
    expect(drafts.get('d-edit')?.values).toMatchObject({ title: 'Last word', total_points: 50 });
    expect(s.getState()).toMatchObject({ submitting: false, submitError: null, draft: { state: 'queued' } });
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS * 3);
    expect(fake.calls).toHaveLength(3);
  });

  it('waits for a save already under way before submitting', async () => {
    const s = assessments.useAssessmentSession;
    const draft = makeDraft('d-edit', { title: 'Final exam' });
    drafts.set(draft.id, draft);
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, draft);
    const held = deferred<void>();
    fake.handle('drafts.save', async (input) => {
      await held.promise;
      return saveDraft(input);
    });
    s.getState().change('title', 'Saving', 'Saving');
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS);
    const submitted = s.getState().submit();
    await vi.advanceTimersByTimeAsync(0);
    expect(channels()).toEqual(['drafts.save']);
    held.resolve();
    await submitted;
    expect(channels()).toEqual(['drafts.save', 'drafts.submit']);
    expect(drafts.get('d-edit')).toMatchObject({ state: 'queued', values: { title: 'Saving' } });
  });

  it('there are changes to save all through the autosave that makes the draft (Save never flickers off)', async () => {
    const s = assessments.useAssessmentSession;
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, null);
    expect(session.hasChangesToSave(s.getState())).toBe(false);
    const held = deferred<void>();
    fake.handle('drafts.edit', async ({ serverId }) => {
      await held.promise;
      const draft = makeDraft('d-edit', { title: 'Final exam' }, serverId);
      drafts.set(draft.id, draft);
      return draft;
    });
    s.getState().change('total_points', '.', '.');
    expect(session.hasChangesToSave(s.getState())).toBe(true);
    await vi.advanceTimersByTimeAsync(session.AUTOSAVE_DELAY_MS);
    // The typed change has left `pending` and no draft exists yet: still something to save.
    expect(s.getState()).toMatchObject({ pending: {}, draft: null, saving: true });
    expect(session.hasChangesToSave(s.getState())).toBe(true);
    held.resolve();
    await vi.waitFor(() => expect(s.getState().saving).toBe(false));
    expect(session.hasChangesToSave(s.getState())).toBe(true);
  });

  it('a refused submit marks the fields; typing in one clears only its mark', async () => {
    fake.handle('drafts.submit', () => {
      throw refuse('DRAFT_INVALID', 'Invalid fields.', {
        fieldErrors: [
          { field: 'title', message: 'A title is required.' },
          { field: 'total_points', message: 'Must be positive.' },
        ],
      });
    });
    const errors = await import('../../lib/errors.ts');
    const s = assessments.useAssessmentSession;
    s.getState().begin(SERVER_ID, { title: 'x' }, null);
    s.getState().change('title', '', '');
    await s.getState().submit();
    expect(s.getState().submitFieldErrors).toEqual({
      title: 'A title is required.',
      total_points: 'Must be positive.',
    });
    expect(errors.describeError(s.getState().submitError)).toBe(
      'Some fields contain invalid values. They are marked below.',
    );
    expect(s.getState().submitting).toBe(false);

    s.getState().change('title', 'Fixed', 'Fixed');
    expect(s.getState().submitFieldErrors).toEqual({ total_points: 'Must be positive.' });
  });

  it('with nothing typed and no draft, says there is nothing to save and calls nothing', async () => {
    const s = assessments.useAssessmentSession;
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, null);
    await s.getState().submit();
    expect((s.getState().submitError as Error).message).toBe('There are no changes to save.');
    expect(fake.calls).toEqual([]);
  });
});

describe('draft session: changes from elsewhere', () => {
  it('re-reads its draft when main says it changed, and lets go of it when it was discarded', async () => {
    const s = assessments.useAssessmentSession;
    const draft = makeDraft('d-edit', { title: 'Final exam' });
    drafts.set(draft.id, { ...draft, state: 'failed' });
    s.getState().begin(SERVER_ID, { title: 'Final exam' }, draft);

    fake.emit('drafts.changed', { ids: ['someone-else'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.calls).toEqual([]);

    fake.emit('drafts.changed', { ids: ['d-edit'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getState().draft?.state).toBe('failed');

    drafts.delete('d-edit');
    fake.emit('drafts.changed', { ids: ['d-edit'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getState().draft).toBeNull();
    expect(channels()).toEqual(['drafts.get', 'drafts.get']);
  });
});
