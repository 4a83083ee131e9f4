/**
 * Refused work is resolvable: on Changes & sync a change the server refused is listed
 * once, in its own list with Try again and Discard, never under "Waiting to send" nor again among
 * the local changes; Try again sends it again, Discard lets it go. Main is a fake behind
 * `window.lectern`; the store, the bridge and the screen are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DraftSummary, OutboxItem } from '../../../../src-shared/index.ts';
import { draftOf, FIXTURE_AT } from '../../../test-support/drafts.ts';
import { installFakeMain, refuse, removeFakeMain, settle, type FakeMain } from '../../../test-support/fake-main.ts';
import { workLists } from './work-lists.ts';
import type * as DraftsScreenModule from './DraftsScreen.tsx';

const REFUSED = '00000000-0000-4000-8000-0000000000e1';
const QUEUED = '00000000-0000-4000-8000-0000000000e2';
const EDITING = '00000000-0000-4000-8000-0000000000e3';
const GONE = '00000000-0000-4000-8000-0000000000e4';
const SENT = '00000000-0000-4000-8000-0000000000e5';

const FORBIDDEN = {
  code: 'WRITE_REFUSED',
  kind: 'Forbidden',
  status: 403,
  message: 'This workspace’s key may view lessons but not change them.',
  fieldErrors: [],
};

function summary(id: string, state: DraftSummary['state'], title: string, patch: Partial<DraftSummary> = {}) {
  const {
    base: _b,
    baseUpdatedAt: _u,
    changes: _c,
    values: _v,
    hasIdempotencyKey: _k,
    ...rest
  } = draftOf({
    id,
    state,
    title,
    ...patch,
  });
  const { fieldErrors: _f, conflict: _x, result: _r, ...plain } = rest;
  return plain;
}

function item(seq: number, draftId: string, state: OutboxItem['state'], title: string): OutboxItem {
  return {
    seq,
    draftId,
    resource: 'lesson',
    operation: 'update',
    title,
    state,
    attempts: 1,
    nextAttemptAt: null,
    lastError: state === 'failed' ? FORBIDDEN : null,
    inDoubt: false,
    createdAt: FIXTURE_AT,
    updatedAt: FIXTURE_AT,
  };
}

const DRAFTS: DraftSummary[] = [
  summary(REFUSED, 'failed', 'Refused lesson title', { error: FORBIDDEN }),
  summary(QUEUED, 'queued', 'Waiting lesson title'),
  summary(EDITING, 'editing', 'Local lesson title'),
  summary(GONE, 'deleted-on-server', 'Deleted lesson title'),
  summary(SENT, 'sent', 'Sent lesson title', { hasChanges: false }),
];
const OUTBOX: OutboxItem[] = [
  item(1, REFUSED, 'failed', 'Refused lesson title'),
  item(2, QUEUED, 'queued', 'Waiting lesson title'),
];

describe('workLists: each change in one list', () => {
  it('refused (failed, deleted on the server), waiting (queued, sending) and local (editing, conflict)', () => {
    const lists = workLists(DRAFTS, OUTBOX);
    expect(lists.refused.map((r) => r.draftId)).toEqual([REFUSED, GONE]);
    expect(lists.waiting.map((w) => w.draftId)).toEqual([QUEUED]);
    expect(lists.local.map((d) => d.id)).toEqual([EDITING]);
    expect(lists.sent).toBe(1);
  });

  it('a failed outbox row whose draft was not read as failed is still one refused change, not waiting', () => {
    const lists = workLists([], [item(3, REFUSED, 'failed', 'Refused lesson title')]);
    expect(lists.refused).toHaveLength(1);
    expect(lists.refused[0]).toMatchObject({ draftId: REFUSED, state: 'failed', draft: null });
    expect(lists.waiting).toEqual([]);
  });
});

describe('Changes & sync', () => {
  let fake: FakeMain;
  let screens: typeof DraftsScreenModule;

  beforeEach(async () => {
    vi.resetModules();
    fake = installFakeMain();
    fake.handle('drafts.list', () => DRAFTS);
    fake.handle('outbox.list', () => OUTBOX);
    screens = await import('./DraftsScreen.tsx');
  });
  afterEach(() => {
    cleanup();
    removeFakeMain();
  });

  it('lists a refused change once, in its own list with Try again and Discard, and not as waiting', async () => {
    fake.handle('drafts.retry', () => draftOf({ id: REFUSED, state: 'queued' }));
    fake.handle('drafts.discard', () => ({ ok: true as const }));
    fake.handle('drafts.get', () => draftOf({ id: REFUSED }));
    render(<screens.DraftsScreen />);
    const refused = await screen.findByTestId('refused-panel');
    expect(within(refused).getByRole('heading', { name: 'Refused by the server' })).toBeTruthy();
    expect(within(refused).getAllByTestId('refused-row')).toHaveLength(2);
    expect(screen.getAllByText('Refused lesson title')).toHaveLength(1);
    expect(within(screen.getByTestId('outbox-table')).queryByText('Refused lesson title')).toBeNull();
    expect(within(screen.getByTestId('outbox-table')).getAllByTestId('outbox-row')).toHaveLength(1);
    expect(within(screen.getByTestId('drafts-table')).getAllByTestId('draft-row')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Local changes' })).toBeTruthy();

    const row = within(refused).getAllByTestId('refused-row')[0]!;
    expect(row.textContent).toContain('may view lessons but not change them');
    // A change whose resource is gone cannot be tried again, only let go.
    const gone = within(refused).getAllByTestId('refused-row')[1]!;
    expect(within(gone).queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(within(gone).getByRole('button', { name: 'Discard Deleted lesson title' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Try again: Refused lesson title' }));
    await settle();
    expect(fake.inputsTo('drafts.retry')).toEqual([{ id: REFUSED }]);

    fireEvent.click(within(row).getByRole('button', { name: 'Discard Refused lesson title' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await settle();
    // Held back behind its toast's Undo: sent once the toast leaves.
    expect(fake.inputsTo('drafts.discard')).toEqual([]);
    const notices = await import('../../lib/notices.ts');
    await notices.settlePending();
    await settle();
    expect(fake.inputsTo('drafts.discard')).toEqual([{ id: REFUSED }]);
  });

  it('Discard right after Try again: the change goes once that send has ended (a send is not an edit)', async () => {
    // Main as it is: a send moves the draft's time but not its revision, and a draft being sent
    // this very moment is not discarded.
    let sending = false;
    let updatedAt = FIXTURE_AT;
    fake.handle('drafts.retry', () => draftOf({ id: REFUSED, state: 'queued' }));
    fake.handle('drafts.get', () => draftOf({ id: REFUSED, state: sending ? 'sending' : 'failed', updatedAt }));
    fake.handle('drafts.discard', () => {
      if (sending) throw refuse('DRAFT_LOCKED', 'This draft is being sent right now.', { state: 'sending' });
      return { ok: true as const };
    });
    render(<screens.DraftsScreen />);
    const row = within(await screen.findByTestId('refused-panel')).getAllByTestId('refused-row')[0]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Try again: Refused lesson title' }));
    await settle();
    fireEvent.click(within(row).getByRole('button', { name: 'Discard Refused lesson title' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await settle();
    // The outbox takes it up now.
    sending = true;
    updatedAt = '2026-05-01T12:00:01.000Z';

    const notices = await import('../../lib/notices.ts');
    const settling = notices.settlePending();
    await settle();
    expect(fake.inputsTo('drafts.discard')).toEqual([{ id: REFUSED }]);
    // Refused again: the send ends, and the discard goes through.
    sending = false;
    updatedAt = '2026-05-01T12:00:02.000Z';
    fake.emit('drafts.changed', { ids: [REFUSED] });
    await settling;
    expect(fake.inputsTo('drafts.discard')).toEqual([{ id: REFUSED }, { id: REFUSED }]);
    const said = notices.useNotices.getState().notices.map((n) => n.message);
    expect(said.filter((m) => /changed again|could not be discarded/.test(m))).toEqual([]);
  });
});
