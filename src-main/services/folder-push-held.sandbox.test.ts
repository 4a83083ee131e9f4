// Tests (plain Node): the workspace's current folder push as main holds it, for a window that
// reloads — the real session (API client, upload engine, journal) against the sandbox over real
// HTTP. While the server is away the push waits and is held as running with its log; once the
// server is back it is held as finished with its end until dismissed; a new plan lets a finished
// result go; a cancelled plan can no longer be started. What the window gets names no path.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FOLDER_PUSH_KEPT_LINES, type EventName } from '../../src-shared/index.ts';
import { courseAt, writeFolder } from '../course-push/test-support/index.ts';
import { toFolderPushCurrent } from '../ipc-views/index.ts';
import { createLogger } from '../platform/index.ts';
import { suiteTempDir, useTestSandbox } from '../test-support/index.ts';
import { openProfileSession } from './profile-session.ts';

const temp = suiteTempDir('lectern-held-push-');
const FOLDER = { handle: 'folder-handle-1', name: 'Yard course' };

describe('the current folder push, held in main', () => {
  const sandbox = useTestSandbox({ seed: 'demo', restartable: true });

  it('is held running with its log while it waits, then finished until dismissed', { timeout: 120_000 }, async () => {
    const root = join(temp.path, 'Yard course');
    await writeFolder(root, {
      '1 - Yard rules/01 - Welcome.md': '# Welcome\nWalk.',
      '1 - Yard rules/02 - Speed.md': 'Slowly.',
      '2 - Bay/01 - Signals.md': 'Stop.',
      '2 - Bay/02 - Ramps.md': 'Chock the wheels.',
      '3 - End/01 - Quiz.md': 'Ask.',
    });
    const events: { event: EventName; payload: unknown }[] = [];
    const session = openProfileSession({
      dataDir: join(temp.path, 'ws'),
      connection: {
        profileId: 'ws',
        baseUrl: sandbox.baseUrl,
        keyMode: 'tenant',
        apiKey: async () => ({ key: sandbox.keys.tenantAdmin, origin: new URL(sandbox.baseUrl).origin }),
      },
      events: { emit: (event, payload) => void events.push({ event, payload }), subscribe: () => () => undefined },
      log: createLogger(null),
    });
    const push = session.folderPush;
    try {
      const courseId = await courseAt(sandbox.client(), 0);
      expect(push.current()).toBeNull();

      // A cancelled plan is let go: it cannot be started, and nothing is held.
      const cancelled = await push.plan({ courseId, dir: root, folder: FOLDER });
      push.discard(cancelled.planId);
      expect(() => push.start(cancelled.planId, { confirmDelete: false })).toThrow(/no longer kept/);
      expect(push.current()).toBeNull();

      const planned = await push.plan({ courseId, dir: root, folder: FOLDER });
      await sandbox.stop();
      push.start(planned.planId, { confirmDelete: false });
      expect(push.current()).toMatchObject({ step: 'pushing', folder: FOLDER, end: null });

      // The server is away: the push waits, held as running with what it said.
      await vi.waitFor(() => expect(push.current()?.progress.join('\n')).toMatch(/Waiting for the server/), {
        timeout: 60_000,
        interval: 50,
      });
      const running = toFolderPushCurrent(push.current());
      expect(running).toMatchObject({
        step: 'pushing',
        folder: FOLDER,
        plan: { planId: planned.planId, folderName: 'Yard course' },
      });
      expect(JSON.stringify(running)).not.toContain(temp.path);
      // A running push is not dismissed.
      push.dismiss(planned.planId);
      expect(push.current()?.step).toBe('pushing');

      await sandbox.restart();
      await vi.waitFor(() => expect(push.current()?.step).toBe('finished'), { timeout: 60_000, interval: 50 });
      const held = push.current()!;
      expect(held.end).toMatchObject({ planId: planned.planId, status: 'done' });
      expect(held.end?.message).toMatch(/3 sections created, 5 lessons created/);
      // Held before the window is told: the finished event carries the same end.
      const told = events.find((e) => e.event === 'folderPush.finished')?.payload;
      expect(told).toMatchObject({ planId: planned.planId, status: 'done', message: held.end?.message });
      // The log keeps the latest lines only, the last ones said.
      const said = events
        .filter((e) => e.event === 'folderPush.progress')
        .map((e) => (e.payload as { message: string }).message);
      expect(said.length).toBeGreaterThan(FOLDER_PUSH_KEPT_LINES);
      expect(held.progress).toEqual(said.slice(-FOLDER_PUSH_KEPT_LINES));
      expect(toFolderPushCurrent(held)).toMatchObject({
        step: 'finished',
        end: { status: 'done', outcome: { sectionsCreated: 3 } },
      });

      // Dismissing another push's id changes nothing; its own id forgets it.
      push.dismiss('another-plan');
      expect(push.current()?.step).toBe('finished');
      push.dismiss(planned.planId);
      expect(push.current()).toBeNull();
    } finally {
      await session.close();
    }
  });

  it('lets a finished result go when a new plan is made, as the window does', { timeout: 120_000 }, async () => {
    const root = join(temp.path, 'One lesson');
    await writeFolder(root, { '1 - Only/01 - Note.md': 'Note.' });
    const session = openProfileSession({
      dataDir: join(temp.path, 'ws-2'),
      connection: {
        profileId: 'ws-2',
        baseUrl: sandbox.baseUrl,
        keyMode: 'tenant',
        apiKey: async () => ({ key: sandbox.keys.tenantAdmin, origin: new URL(sandbox.baseUrl).origin }),
      },
      events: { emit: () => undefined, subscribe: () => () => undefined },
      log: createLogger(null),
    });
    const push = session.folderPush;
    try {
      const courseId = await courseAt(sandbox.client(), 1);
      // Planned without the window's folder handle (as a script would): held, but no window's to show.
      const planned = await push.plan({ courseId, dir: root });
      push.start(planned.planId, { confirmDelete: false });
      await vi.waitFor(() => expect(push.current()?.step).toBe('finished'), { timeout: 60_000, interval: 50 });
      expect(push.current()).toMatchObject({ folder: null, end: { status: 'done' } });
      expect(toFolderPushCurrent(push.current())).toBeNull();

      const next = await push.plan({ courseId, dir: root, folder: FOLDER });
      expect(push.current()).toBeNull();
      expect(next.plan.totals.lessonsToCreate).toBe(0);
    } finally {
      await session.close();
    }
  });
});
