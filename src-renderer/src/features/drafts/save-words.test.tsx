/**
 * The save model's words (docs/save-model.md) on every editor: each kind of editor, in each state,
 * shows the same line and names its button the same way — nothing on an empty or untouched form,
 * "Saved" only once the server took the change, "Local changes" for work kept here, and offline a
 * button that says it sends when online. Main is a fake behind `window.lectern`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Draft, DraftState, ResourceKind } from '../../../../src-shared/index.ts';
import { installFakeMain, removeFakeMain } from '../../../test-support/fake-main.ts';
import { draftOf, syncStatusOf } from '../../../test-support/drafts.ts';
import type * as DraftStatusModule from './DraftStatus.tsx';
import type * as SyncModule from '../../lib/sync-status.ts';

let status: typeof DraftStatusModule;
let sync: typeof SyncModule;

beforeEach(async () => {
  vi.resetModules();
  installFakeMain();
  status = await import('./DraftStatus.tsx');
  sync = await import('../../lib/sync-status.ts');
});
afterEach(() => {
  cleanup();
  removeFakeMain();
});

interface EditorKind {
  name: string;
  resource: ResourceKind;
  operation: Draft['operation'];
  /** The button's verb online. */
  verb: string;
  /** A session editor (autosaved draft) or a form kept in memory until Save (course details). */
  form: boolean;
}

const EDITORS: EditorKind[] = [
  { name: 'new lesson', resource: 'lesson', operation: 'create', verb: 'Create lesson', form: false },
  { name: 'lesson editor', resource: 'lesson', operation: 'update', verb: 'Save', form: false },
  { name: 'new assessment', resource: 'assessment', operation: 'create', verb: 'Create assessment', form: false },
  { name: 'assessment editor', resource: 'assessment', operation: 'update', verb: 'Save', form: false },
  { name: 'new assignment', resource: 'assignment', operation: 'create', verb: 'Create assignment', form: false },
  { name: 'course details', resource: 'course', operation: 'update', verb: 'Save details', form: true },
];

interface Case {
  what: string;
  /** The stored change; null = nothing stored (an empty new form, an untouched editor). */
  state: DraftState | null;
  hasChanges?: boolean;
  typing?: boolean;
  offline?: boolean;
  kind: string;
  /** The whole line, exactly. */
  text: string;
}

const CASES: Case[] = [
  { what: 'empty or untouched', state: null, kind: 'idle', text: '' },
  { what: 'opened and left as it was', state: 'editing', hasChanges: false, kind: 'idle', text: '' },
  {
    what: 'edited (typing)',
    state: null,
    typing: true,
    kind: 'local',
    text: 'Local changes Kept on this computer; not on the server until you save.',
  },
  {
    what: 'edited and kept',
    state: 'editing',
    kind: 'local',
    text: 'Local changes Kept on this computer; not on the server until you save.',
  },
  { what: 'saved online, on its way', state: 'queued', kind: 'waiting', text: 'Waiting to send' },
  {
    what: 'saved while offline',
    state: 'queued',
    offline: true,
    kind: 'waiting',
    text: 'Waiting to send Kept on this computer; sends when the server is reachable.',
  },
  { what: 'being sent', state: 'sending', kind: 'sending', text: 'Sending…' },
  { what: 'taken by the server', state: 'sent', hasChanges: false, kind: 'saved', text: 'Saved' },
  {
    what: 'refused',
    state: 'failed',
    kind: 'not-saved',
    text: 'Not saved: The server did not take this change.',
  },
  {
    what: 'in conflict',
    state: 'conflict',
    kind: 'conflict',
    text: 'Conflict Changed on the server too. Nothing was overwritten: choose what to keep.',
  },
];

function EditorUnderTest({ editor, draft, typing }: { editor: EditorKind; draft: Draft | null; typing: boolean }) {
  const label = status.useSaveActionLabel(editor.verb);
  return (
    <>
      {editor.form ? (
        <FormLine draft={draft} typing={typing} />
      ) : (
        <status.AutosaveLine
          session={{ draft, pending: typing ? { title: 'x' } : {}, saving: false, saveError: null }}
        />
      )}
      <button type="button">{label}</button>
    </>
  );
}

function FormLine({ draft, typing }: { draft: Draft | null; typing: boolean }) {
  const state = status.useFormSaveState(draft, typing);
  return <status.SaveStatusLine state={state} savedAt={null} />;
}

describe.each(EDITORS)('the $name', (editor) => {
  it.each(CASES)('$what: $kind', (c) => {
    sync.useSync.setState({ status: syncStatusOf({ state: c.offline ? 'offline' : 'online' }) });
    const draft =
      c.state === null
        ? null
        : draftOf({
            resource: editor.resource,
            operation: editor.operation,
            state: c.state,
            hasChanges: c.hasChanges ?? true,
          });
    render(<EditorUnderTest editor={editor} draft={draft} typing={c.typing === true} />);
    const line = screen.getByTestId('autosave-status');
    expect(line.getAttribute('data-state')).toBe(c.kind);
    // "Saved" carries its time on a session editor; the words before it are the model's.
    expect((line.textContent ?? '').replace(/ · .*$/, '')).toBe(c.text);
    expect(line.textContent).not.toMatch(/draft|unsaved|saved as you go/i);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe(c.offline ? `${editor.verb} — sends when online` : editor.verb);
  });
});
