/**
 * The drafts store: the Draft screen's draft is read by the store (not the component), re-read
 * when main says that draft changed, and a failed read says why; the Changes & sync list loads when
 * started and re-reads once after a burst of changes. Main is a fake behind `window.lectern`; the
 * stores, the bridge and the screen are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Draft, DraftSummary } from '../../../../src-shared/index.ts';
import { draftOf } from '../../../test-support/drafts.ts';
import { installFakeMain, refuse, removeFakeMain, type FakeMain } from '../../../test-support/fake-main.ts';
import type * as DraftsStore from './store.ts';
import type * as DraftScreenModule from './DraftScreen.tsx';

let fake: FakeMain;
let store: typeof DraftsStore;
let screens: typeof DraftScreenModule;

const DRAFT = '00000000-0000-4000-8000-0000000000d1';
const OTHER = '00000000-0000-4000-8000-0000000000d2';
const SERVER_ID = '00000000-0000-4000-8000-0000000000a1';

function draft(title: string): Draft {
  return draftOf({
    id: DRAFT,
    resource: 'assessment',
    serverId: SERVER_ID,
    title,
    base: { title: 'Final exam' },
    changes: { title },
    values: { title },
  });
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  store = await import('./store.ts');
  screens = await import('./DraftScreen.tsx');
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('draft screen', () => {
  it('shows the draft the store read, re-reads it when main says it changed, and stops listening when closed', async () => {
    let current = draft('Final exam, part 1');
    fake.handle('drafts.get', () => current);
    const view = render(<screens.DraftScreen draftId={DRAFT} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Final exam, part 1' })).toBeTruthy();
    expect(fake.inputsTo('drafts.get')).toEqual([{ id: DRAFT }]);
    await vi.waitFor(() => expect(fake.listenerCount('drafts.changed')).toBe(1));

    current = draft('Final exam, part 2');
    fake.emit('drafts.changed', { ids: [OTHER] });
    fake.emit('drafts.changed', { ids: [DRAFT] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Final exam, part 2' })).toBeTruthy();
    // Only the change to this draft was read.
    expect(fake.inputsTo('drafts.get')).toHaveLength(2);

    view.unmount();
    expect(fake.listenerCount('drafts.changed')).toBe(0);
  });

  it('a draft that cannot be read says why, and Try again reads it again', async () => {
    let answer = (): Draft => {
      throw refuse('DRAFT_NOT_FOUND', 'That draft no longer exists.');
    };
    fake.handle('drafts.get', () => answer());
    render(<screens.DraftScreen draftId={DRAFT} />);
    expect(await screen.findByText('That draft no longer exists.')).toBeTruthy();

    answer = () => draft('Final exam, part 1');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Final exam, part 1' })).toBeTruthy();
  });
});

describe('drafts list', () => {
  it('loads drafts and outbox when started, and re-reads once after a burst of changes', async () => {
    fake.handle('drafts.list', () => [summary(draft('Final exam'))]);
    fake.handle('outbox.list', () => []);
    const drafts = store.useDrafts;
    expect(drafts.getState().status).toBe('idle');

    const stop = drafts.start();
    await vi.waitFor(() => expect(drafts.getState().status).toBe('ready'));
    expect(drafts.getState().drafts.map((d) => d.id)).toEqual([DRAFT]);
    await vi.waitFor(() => expect(fake.listenerCount('outbox.changed')).toBe(1));

    fake.emit('drafts.changed', { ids: [DRAFT] });
    fake.emit('outbox.changed', { count: 1 });
    fake.emit('drafts.changed', { ids: [DRAFT] });
    await vi.waitFor(() => expect(fake.inputsTo('outbox.list')).toHaveLength(2));
    expect(fake.inputsTo('drafts.list')).toHaveLength(2);

    stop();
    expect(fake.listenerCount('drafts.changed')).toBe(0);
    expect(fake.listenerCount('outbox.changed')).toBe(0);
  });
});

/** The list's row for a draft: what `drafts.list` carries of it. */
function summary(full: Draft): DraftSummary {
  const { id, resource, operation, serverId, parent, state, title, hasChanges, revision, error, inDoubt } = full;
  return {
    id,
    resource,
    operation,
    serverId,
    parent,
    state,
    title,
    hasChanges,
    revision,
    error,
    inDoubt,
    createdAt: full.createdAt,
    updatedAt: full.updatedAt,
  };
}
