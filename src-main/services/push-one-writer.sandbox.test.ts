// Tests (plain Node): one writer per course, at the workspace's session against the sandbox over
// real HTTP. A section renamed while the server was unreachable waits in the outbox; then the same
// folder is pushed again. The push sends the instructor's change first (before it plans), so its
// plan sees it and names the section back to the folder's, shown in the plan and landing last:
// never a plan that says "unchanged" while the outbox then sends the rename over the pushed course.
// And a rename queued while a push writes the course is held until the push ends, then sent.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../platform/index.ts';
import { openProfileSession } from './profile-session.ts';
import { suiteTempDir, useTestSandbox, type TestSandbox } from '../test-support/index.ts';
import type { AppPushEnd } from '../course-push/index.ts';
import { courseAt, courseTree, writeFolder } from '../course-push/test-support/index.ts';

const PART = 256 * 1024;
const temp = suiteTempDir('lectern-push-one-writer-');

function openSession(sandbox: TestSandbox, name: string) {
  const ends: AppPushEnd[] = [];
  const session = openProfileSession({
    dataDir: join(temp.path, name),
    connection: {
      profileId: name,
      baseUrl: sandbox.baseUrl,
      keyMode: 'tenant',
      apiKey: async () => ({ key: sandbox.keys.tenantAdmin, origin: new URL(sandbox.baseUrl).origin }),
    },
    events: {
      emit: (event, payload) => {
        if (event === 'folderPush.finished') ends.push(payload as AppPushEnd);
      },
      subscribe: () => () => undefined,
    },
    log: createLogger(null),
  });
  const pushed = async (courseId: string, dir: string) => {
    const planned = await session.folderPush.plan({ courseId, dir });
    session.folderPush.start(planned.planId, { confirmDelete: false });
    await vi.waitFor(() => expect(ends.find((e) => e.planId === planned.planId)).toBeDefined(), {
      timeout: 120_000,
      interval: 50,
    });
    return { planned, end: ends.find((e) => e.planId === planned.planId)! };
  };
  return { session, pushed };
}

const sectionTitles = async (sandbox: TestSandbox, courseId: string) =>
  (await courseTree(sandbox.client(), courseId)).map((s) => s.title);

describe('a push and the outbox share a course', () => {
  const sandbox = useTestSandbox({ seed: 'demo', partSize: PART, processingMs: 50, restartable: true });

  it(
    'sends an offline rename of a section before the push renames it, so the folder wins',
    { timeout: 300_000 },
    async () => {
      const courseId = await courseAt(sandbox.client(), 3);
      const root = join(temp.path, 'race', 'course');
      await writeFolder(root, { '1 - Basics/1 - Welcome.md': 'Hello', '2 - Driving/1 - Turning.md': 'Slowly' });
      const { session, pushed } = openSession(sandbox, 'ws-race');
      try {
        expect((await pushed(courseId, root)).end.status).toBe('done');
        const basics = (await courseTree(sandbox.client(), courseId)).find((s) => s.title === 'Basics')!;
        await session.sync.refreshCache({ kind: 'sections', courseId });

        // The server goes away; the instructor renames the section: it waits in the outbox.
        await sandbox.stop();
        await session.sync.checkConnectivity();
        await session.sync.structure.renameSection({ courseId, id: basics.id }, { title: 'Welcome aboard' });
        expect(session.sync.listOutbox().map((i) => i.state)).toEqual(['queued']);

        // The server is back; the same folder is pushed at once.
        await sandbox.restart();
        const { planned, end } = await pushed(courseId, root);
        expect(end.status).toBe('done');
        // The offline rename went first: the plan saw it and names the section back to the folder's.
        expect(planned.unsent).toEqual([]);
        expect(planned.plan.sections[0]).toMatchObject({ title: 'Basics', sectionId: basics.id, changes: ['title'] });
        await session.sync.drainOutbox();
        expect(session.sync.listOutbox()).toEqual([]);
        const titles = await sectionTitles(sandbox, courseId);
        expect(titles).toContain('Basics');
        expect(titles).not.toContain('Welcome aboard');
      } finally {
        await session.close();
      }
    },
  );

  it(
    'holds a rename made while the push writes the course, and sends it once the push ends',
    { timeout: 300_000 },
    async () => {
      const courseId = await courseAt(sandbox.client(), 4);
      const root = join(temp.path, 'held', 'course');
      await writeFolder(root, { '1 - Basics/1 - Welcome.md': 'Hello' });
      const { session, pushed } = openSession(sandbox, 'ws-held');
      try {
        expect((await pushed(courseId, root)).end.status).toBe('done');
        const basics = (await courseTree(sandbox.client(), courseId)).find((s) => s.title === 'Basics')!;
        await session.sync.refreshCache({ kind: 'sections', courseId });
        // A second push with a video on a slow storage: it writes the course for a while.
        await writeFolder(root, { '1 - Basics/2 - Clip.mp4': { video: 6 * PART, seed: 9 } });
        sandbox.setFaults({ storageLatencyMs: 400 });
        const planned = await session.folderPush.plan({ courseId, dir: root });
        session.folderPush.start(planned.planId, { confirmDelete: false });
        await vi.waitFor(() => expect(session.uploads.list().some((r) => r.state === 'uploading')).toBe(true), {
          timeout: 60_000,
          interval: 20,
        });
        await session.sync.structure.renameSection({ courseId, id: basics.id }, { title: 'Renamed meanwhile' });
        await new Promise((r) => setTimeout(r, 300));
        // Held: online, due, and not sent while the push runs.
        expect(session.folderPush.running()).not.toBeNull();
        expect(session.sync.listOutbox().map((i) => i.state)).toEqual(['queued']);
        expect(await sectionTitles(sandbox, courseId)).toContain('Basics');
        await vi.waitFor(() => expect(session.folderPush.running()).toBeNull(), { timeout: 120_000, interval: 50 });
        sandbox.setFaults({ storageLatencyMs: 0 });
        await vi.waitFor(() => expect(session.sync.listOutbox()).toEqual([]), { timeout: 30_000, interval: 50 });
        expect(await sectionTitles(sandbox, courseId)).toContain('Renamed meanwhile');
      } finally {
        await session.close();
      }
    },
  );
});
