// Tests (plain Node): `lectern course push`, and the app's push (the workspace session in a child
// process, test-support/app-push-child.ts), SIGKILLed in every state an upload row can be in — while
// files are checked and sections made (no row yet), queued, uploading with parts in flight,
// completing and attaching — each kill seen in the CLI's own journal, not at a guessed instant,
// with the sandbox slow enough (storage 150 ms a part, API 40 ms a call) that every state lasts.
// The killed process is left unreaped (its parent is a shell that `exec`s a `sleep`): a zombie,
// as a killed command is until someone reaps it, which must not look like a live owner. The next
// run starts at once (the app: reopened on the same data folder and pushed again); the last
// finishes the course exactly as the folder says.
//
// The seeded kill tests (push-crash-*.test.ts) never met this: they killed between stored parts
// (an unslowed sandbox answers each part at once) and their own process reaped the child before
// the re-run, so the dead owner was always truly gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN } from '../cli/test-support/index.ts';
import { testChildEntry } from '../test-support/children.ts';
import { startTestSandbox, makeTempDir, removeDir, type TestSandbox } from '../test-support/index.ts';
import { fileMd5, lessonVideo, sandboxCount } from '../uploads/test-support/index.ts';
import { courseAt, courseTree, writeFolder, type FolderSpec } from './test-support/index.ts';

const PART = 256 * 1024;
const APP_CHILD = testChildEntry('app-push-child');
/** A run takes 2–5 s; far past that it is waiting for an owner that will never come back. */
const FINAL_RUN_LIMIT_MS = 90_000;
const FOLDER: FolderSpec = {
  '1 - First/1 - Alpha.mp4': { video: 3 * PART - 7, seed: 21 },
  '1 - First/2 - Beta.md': 'Beta text',
  '1 - First/3 - Gamma.mp4': { video: 4 * PART, seed: 22 },
  '2 - Second/1 - Delta.txt': 'Delta text',
  '2 - Second/2 - Epsilon.mp4': { video: 2 * PART + 3, seed: 23 },
};
const VIDEOS: [number, number, string][] = [
  [0, 0, '1 - First/1 - Alpha.mp4'],
  [0, 2, '1 - First/3 - Gamma.mp4'],
  [1, 1, '2 - Second/2 - Epsilon.mp4'],
];

type RowState = { state: string; session: string | null; partsDone: number; parts: number | null };
const KILL_STATES: Record<string, (rows: RowState[], sectionsMade: boolean) => boolean> = {
  checking: (rows, sectionsMade) => sectionsMade && rows.length === 0,
  queued: (rows) => rows.some((r) => r.state === 'queued' && r.session === null),
  uploading: (rows) =>
    rows.some((r) => r.state === 'uploading' && r.partsDone > 0 && r.parts !== null && r.partsDone < r.parts),
  completing: (rows) => rows.some((r) => r.state === 'completing'),
  attaching: (rows) => rows.some((r) => r.state === 'attaching'),
};

/** Every upload journal under `dataDir`: the CLI's (cli-uploads/SERVER/) or a workspace's (profiles/ID/). */
function journalFiles(dataDir: string): string[] {
  const found: string[] = [];
  for (const top of ['cli-uploads', 'profiles']) {
    let folders: string[];
    try {
      folders = readdirSync(join(dataDir, top));
    } catch {
      continue;
    }
    for (const folder of folders) found.push(join(dataDir, top, folder, 'uploads.db'));
  }
  return found;
}

function journalRows(dataDir: string): RowState[] {
  const rows: RowState[] = [];
  for (const file of journalFiles(dataDir)) {
    let db: DatabaseSync | undefined;
    try {
      db = new DatabaseSync(file, { readOnly: true });
      const found = db
        .prepare(
          `SELECT state, session_id AS session, total_parts AS parts,
             (SELECT count(*) FROM upload_parts p WHERE p.upload_id = u.id AND p.done = 1) AS partsDone
           FROM uploads u`,
        )
        .all() as RowState[];
      rows.push(...found.map((r) => ({ ...r, partsDone: Number(r.partsDone) })));
    } catch {
      // Not created yet, or busy for an instant: the next look sees it.
    } finally {
      db?.close();
    }
  }
  return rows;
}

