// Tests (plain Node): a folder pushed from the app, at the service the IPC handlers call — the
// workspace's session (real API client, upload engine, journal and capability store) against the
// sandbox over real HTTP: plan → push → a second plan has nothing to do; the videos are rows of the
// session's upload engine (the Uploads screen's); a server without section writes is refused with
// the capability named, nothing made, and the next plan names it and will not start.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { EventName } from '../../src-shared/index.ts';
import { toFolderPushPlan } from '../ipc-views/index.ts';
import { createLogger } from '../platform/index.ts';
import { openProfileSession, type ProfileSession } from './profile-session.ts';
import { suiteTempDir, useTestSandbox, type TestSandbox } from '../test-support/index.ts';
import { sandboxCount } from '../uploads/test-support/index.ts';
import type { AppPushEnd } from '../course-push/index.ts';
import { courseAt, courseTree, writeFolder } from '../course-push/test-support/index.ts';

const PART = 256 * 1024;
const temp = suiteTempDir('lectern-app-push-');

function openSession(sandbox: TestSandbox, name: string) {
  const events: { event: EventName; payload: unknown }[] = [];
  const session: ProfileSession = openProfileSession({
    dataDir: join(temp.path, name),
    connection: {
      profileId: name,
      baseUrl: sandbox.baseUrl,
      keyMode: 'tenant',
      apiKey: async () => ({ key: sandbox.keys.tenantAdmin, origin: new URL(sandbox.baseUrl).origin }),
    },
    events: { emit: (event, payload) => void events.push({ event, payload }), subscribe: () => () => undefined },
    log: createLogger(null),
  });
  const finished = async (planId: string): Promise<AppPushEnd> => {
    let end: AppPushEnd | undefined;
    await vi.waitFor(
      () => {
        end = events.find((e) => e.event === 'folderPush.finished' && (e.payload as AppPushEnd).planId === planId)
          ?.payload as AppPushEnd | undefined;
        expect(end).toBeDefined();
      },
      { timeout: 120_000, interval: 50 },
    );
    return end!;
  };
  return { session, events, finished };
}

describe('a folder pushed from the app', () => {
  const sandbox = useTestSandbox({ seed: 'demo', partSize: PART, processingMs: 50 });

  it(
    'plans, pushes through the workspace’s upload engine, and a second plan has nothing to do',
    {
      timeout: 300_000,
    },
    async () => {
      const courseId = await courseAt(sandbox.client(), 1);
      const root = join(temp.path, 'Forklift course');
      await writeFolder(root, {
        '2 - Driving/1 - Checks.mp4': { video: 2 * PART + 7, seed: 5 },
        '2 - Driving/2 - Turning.md': '# Turning\nSlowly.',
        '1 - Basics/01 - Welcome.txt': 'Hello',
        '1 - Basics/notes.pdf': '%PDF-1.7\n',
      });
      const { session, events, finished } = openSession(sandbox, 'ws-push');
      try {
        const planned = await session.folderPush.plan({ courseId, dir: root });
        const view = toFolderPushPlan(planned, 'Forklift course');
        // The plan as the renderer gets it: a tree, no path anywhere in it.
        expect(JSON.stringify(view)).not.toContain(temp.path);
        expect(
          view.sections.map((s) => [s.title, s.action, s.lessons.map((l) => [l.title, l.kind, l.action])]),
        ).toEqual([
          ['Basics', 'create', [['Welcome', 'text', 'create']]],
          [
            'Driving',
            'create',
            [
              ['Checks', 'video', 'create'],
              ['Turning', 'text', 'create'],
            ],
          ],
        ]);
        expect(view.skipped.map((s) => s.key)).toEqual(['1 - Basics/notes.pdf']);
        expect(view.totals).toMatchObject({ uploads: 1, uploadBytes: 2 * PART + 7 });
        expect(view.blockedReason).toBeNull();
        expect(planned.needs).toContain('sections.create');

        session.folderPush.start(planned.planId, { confirmDelete: false });
        // A plan is pushed once; a second start of it is refused in words.
        expect(() => session.folderPush.start(planned.planId, { confirmDelete: false })).toThrow(/no longer kept/);
        const end = await finished(planned.planId);
        expect(end.status, end.message).toBe('done');
        expect(end.outcome).toMatchObject({ sectionsCreated: 2, lessonsCreated: 3, videosUploaded: 1, failed: [] });
        expect(end.message).toMatch(/^Pushed to “.+”: 2 sections created, 3 lessons created\.$/);
        // What it did, each lesson with its section (the app lists these sentences).
        expect(end.outcome?.events).toEqual(
          expect.arrayContaining([
            { kind: 'created', what: 'text lesson', title: 'Welcome', sectionTitle: 'Basics' },
            { kind: 'created', what: 'video lesson', title: 'Checks', sectionTitle: 'Driving' },
          ]),
        );
        // The video went through the session's engine: a row the Uploads screen lists, done.
        expect(session.uploads.list().map((r) => [r.path.endsWith('1 - Checks.mp4'), r.state])).toEqual([
          [true, 'done'],
        ]);
        expect(events.some((e) => e.event === 'folderPush.progress')).toBe(true);

        const tree = (await courseTree(sandbox.client(), courseId)).filter((s) =>
          ['Basics', 'Driving'].includes(s.title),
        );
        expect(tree.map((s) => [s.title, s.lessons.map((l) => [l.title, l.video])])).toEqual([
          ['Basics', [['Welcome', false]]],
          [
            'Driving',
            [
              ['Checks', true],
              ['Turning', false],
            ],
          ],
        ]);

        const again = toFolderPushPlan(await session.folderPush.plan({ courseId, dir: root }), 'Forklift course');
        expect(again.empty).toBe(true);
        expect(again.totals).toMatchObject({ sectionsToCreate: 0, lessonsToCreate: 0, lessonsToUpdate: 0, uploads: 0 });
        expect(again.sections.flatMap((s) => [s.action, ...s.lessons.map((l) => l.action)])).toEqual(
          Array(5).fill('keep'),
        );
        // Main deletes only what the plan lists as not in the folder, and only once confirmed.
        const other = again.otherSections[0]!;
        const refusal = (remove: { sections: string[]; lessons: string[] }, confirmDelete = true) => {
          try {
            session.folderPush.start(again.planId, { confirmDelete, remove });
            return null;
          } catch (error) {
            return (error as { code?: string }).code;
          }
        };
        const welcome = tree[0]!.lessons[0]!.id;
        expect(refusal({ sections: [tree[0]!.id], lessons: [] })).toBe('DELETE_NOT_IN_PLAN');
        expect(refusal({ sections: [], lessons: [welcome] })).toBe('DELETE_NOT_IN_PLAN');
        expect(refusal({ sections: [other.id], lessons: [] }, false)).toBe('CONFIRM_DELETE');
        expect(await courseTree(sandbox.client(), courseId)).toHaveLength(tree.length + again.otherSections.length);
      } finally {
        await session.close();
      }
    },
  );
});

