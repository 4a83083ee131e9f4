import { describe, expect, it } from 'vitest';
import {
  SAVE_STATE_DETAILS,
  SAVE_STATE_LABELS,
  SAVE_STATES,
  saveActionLabel,
  saveStateOf,
  summariseWork,
  type SaveStateInput,
} from './save-state.ts';
import type { DraftState } from './states.ts';
import { sayEnglish } from './test-support/say.ts';

const draft = (state: DraftState, hasChanges = true): SaveStateInput['draft'] => ({ state, hasChanges });

describe('saveStateOf: one state for every change (docs/save-model.md)', () => {
  it('an empty new form has nothing to say: not "Saved", not "Unsaved"', () => {
    const s = saveStateOf({ draft: null }, sayEnglish);
    expect(s).toMatchObject({ kind: 'idle', label: '', detail: null });
  });

  it('an existing form opened and left as it was has nothing to say either', () => {
    expect(saveStateOf({ draft: draft('editing', false) }, sayEnglish).kind).toBe('idle');
    expect(saveStateOf({ draft: draft('editing', false), connection: 'offline' }, sayEnglish).kind).toBe('idle');
  });

  it('"Saved" only when the server took the change', () => {
    expect(saveStateOf({ draft: draft('sent', false) }, sayEnglish)).toMatchObject({ kind: 'saved', label: 'Saved' });
    expect(saveStateOf({ draft: draft('editing', false) }, sayEnglish).label).not.toBe('Saved');
    expect(saveStateOf({ draft: null }, sayEnglish).label).not.toBe('Saved');
  });

  it('typing, or a change kept here and not yet sent, is "Local changes", never "Draft" nor "Unsaved"', () => {
    const typed = saveStateOf({ draft: null, typing: true }, sayEnglish);
    const kept = saveStateOf({ draft: draft('editing') }, sayEnglish);
    expect(typed.kind).toBe('local');
    expect(kept).toMatchObject({ kind: 'local', label: 'Local changes' });
    expect(`${kept.label} ${kept.detail}`).not.toMatch(/draft|unsaved/i);
    // A sent change edited again is local, not "Saved" with a local note under it.
    expect(saveStateOf({ draft: draft('sent', false), typing: true }, sayEnglish).kind).toBe('local');
  });

  it('a queued change is waiting to send, and says why it waits while offline', () => {
    expect(saveStateOf({ draft: draft('queued'), connection: 'online' }, sayEnglish)).toMatchObject({
      kind: 'waiting',
      detail: null,
    });
    const offline = saveStateOf({ draft: draft('queued'), connection: 'unreachable' }, sayEnglish);
    expect(offline.kind).toBe('waiting');
    expect(offline.detail).toMatch(/sends when the server is reachable/);
  });

  it('typing into a waiting change shows it as local until it joins the waiting change', () => {
    const s = saveStateOf({ draft: draft('queued'), typing: true, connection: 'offline' }, sayEnglish);
    expect(s.kind).toBe('local');
    expect(s.detail).toMatch(/join the change waiting to send/);
  });

  it('sending, conflict and refusals each have their own state', () => {
    expect(saveStateOf({ draft: draft('sending') }, sayEnglish).kind).toBe('sending');
    expect(saveStateOf({ draft: draft('conflict') }, sayEnglish).kind).toBe('conflict');
    expect(
      saveStateOf({ draft: draft('failed'), refusal: 'This key may not change lessons.' }, sayEnglish),
    ).toMatchObject({
      kind: 'not-saved',
      detail: 'This key may not change lessons.',
      tone: 'danger',
    });
    expect(saveStateOf({ draft: draft('deleted-on-server') }, sayEnglish).kind).toBe('not-saved');
  });

  it('a change that could not even be kept on this computer is not saved, whatever the stored state', () => {
    const s = saveStateOf({ draft: draft('sent', false), typing: true, localError: 'The disk is full.' }, sayEnglish);
    expect(s).toMatchObject({ kind: 'not-saved', detail: 'The disk is full.' });
  });

  it('every state has its words, and only "idle" says nothing; none says "Draft" or "Unsaved"', () => {
    for (const kind of SAVE_STATES) {
      const label = kind === 'idle' ? '' : sayEnglish(SAVE_STATE_LABELS[kind]);
      expect(label === '').toBe(kind === 'idle');
      expect(label).not.toMatch(/draft|unsaved/i);
    }
    for (const detail of Object.values(SAVE_STATE_DETAILS)) expect(sayEnglish(detail)).not.toMatch(/draft|unsaved/i);
  });
});

describe('saveActionLabel', () => {
  it('says what pressing it does', () => {
    expect(saveActionLabel('online', sayEnglish)).toBe('Save');
    expect(saveActionLabel(null, sayEnglish)).toBe('Save');
    expect(saveActionLabel('offline', sayEnglish)).toBe('Save — sends when online');
    expect(saveActionLabel('unreachable', sayEnglish)).toBe('Save — sends when online');
    expect(saveActionLabel('key-unavailable', sayEnglish)).toBe('Save — sends when online');
  });

  it("keeps the editor's own verb", () => {
    expect(saveActionLabel('online', sayEnglish, 'Create lesson')).toBe('Create lesson');
    expect(saveActionLabel('offline', sayEnglish, 'Save details')).toBe('Save details — sends when online');
  });
});

describe('summariseWork: the status bar line', () => {
  it('says nothing waits only when nothing waits, was refused or conflicts', () => {
    expect(summariseWork({ waiting: 0, sending: 0, refused: 0, conflicts: 0 }, sayEnglish).text).toBe(
      'Nothing waiting to send',
    );
  });

  it('an open conflict is never summarised as nothing waiting', () => {
    const s = summariseWork({ waiting: 0, sending: 0, refused: 0, conflicts: 1 }, sayEnglish);
    expect(s).toEqual({ text: '1 conflict', tone: 'warning' });
  });

  it('puts the most urgent first', () => {
    expect(summariseWork({ waiting: 2, sending: 1, refused: 1, conflicts: 2 }, sayEnglish)).toEqual({
      text: '2 conflicts · 1 refused · 1 sending · 2 waiting to send',
      tone: 'danger',
    });
  });
});

describe('summariseWork: refused changes are never counted as waiting', () => {
  it('a refused change alone is "1 refused", not waiting to send', () => {
    const s = summariseWork({ waiting: 0, sending: 0, refused: 1, conflicts: 0 }, sayEnglish);
    expect(s).toEqual({ text: '1 refused', tone: 'danger' });
    expect(s.text).not.toMatch(/waiting|not saved/);
  });
});
