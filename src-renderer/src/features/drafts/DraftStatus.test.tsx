/**
 * The one save state on screen: the editor's status line reads saveStateOf (never "Draft", never a
 * saved line under a refusal), and the status bar summarises every change — an open conflict is
 * never "Nothing waiting to send" — and says once what the key may not change. Main is a fake
 * behind `window.lectern`; the stores, the bridge and the components are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { Draft } from '../../../../src-shared/index.ts';
import { installFakeMain, removeFakeMain, settle, type FakeMain } from '../../../test-support/fake-main.ts';
import { draftOf, syncStatusOf } from '../../../test-support/drafts.ts';
import type * as DraftStatusModule from './DraftStatus.tsx';
import type * as StatusBarModule from '../../app/StatusBar.tsx';
import type * as SyncModule from '../../lib/sync-status.ts';

let fake: FakeMain;
let status: typeof DraftStatusModule;
let bar: typeof StatusBarModule;
let sync: typeof SyncModule;

const AT = '2026-05-01T12:00:00.000Z';

const session = (d: Draft | null, pending: Record<string, unknown> = {}) => ({
  draft: d,
  pending,
  saving: false,
  saveError: null,
});

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  fake.handle('app.info', () => ({
    name: 'Lectern',
    version: '0.0.0',
    transport: 'bridge',
    platform: 'linux',
    versions: { node: '24', electron: null, chrome: null },
  }));
  status = await import('./DraftStatus.tsx');
  bar = await import('../../app/StatusBar.tsx');
  sync = await import('../../lib/sync-status.ts');
});
afterEach(() => {
  cleanup();
  removeFakeMain();
});

describe('the editor status line', () => {
  it('kept but not sent is "Local changes", never "Draft" nor "Unsaved"', () => {
    render(<status.AutosaveLine session={session(draftOf({}))} />);
    const line = screen.getByTestId('autosave-status');
    expect(line.getAttribute('data-state')).toBe('local');
    expect(line.textContent).toContain('Local changes');
    expect(line.textContent).not.toMatch(/draft|unsaved/i);
  });

  it('offline, a waiting change says it sends when the server is reachable, and Save says so too', () => {
    sync.useSync.setState({ status: syncStatusOf({ state: 'unreachable' }) });
    function Editor() {
      return (
        <>
          <status.AutosaveLine session={session(draftOf({ state: 'queued' }))} />
          <button type="button">{status.useSaveActionLabel()}</button>
        </>
      );
    }
    render(<Editor />);
    expect(screen.getByTestId('autosave-status').getAttribute('data-state')).toBe('waiting');
    expect(screen.getByTestId('autosave-status').textContent).toContain('sends when the server is reachable');
    expect(screen.getByRole('button', { name: 'Save — sends when online' }).hasAttribute('disabled')).toBe(false);
  });

  it('a refused write says the key may not change it, once, with no saved line beside it', () => {
    const refused = draftOf({
      state: 'failed',
      error: {
        code: 'WRITE_REFUSED',
        kind: 'Forbidden',
        status: 403,
        message: 'This workspace’s key may view lessons but not change them.',
        fieldErrors: [],
      },
    });
    render(
      <>
        <status.AutosaveLine session={session(refused)} />
        <status.DraftBanner draft={refused} onRetry={() => undefined} />
      </>,
    );
    const line = screen.getByTestId('autosave-status');
    expect(line.getAttribute('data-state')).toBe('not-saved');
    expect(line.textContent).toContain('Not saved: This workspace’s key may view lessons but not change them.');
    expect(document.body.textContent).not.toMatch(/allowed to open|Saved to the server/);
    // No "Try again" for a key that may not change it: that needs another key.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a waiting change is never locked for editing; only a write that may have landed is', () => {
    expect(status.isLocked(draftOf({ state: 'queued' }))).toBe(false);
    expect(status.isLocked(draftOf({ state: 'sending', inDoubt: true }))).toBe(false);
    expect(status.isLocked(draftOf({ state: 'queued', inDoubt: true }))).toBe(true);
  });
});

describe('the status bar', () => {
  it('an open conflict is not "Nothing waiting to send"', async () => {
    sync.useSync.setState({ status: syncStatusOf({}, { conflicts: 1 }) });
    render(<bar.StatusBar />);
    await settle();
    expect(screen.getByTestId('outbox-count').textContent).toContain('1 conflict');
    expect(screen.getByTestId('outbox-count').textContent).not.toContain('Nothing waiting to send');
  });

  it('counts a refused change as refused, never as waiting or "not saved"', async () => {
    sync.useSync.setState({ status: syncStatusOf({}, { failed: 1, count: 1 }) });
    render(<bar.StatusBar />);
    await settle();
    expect(screen.getByTestId('outbox-count').textContent).toBe('1 refused');
  });
});

describe('the workspace read-only banner', () => {
  it('says once which kinds the key was refused, that others may be, and Check again forgets it', async () => {
    const { WriteRefusalNotice } = await import('./WriteRefusalNotice.tsx');
    const refused = [
      { resource: 'lesson' as const, message: 'This workspace’s key may view lessons.', notedAt: AT },
      { resource: 'section' as const, message: 'This workspace’s key may view sections.', notedAt: AT },
    ];
    sync.useSync.setState({ status: syncStatusOf({ writesRefused: refused }, { failed: 2, count: 2 }) });
    fake.handle('sync.recheckWrites', () => syncStatusOf());
    render(
      <>
        <WriteRefusalNotice />
        <bar.StatusBar />
      </>,
    );
    await settle();
    const banner = screen.getByTestId('workspace-read-only');
    expect(screen.getAllByTestId('workspace-read-only')).toHaveLength(1);
    expect(banner.textContent).toContain('refused changes to lessons and sections');
    expect(banner.textContent).toContain('other changes may be refused too');
    expect(screen.getByRole('link', { name: 'Refused changes (2)' })).toBeTruthy();
    // The status bar does not say it a second time.
    expect(screen.queryByTestId('status-read-only')).toBeNull();
    screen.getByRole('button', { name: 'Check again' }).click();
    await settle();
    expect(screen.queryByTestId('workspace-read-only')).toBeNull();
  });

  it('beside another kind’s save: it may be refused too; nothing for a refused kind or when none was', async () => {
    const { MayBeRefusedHint, kindsInWords } = await import('./WriteRefusalNotice.tsx');
    const refusal = { resource: 'lesson' as const, message: 'This workspace’s key may view lessons.', notedAt: AT };
    render(
      <>
        <MayBeRefusedHint resource="assessment" />
        <MayBeRefusedHint resource="lesson" />
      </>,
    );
    expect(screen.queryByTestId('may-be-refused')).toBeNull();
    act(() => sync.useSync.setState({ status: syncStatusOf({ writesRefused: [refusal] }) }));
    expect(screen.getAllByTestId('may-be-refused')).toHaveLength(1);
    expect(screen.getByTestId('may-be-refused').textContent).toContain('may be refused too');
    expect(kindsInWords(['lesson', 'section', 'assignment'])).toBe('lessons, sections and assignments');
  });
});
