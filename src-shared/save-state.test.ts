import { describe, expect, it } from 'vitest';
import { saveActionLabel, saveStateOf, summariseWork, type SaveStateInput } from './save-state.ts';
import type { DraftState } from './states.ts';

const draft = (state: DraftState, hasChanges = true): SaveStateInput['draft'] => ({ state, hasChanges });

describe('saveStateOf: one state for every change', () => {
  it('nothing stored and nothing typed is saved', () => {
    expect(saveStateOf({ draft: null }).kind).toBe('saved');
  });

  it('a sent change, or one opened and left as it was, is saved', () => {
    expect(saveStateOf({ draft: draft('sent', false) })).toMatchObject({ kind: 'saved', label: 'Saved' });
    expect(saveStateOf({ draft: draft('editing', false) }).kind).toBe('saved');
  });

  it('typing, or a change kept here and not yet sent, is "Unsaved changes", never "Draft"', () => {
    const typed = saveStateOf({ draft: null, typing: true });
    const kept = saveStateOf({ draft: draft('editing') });
    expect(typed.kind).toBe('unsaved');
    expect(kept).toMatchObject({ kind: 'unsaved', label: 'Unsaved changes' });
    expect(`${kept.label} ${kept.detail}`).not.toMatch(/draft/i);
    // A sent change edited again is unsaved, not "saved to the server" with a local note under it.
    expect(saveStateOf({ draft: draft('sent', false), typing: true }).kind).toBe('unsaved');
  });

  it('a queued change is waiting to send, and says why it waits while offline', () => {
    expect(saveStateOf({ draft: draft('queued'), connection: 'online' })).toMatchObject({
      kind: 'waiting',
      detail: null,
    });
    const offline = saveStateOf({ draft: draft('queued'), connection: 'unreachable' });
    expect(offline.kind).toBe('waiting');
    expect(offline.detail).toMatch(/sends when the server is reachable/);
  });

  it('typing into a waiting change shows it as unsaved until it joins the waiting change', () => {
    expect(saveStateOf({ draft: draft('queued'), typing: true, connection: 'offline' }).kind).toBe('unsaved');
  });

  it('sending, conflict and refusals each have their own state', () => {
    expect(saveStateOf({ draft: draft('sending') }).kind).toBe('sending');
    expect(saveStateOf({ draft: draft('conflict') }).kind).toBe('conflict');
    expect(saveStateOf({ draft: draft('failed'), refusal: 'This key may not change lessons.' })).toMatchObject({
      kind: 'not-saved',
      detail: 'This key may not change lessons.',
      tone: 'danger',
    });
    expect(saveStateOf({ draft: draft('deleted-on-server') }).kind).toBe('not-saved');
  });

  it('a change that could not even be kept on this computer is not saved, whatever the stored state', () => {
    const s = saveStateOf({ draft: draft('sent', false), typing: true, localError: 'The disk is full.' });
    expect(s).toMatchObject({ kind: 'not-saved', detail: 'The disk is full.' });
  });
});

describe('saveActionLabel', () => {
  it('says what pressing it does', () => {
    expect(saveActionLabel('online')).toBe('Save');
    expect(saveActionLabel('offline')).toBe('Save — sends when online');
    expect(saveActionLabel('unreachable')).toBe('Save — sends when online');
  });
});

describe('summariseWork: the status bar line', () => {
  it('says nothing waits only when nothing waits, fails or conflicts', () => {
    expect(summariseWork({ waiting: 0, sending: 0, failed: 0, conflicts: 0 }).text).toBe('Nothing waiting to send');
  });

  it('an open conflict is never summarised as nothing waiting', () => {
    const s = summariseWork({ waiting: 0, sending: 0, failed: 0, conflicts: 1 });
    expect(s).toEqual({ text: '1 conflict', tone: 'warning' });
  });

  it('puts the most urgent first', () => {
    expect(summariseWork({ waiting: 2, sending: 1, failed: 1, conflicts: 2 })).toEqual({
      text: '2 conflicts · 1 not saved · 1 sending · 2 waiting to send',
      tone: 'danger',
    });
  });
});