describe('a folder pushed from the app to a server without section writes', () => {
  const bare = useTestSandbox({ seed: 'demo', restartable: true, partSize: PART, noStructure: true });

  it(
    'is refused naming the capability, makes nothing, and the next plan says so and will not start',
    {
      timeout: 120_000,
    },
    async () => {
      const courseId = await courseAt(bare.client(), 0);
      const root = join(temp.path, 'bare');
      await writeFolder(root, { 'S/1 - Video.mp4': { video: PART, seed: 9 }, 'S/2 - Text.md': 'x' });
      const count = (table: string) => sandboxCount(bare.dataDir!, `SELECT count(*) AS n FROM ${table}`);
      const before = { uploads: count('uploads'), lessons: count('lessons'), sections: count('sections') };
      const { session, events, finished } = openSession(bare, 'ws-bare');
      try {
        const first = await session.folderPush.plan({ courseId, dir: root });
        // Nothing known about this server yet: the plan can be confirmed; the server refuses the first write.
        expect(first.missing).toEqual([]);
        session.folderPush.start(first.planId, { confirmDelete: false });
        const end = await finished(first.planId);
        expect(end.status).toBe('refused');
        expect(end.message).toMatch(/does not let Lectern create sections, so the push stopped before any lesson/);
        expect({ uploads: count('uploads'), lessons: count('lessons'), sections: count('sections') }).toEqual(before);
        expect(session.uploads.list()).toEqual([]);
        // Said once for the workspace, like any structure write it refuses.
        expect(events.filter((e) => e.event === 'structure.missing')).toHaveLength(1);

        const second = toFolderPushPlan(await session.folderPush.plan({ courseId, dir: root }), 'bare');
        expect(second.missing.map((m) => m.operation)).toEqual(['sections.create']);
        expect(second.blockedReason).toMatch(/does not let Lectern create sections/);
        expect(() => session.folderPush.start(second.planId, { confirmDelete: false })).toThrow(
          /does not let Lectern create sections/,
        );
        expect({ uploads: count('uploads'), lessons: count('lessons'), sections: count('sections') }).toEqual(before);
      } finally {
        await session.close();
      }
    },
  );
});
