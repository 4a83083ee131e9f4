/**
 * The header every "new …" editor shares: Discard starts the editor afresh at once, holds main's
 * discard back behind its toast, and Undo opens the draft again (main never discards it). The
 * bridge is a fake main; the header, the notices store and the discard are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { draftOf } from '../../../test-support/drafts.ts';
import { installFakeMain, removeFakeMain, settle, type FakeMain } from '../../../test-support/fake-main.ts';
import { useNotices } from '../../lib/notices.ts';
import { NewDraftHeader } from './NewDraftHeader.tsx';

const DRAFT = draftOf({ id: '00000000-0000-4000-8000-0000000000f1', operation: 'create', title: '' });

describe('NewDraftHeader', () => {
  let fake: FakeMain;
  beforeEach(() => {
    fake = installFakeMain();
    fake.handle('drafts.list', () => []);
    fake.handle('outbox.list', () => []);
  });
  afterEach(() => {
    cleanup();
    removeFakeMain();
  });

  const header = (props: { canDiscard: boolean; reopen?: (id: string) => void; restart?: () => void }) =>
    render(
      <NewDraftHeader
        title="New assignment"
        eyebrow={<a href="#/assignments">Assignments</a>}
        session={{ draft: DRAFT, saving: false, saveError: null, pending: {} }}
        canDiscard={props.canDiscard}
        discardLabel="Discard"
        untitled="The new assignment"
        reopen={props.reopen ?? (() => undefined)}
        restart={props.restart ?? (() => undefined)}
      />,
    );

  it('Discard starts afresh; Undo opens the draft again and main never discards it', async () => {
    const reopen = vi.fn();
    const restart = vi.fn();
    header({ canDiscard: true, reopen, restart });
    expect(screen.getByRole('heading', { name: 'New assignment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(restart).toHaveBeenCalledTimes(1);
    const toast = useNotices.getState().notices.find((n) => n.action?.label === 'Undo');
    expect(toast?.message).toContain('The new assignment');
    toast!.action!.run();
    await settle();
    expect(reopen).toHaveBeenCalledWith(DRAFT.id);
    expect(fake.inputsTo('drafts.discard')).toEqual([]);
  });

  it('offers no Discard while the draft is on its way', () => {
    header({ canDiscard: false });
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });
});