function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
  } catch {
    return 'gone';
  }
}

/** How one kind of push is started: the CLI, or the app's session in a child process. */
interface Pusher {
  name: string;
  /** Courses of the demo seed this pusher's rounds take (one per round). */
  firstCourse: number;
  argv(courseId: string, dataDir: string): string[];
  env(courseId: string, dataDir: string): Record<string, string>;
}

describe.runIf(process.platform === 'linux')('a push killed in every state of its uploads', () => {
  let sandbox: TestSandbox;
  let dir: string;
  const reapers: ChildProcess[] = [];
  beforeAll(async () => {
    sandbox = await startTestSandbox({
      seed: 'demo',
      restartable: true,
      partSize: PART,
      processingMs: 50,
      latencyMs: 40,
      storageLatencyMs: 150,
    });
    dir = makeTempDir('lectern-push-kill-states-');
    await writeFolder(join(dir, 'course'), FOLDER);
  });
  afterAll(async () => {
    for (const shell of reapers) shell.kill('SIGKILL');
    await sandbox?.close();
    if (dir) removeDir(dir);
  });

  const count = (sql: string, ...params: string[]) => sandboxCount(sandbox.dataDir!, sql, ...params);
  const baseEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });
  const cli: Pusher = {
    name: 'lectern course push',
    firstCourse: 0,
    argv: (courseId) => [MAIN, 'course', 'push', join(dir, 'course'), '--course', courseId, '--yes'],
    env: (_courseId, dataDir) => ({
      ...baseEnv(),
      LECTERN_API_KEY: sandbox.keys.tenantAdmin,
      LECTERN_BASE_URL: sandbox.baseUrl,
      LECTERN_DATA_DIR: dataDir,
    }),
  };
  const app: Pusher = {
    name: 'the app’s push',
    firstCourse: 4,
    argv: () => [APP_CHILD],
    env: (courseId, dataDir) => ({
      ...baseEnv(),
      LECTERN_APP_PUSH_KEY: sandbox.keys.tenantAdmin,
      LECTERN_APP_PUSH_CONFIG: JSON.stringify({
        dataDir,
        baseUrl: sandbox.baseUrl,
        courseId,
        dir: join(dir, 'course'),
      }),
    }),
  };

  /** The push under a shell that becomes `sleep` and never reaps it: the push's pid. */
  async function startUnreaped(pusher: Pusher, courseId: string, dataDir: string): Promise<number> {
    const shell = spawn(
      'sh',
      [
        '-c',
        '"$@" >/dev/null 2>&1 & echo $!; exec sleep 600',
        'sh',
        process.execPath,
        ...pusher.argv(courseId, dataDir),
      ],
      { env: pusher.env(courseId, dataDir), stdio: ['ignore', 'pipe', 'ignore'] },
    );
    reapers.push(shell);
    const line = await new Promise<string>((resolve) =>
      shell.stdout.once('data', (d: Buffer) => resolve(d.toString())),
    );
    return Number(line.trim());
  }

  /** A push run to its end (or killed as stuck after FINAL_RUN_LIMIT_MS): its exit code and output. */
  function runToEnd(pusher: Pusher, courseId: string, dataDir: string) {
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, pusher.argv(courseId, dataDir), {
        env: pusher.env(courseId, dataDir),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      // A run that waits on a dead owner would wait for good: fail it with what it said.
      const stuck = setTimeout(() => child.kill('SIGKILL'), FINAL_RUN_LIMIT_MS);
      child.on('close', (code) => {
        clearTimeout(stuck);
        resolve({ code, output });
      });
    });
  }

  /** Starts the push, kills it once the journal shows `reached`; false when it never did. */
  async function killWhen(
    pusher: Pusher,
    courseId: string,
    dataDir: string,
    reached: (rows: RowState[], sectionsMade: boolean) => boolean,
    sectionsBefore: number,
  ): Promise<boolean> {
    const pid = await startUnreaped(pusher, courseId, dataDir);
    const giveUpAt = performance.now() + FINAL_RUN_LIMIT_MS;
    let killed = false;
    for (;;) {
      const state = processState(pid);
      if (state === 'Z' || state === 'gone') break; // finished before the state came round
      if (performance.now() > giveUpAt) {
        // Stuck (waiting on an owner that is gone): not a kill in this state.
        process.kill(pid, 'SIGKILL');
        break;
      }
      const sectionsMade = count('SELECT count(*) AS n FROM sections WHERE course_id = ?', courseId) > sectionsBefore;
      if (reached(journalRows(dataDir), sectionsMade)) {
        process.kill(pid, 'SIGKILL');
        killed = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 3));
    }
    // Left unreaped: the next run starts while the killed one is a zombie.
    for (let i = 0; i < 500 && processState(pid) !== 'Z' && processState(pid) !== 'gone'; i++)
      await new Promise((r) => setTimeout(r, 2));
    expect(['Z', 'gone']).toContain(processState(pid));
    return killed;
  }

  it.each([
    ['lectern course push', () => cli],
    ['the app’s push', () => app],
  ])(
    '%s finishes the course after kills checking, queued, uploading, completing and attaching',
    { timeout: 600_000 },
    async (_name, pusherOf) => {
      const pusher = pusherOf();
      const hits = new Map(Object.keys(KILL_STATES).map((s) => [s, 0]));
      for (let round = 0; round < 4 && [...hits.values()].some((n) => n === 0); round++) {
        const courseId = await courseAt(sandbox.client(), pusher.firstCourse + round);
        const dataDir = join(dir, `data-${pusher.firstCourse}-${round}`);
        const before = {
          sections: count('SELECT count(*) AS n FROM sections WHERE course_id = ?', courseId),
          lessons: count('SELECT count(*) AS n FROM lessons WHERE course_id = ?', courseId),
          sessions: count('SELECT count(*) AS n FROM uploads'),
        };
        for (const [name, reached] of Object.entries(KILL_STATES)) {
          if (await killWhen(pusher, courseId, dataDir, reached, before.sections)) hits.set(name, hits.get(name)! + 1);
        }
        const final = await runToEnd(pusher, courseId, dataDir);
        const context = `${pusher.name}, round ${round}, kills so far ${JSON.stringify([...hits])}: ${final.output.slice(-1200)}`;
        expect(final.code, context).toBe(0);
        await expectCourseAsFolder(courseId, before, context);
      }
      // Every state was really killed in, at least once.
      for (const [state, kills] of hits) expect(kills, `${pusher.name}: kills while ${state}`).toBeGreaterThan(0);
    },
  );

  async function expectCourseAsFolder(
    courseId: string,
    before: { sections: number; lessons: number; sessions: number },
    context: string,
  ): Promise<void> {
    const tree = (await courseTree(sandbox.client(), courseId)).filter(
      (s) => s.title === 'First' || s.title === 'Second',
    );
    expect(
      tree.map((s) => [s.title, s.lessons.map((l) => l.title)]),
      context,
    ).toEqual([
      ['First', ['Alpha', 'Beta', 'Gamma']],
      ['Second', ['Delta', 'Epsilon']],
    ]);
    expect(count('SELECT count(*) AS n FROM sections WHERE course_id = ?', courseId), context).toBe(
      before.sections + 2,
    );
    expect(count('SELECT count(*) AS n FROM lessons WHERE course_id = ?', courseId), context).toBe(before.lessons + 5);
    expect(count('SELECT count(*) AS n FROM uploads'), context).toBe(before.sessions + VIDEOS.length);
    for (const [s, l, file] of VIDEOS) {
      const section = tree[s]!;
      const video = await lessonVideo(sandbox.client(), {
        courseId,
        sectionId: section.id,
        lessonId: section.lessons[l]!.id,
      });
      expect(video.md5, context).toBe(await fileMd5(join(dir, 'course', file)));
    }
  }
});
