/**
 * The toast store: information fades (not while paused), warnings stay until dismissed or no
 * longer true, every toast belongs to its workspace, at most three are on screen (plain
 * information dropped first), an action can end, and an undoable action is done only once its
 * toast leaves without Undo (or before a workspace switch), never after Undo.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncStatusOf } from '../../test-support/drafts.ts';
import { installFakeMain, removeFakeMain, type FakeMain } from '../../test-support/fake-main.ts';
import type * as NoticesModule from './notices.ts';

let fake: FakeMain;
let notices: typeof NoticesModule;

const texts = () => notices.useNotices.getState().notices.map((n) => n.message);
const shownTexts = () => notices.visibleNotices(notices.useNotices.getState().notices).shown.map((n) => n.message);

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  notices = await import('./notices.ts');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('fading', () => {
  it('information fades after FADE_MS; a warning and an error stay', () => {
    notices.notify('info', 'Saved.');
    notices.notify('warning', 'Read only.');
    notices.notify('error', 'Broken.');
    vi.advanceTimersByTime(notices.FADE_MS + 1);
    expect(texts()).toEqual(['Read only.', 'Broken.']);
    vi.advanceTimersByTime(10 * 60_000);
    expect(texts()).toEqual(['Read only.', 'Broken.']);
  });

  it('the clock stops while paused and goes on with what was left (at least the grace) after', () => {
    const { setPaused } = notices.useNotices.getState();
    notices.notify('success', 'Done.');
    vi.advanceTimersByTime(notices.FADE_MS - 1000);
    setPaused(true);
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['Done.']);
    setPaused(false);
    vi.advanceTimersByTime(notices.RESUME_GRACE_MS - 1);
    expect(texts()).toEqual(['Done.']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('a notice said while paused waits too', () => {
    notices.useNotices.getState().setPaused(true);
    notices.notify('info', 'Later.');
    vi.advanceTimersByTime(notices.FADE_MS * 3);
    expect(texts()).toEqual(['Later.']);
  });
});

describe('conditions', () => {
  it('a read-only warning leaves once the status no longer lists the refusal; others stay', () => {
    const { conditionsChanged } = notices.useNotices.getState();
    notices.notify('warning', 'May view lessons only.', { condition: { kind: 'writes-refused', resource: 'lesson' } });
    notices.notify('warning', 'Offline: waiting.', { condition: { kind: 'offline' } });
    const refusal = {
      resource: 'lesson' as const,
      message: 'May view lessons only.',
      notedAt: '2026-05-01T12:00:00.000Z',
    };
    conditionsChanged(syncStatusOf({ state: 'offline', writesRefused: [refusal] }));
    expect(texts()).toHaveLength(2);
    conditionsChanged(syncStatusOf({ state: 'offline', writesRefused: [] }));
    expect(texts()).toEqual(['Offline: waiting.']);
    conditionsChanged(syncStatusOf({ state: 'online' }));
    expect(texts()).toEqual([]);
  });

  it('main’s app.notice carries its condition and workspace', async () => {
    const stop = notices.useNotices.start();
    await vi.waitFor(() => expect(fake.listenerCount('app.notice')).toBe(1));
    fake.emit('app.notice', {
      level: 'warning',
      message: 'May view sections only.',
      condition: { kind: 'writes-refused', resource: 'section' },
      workspaceId: 'w1',
    });
    expect(notices.useNotices.getState().notices[0]).toMatchObject({
      condition: { kind: 'writes-refused', resource: 'section' },
      workspace: 'w1',
    });
    fake.emit('sync.status', syncStatusOf());
    expect(texts()).toEqual([]);
    stop();
  });
});

describe('workspaces', () => {
  it('a switch takes the other workspace’s toasts away, keeping the app’s own and the new one’s', () => {
    const { setWorkspace } = notices.useNotices.getState();
    setWorkspace('a');
    notices.notify('warning', 'About a.');
    notices.notify('warning', 'About b, said while opening it.', { workspace: 'b' });
    notices.notify('warning', 'The workspace list was damaged.', { workspace: null });
    setWorkspace('b');
    expect(texts()).toEqual(['About b, said while opening it.', 'The workspace list was damaged.']);
    notices.notify('info', 'Switched to b.');
    expect(notices.useNotices.getState().notices.at(-1)?.workspace).toBe('b');
  });
});

describe('at most three', () => {
  it('plain information that does not fit is dropped; warnings and actions wait behind', () => {
    notices.notify('info', 'i1');
    notices.notify('warning', 'w1');
    notices.notify('info', 'i2', { action: { label: 'Undo', run: () => undefined } });
    notices.notify('error', 'e1');
    // i1 (plain) no longer fits: dropped, not kept behind.
    expect(texts()).toEqual(['w1', 'i2', 'e1']);
    notices.notify('warning', 'w2');
    expect(texts()).toEqual(['w1', 'i2', 'e1', 'w2']);
    expect(shownTexts()).toEqual(['w1', 'e1', 'w2']);
    notices.useNotices.getState().dismiss(notices.useNotices.getState().notices[0]!.id);
    expect(shownTexts()).toEqual(['i2', 'e1', 'w2']);
  });

  it('the same words said again replace themselves (its clock starts again)', () => {
    notices.notify('info', 'Nothing to save.');
    vi.advanceTimersByTime(notices.FADE_MS - 100);
    notices.notify('info', 'Nothing to save.');
    notices.notify('warning', 'Nothing to save.');
    expect(texts()).toEqual(['Nothing to save.', 'Nothing to save.']);
    vi.advanceTimersByTime(200);
    expect(notices.useNotices.getState().notices.map((n) => n.level)).toEqual(['info', 'warning']);
  });

  it('a newer notice with the same key replaces the older in place', () => {
    notices.notify('info', 'will be deleted', { key: 'x' });
    notices.notify('info', 'other');
    notices.notify('success', 'was kept', { key: 'x' });
    expect(texts()).toEqual(['was kept', 'other']);
  });
});

describe('actions', () => {
  it('an action with an end loses its button then, and fades at that time unless paused', () => {
    const run = vi.fn();
    notices.notify('info', 'will be deleted', { action: { label: 'Undo', run, until: Date.now() + 5000 } });
    notices.useNotices.getState().setPaused(true);
    vi.advanceTimersByTime(5001);
    expect(notices.useNotices.getState().notices[0]?.action).toBeNull();
    notices.useNotices.getState().setPaused(false);
    vi.advanceTimersByTime(notices.RESUME_GRACE_MS);
    expect(texts()).toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });

  it('Undo of a held-back action puts it back and never commits it', async () => {
    const restore = vi.fn();
    const commit = vi.fn(() => Promise.resolve());
    const id = notices.notifyUndoable({
      message: 'Discarded “A”.',
      undone: 'A was kept.',
      restore,
      commit,
      failed: () => 'no',
    });
    notices.useNotices.getState().act(id);
    expect(texts()).toEqual(['A was kept.']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(restore).toHaveBeenCalledTimes(1);
    expect(commit).not.toHaveBeenCalled();
    expect(texts()).toEqual([]);
  });

  it('commits once when its toast fades or is dismissed; a failed commit is put back and said', async () => {
    const commit = vi.fn(() => Promise.resolve());
    notices.notifyUndoable({ message: 'Deleted “A”.', undone: '', restore: vi.fn(), commit, failed: () => 'no' });
    await vi.advanceTimersByTimeAsync(notices.FADE_WITH_ACTION_MS + 1);
    expect(commit).toHaveBeenCalledTimes(1);

    const restore = vi.fn();
    const failing = vi.fn(() => Promise.reject(new Error('refused')));
    const id = notices.notifyUndoable({
      message: 'Deleted “B”.',
      undone: '',
      restore,
      commit: failing,
      failed: () => 'B stays.',
    });
    notices.useNotices.getState().dismiss(id);
    await vi.advanceTimersByTimeAsync(0);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(restore).toHaveBeenCalledTimes(1);
    expect(texts()).toEqual(['B stays.']);
  });

  it('settlePending commits everything held back before a switch; the switch then commits nothing', async () => {
    const commit = vi.fn(() => Promise.resolve());
    const { setWorkspace } = notices.useNotices.getState();
    setWorkspace('a');
    notices.notifyUndoable({ message: 'Cleared 2 uploads.', undone: '', restore: vi.fn(), commit, failed: () => 'no' });
    const late = vi.fn(() => Promise.resolve());
    await notices.settlePending();
    expect(commit).toHaveBeenCalledTimes(1);
    notices.notifyUndoable({
      message: 'Made during the switch.',
      undone: '',
      restore: vi.fn(),
      commit: late,
      failed: () => 'no',
    });
    setWorkspace('b');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(late).not.toHaveBeenCalled();
    expect(texts()).toEqual([]);
  });
});
