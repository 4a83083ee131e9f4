// Benchmark (plain Node 24): `npm run bench:push` (after `npm run build`). How long `lectern course
// push` takes to plan, measured in one run against what no planner can beat on this machine:
//   - a folder of 300 video lessons in 20 sections (20 MB each: a real MP4 head, a unique marker,
//     then a hole, so the sandbox takes them as videos and the disk holds almost nothing) is pushed
//     once to the sandbox (its own process), then planned again unchanged, then with one file
//     changed (same size, new bytes where the samples do not look, new mtime: hashed whole);
//   - the floor: the same tree listed by `find -printf` with every file's size, mtime, device and
//     inode, plus the course's own API reads (its sections, then each section), both timed here;
//   - the re-plan (`course push --dry-run`) is printed against that floor, target <= 1.5 ×, as the
//     planning itself in this process (preparePush, a fresh journal handle and client each round)
//     and as the CLI. The CLI is a process, and what a process of the project's fixed stack pays
//     before it has planned anything (Node's start, loading undici and zod, the same two reads
//     checked by zod, the same tree listed) is a floor Lectern's planner cannot move: the command's
//     target is met against least-node-plan.ts (that least process, bundled as the CLI is, timed
//     here), as the engine's CPU is against least-node-put.ts in bench:link. Node's start alone and
//     `lectern --help` are printed beside it;
//   - the first plan (`--dry-run`, nothing pushed before) of a 30 GB folder (300 sparse videos of
//     100 MB): its wall time and CPU, target <= 2 s.
// Medians of the rounds; the CPU of a child is bash's `times` of it.
// Options: --rounds N (7), --no-big (skip the 30 GB first plan: a quicker run), --cpu-prof DIR
// (one more `--dry-run` re-plan with node --cpu-prof, its profile written to DIR).
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApiClient } from '../../src-main/api/index.ts';
import { PushState, preparePush, readCourse } from '../../src-main/course-push/index.ts';
import { uploadJournalPath } from '../../src-main/uploads/index.ts';
import { bundleNodeEntries } from '../build/cli.ts';
import { startSandboxProcess, stopSandboxProcess, timedCommand, type TimedRun } from './sandbox-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LECTERN = join(ROOT, 'bin', 'lectern.js');
const VIDEO = join(ROOT, 'src-main', 'media', 'test-fixtures', 'h264-3s.mp4');
/** least-node-plan.ts bundled (inside the project, so its packages resolve as the CLI's do). */
const LEAST_DIR = join(ROOT, 'out', 'bench', 'least-node-plan');
const MB = 1000 * 1000;
const GB = 1000 * MB;
const { values } = parseArgs({
  options: { rounds: { type: 'string' }, 'no-big': { type: 'boolean' }, 'cpu-prof': { type: 'string' } },
});
const ROUNDS = Number(values.rounds ?? 7);
const SECTIONS = 20;
const PER_SECTION = 15;
/** Where the marker goes: outside the five 64 KiB samples (start, quarters, end) of a 20 MB file. */
const MARKER_AT = 3 * MB;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`;

/** Sections × lessons of sparse videos of `size` bytes, each with its own marker at MARKER_AT. */
function writeCourseFolder(root: string, size: number, lessons = SECTIONS * PER_SECTION): string[] {
  const paths: string[] = [];
  for (let s = 0; s < SECTIONS; s++) {
    const section = join(root, `${String(s + 1).padStart(2, '0')} - Section ${s + 1}`);
    mkdirSync(section, { recursive: true });
    for (let l = 0; l < lessons / SECTIONS; l++) {
      const path = join(section, `${String(l + 1).padStart(2, '0')} - Lesson ${l + 1}.mp4`);
      copyFileSync(VIDEO, path);
      mark(path, `lesson ${s}/${l}`);
      truncateSync(path, size);
      paths.push(path);
    }
  }
  return paths;
}

function mark(path: string, text: string): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.from(text.padEnd(64, '.')), 0, 64, MARKER_AT);
  } finally {
    closeSync(fd);
  }
}

if (spawnSync('find', ['--version']).status !== 0) {
  console.error('bench:push compares with GNU find -printf: install findutils first.');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'lectern-bench-push-'));
const sandbox = await startSandboxProcess(8 * 1024 * 1024, join(work, 'sandbox'), ['--processing-ms', '20']);
try {
  const env = { ...process.env, LECTERN_API_KEY: sandbox.apiKey };
  await bundleNodeEntries(LEAST_DIR, { 'least-node-plan': join(ROOT, 'scripts', 'bench', 'least-node-plan.ts') });
  // With the compile cache on, as the CLI's launcher turns it on for the CLI.
  const leastEnv = { ...env, NODE_COMPILE_CACHE: join(work, 'least-compile-cache') };
  let nodeFlags: string[] = [];
  const courses = [];
  for await (const course of sandbox.client.courses.iterate()) courses.push(course.id);
  const [courseId, bigCourseId] = courses as [string, string];
  const lectern = (dir: string, dataDir: string, courseOf: string, ...extra: string[]) => [
    process.execPath,
    ...nodeFlags,
    LECTERN,
    'course',
    'push',
    dir,
    '--course',
    courseOf,
    '--base-url',
    sandbox.baseUrl,
    '--data-dir',
    dataDir,
    ...extra,
  ];
  const ok = (run: TimedRun, what: string) => {
    if (run.code !== 0) throw new Error(`${what} exited with ${run.code}: ${run.stderr}`);
    return run;
  };

  // 1. The course folder, pushed once.
  const root = join(work, 'Course');
  const dataDir = join(work, 'data');
  const paths = writeCourseFolder(root, 20 * MB);
  const pushed = ok(await timedCommand(lectern(root, dataDir, courseId, '--yes', '--json'), env), 'the first push');

  // 2. Rounds, alternating: the floor's two halves, the CLI's re-plan, the in-process re-plan, the CLI's start.
  const journalPath = uploadJournalPath({ dataDir, baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
  const findSeconds: number[] = [];
  const apiSeconds: number[] = [];
  const cliPlan: TimedRun[] = [];
  const inProcess: number[] = [];
  const helpRuns: TimedRun[] = [];
  const nodeStartRuns: TimedRun[] = [];
  const leastRuns: TimedRun[] = [];
  const leastPlan = [process.execPath, join(LEAST_DIR, 'least-node-plan.mjs'), sandbox.baseUrl, courseId, root];
  const planHere = async () => {
    const client = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
    const state = new PushState(journalPath);
    const t0 = performance.now();
    try {
      const signal = new AbortController().signal;
      const plan = await preparePush({ dir: root, courseId, deleteOthers: false, api: client, state, signal });
      return { seconds: (performance.now() - t0) / 1000, plan };
    } finally {
      state.close();
      await client.close();
    }
  };
  const dryRun = lectern(root, dataDir, courseId, '--dry-run', '--json');
  await timedCommand(dryRun, env); // warm-up: page cache, compile cache
  ok(await timedCommand(leastPlan, leastEnv), 'least-node-plan');
  for (let round = 0; round < ROUNDS; round++) {
    findSeconds.push(ok(await timedCommand(['find', root, '-printf', '%s %T@ %D %i %p\\n']), 'find').seconds);
    const client = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
    const t0 = performance.now();
    await readCourse(client, courseId, new AbortController().signal);
    apiSeconds.push((performance.now() - t0) / 1000);
    await client.close();
    cliPlan.push(ok(await timedCommand(dryRun, env), 'the re-plan'));
    leastRuns.push(ok(await timedCommand(leastPlan, leastEnv), 'least-node-plan'));
    const here = await planHere();
    if (here.plan.totals.lessonsUnchanged !== paths.length) throw new Error('the re-plan is not unchanged');
    inProcess.push(here.seconds);
    helpRuns.push(ok(await timedCommand([process.execPath, LECTERN, '--help']), 'lectern --help'));
    nodeStartRuns.push(ok(await timedCommand([process.execPath, '-e', '']), "node -e ''"));
  }
  const floor = median(findSeconds) + median(apiSeconds);
  // --cpu-prof DIR: one more unchanged re-plan, profiled.
  if (values['cpu-prof']) {
    nodeFlags = ['--cpu-prof', '--cpu-prof-dir', resolve(values['cpu-prof'])];
    ok(await timedCommand(lectern(root, dataDir, courseId, '--dry-run', '--json'), env), 'the profiled re-plan');
    nodeFlags = [];
  }

  // 3. One file changed: same size, new bytes where the samples do not look, new mtime.
  mark(paths[150]!, 'changed');
  const changedCli: TimedRun[] = [];
  const changedHere: number[] = [];
  for (let round = 0; round < Math.min(ROUNDS, 3); round++) {
    changedCli.push(ok(await timedCommand(dryRun, env), 'the changed re-plan'));
    const here = await planHere();
    if (here.plan.totals.uploads !== 1) throw new Error('the changed file is not planned for upload');
    changedHere.push(here.seconds);
  }

  // 4. The first plan of a 30 GB folder (nothing pushed before), as the CLI (unless --no-big).
  const big: TimedRun[] = [];
  if (!values['no-big']) {
    const bigRoot = join(work, 'Big course');
    writeCourseFolder(bigRoot, 100 * MB);
    const bigData = join(work, 'data-big');
    const bigDry = lectern(bigRoot, bigData, bigCourseId, '--dry-run', '--json');
    for (let round = 0; round < 3; round++) {
      rmSync(bigData, { recursive: true, force: true });
      big.push(ok(await timedCommand(bigDry, env), 'the 30 GB first plan'));
    }
  }

  const row = (what: string, value: string, target: string, good: boolean | null) =>
    console.log(
      `${what.padEnd(50)} ${value.padStart(26)}   ${target ? `target ${target.padEnd(9)} ${good ? 'ok' : 'MISSED'}` : ''}`,
    );
  const cliMedian = median(cliPlan.map((r) => r.seconds));
  const help = median(helpRuns.map((r) => r.seconds));
  const nodeStart = median(nodeStartRuns.map((r) => r.seconds));
  console.log(
    `bench:push — ${SECTIONS * PER_SECTION} video lessons in ${SECTIONS} sections (20 MB each, sparse), ` +
      `${ROUNDS} rounds, medians, Node ${process.version}`,
  );
  console.log(`  first push (6 GB to the sandbox): ${pushed.seconds.toFixed(1)} s, ${pushed.cpu.toFixed(1)} CPU-s`);
  console.log(
    `  floor: find -printf ${ms(median(findSeconds))} + the course's API reads ${ms(median(apiSeconds))} = ${ms(floor)}`,
  );
  const hereRatio = median(inProcess) / floor;
  row(
    're-plan, unchanged (planning, in process) ÷ floor',
    `${hereRatio.toFixed(2)} × (${ms(median(inProcess))})`,
    '<= 1.5 ×',
    hereRatio <= 1.5,
  );
  row(
    're-plan, unchanged (lectern --dry-run) ÷ floor',
    `${(cliMedian / floor).toFixed(2)} × (${ms(cliMedian)})`,
    '',
    null,
  );
  const least = median(leastRuns.map((r) => r.seconds));
  const cliRatio = cliMedian / least;
  row('  the same ÷ least-node-plan', `${cliRatio.toFixed(2)} × (least ${ms(least)})`, '<= 1.5 ×', cliRatio <= 1.5);
  console.log(
    '    least-node-plan: a Node process of the same stack making the same reads, checking them with zod and ' +
      'listing the tree, planning nothing: what a process pays that Lectern cannot move; the target is met against it.',
  );
  row("  the same ÷ (Node's start + floor)", `${(cliMedian / (nodeStart + floor)).toFixed(2)} ×`, '', null);
  row(
    '  the same ÷ (lectern --help + floor)',
    `${(cliMedian / (help + floor)).toFixed(2)} × (--help ${ms(help)})`,
    '',
    null,
  );
  // CPU is what a busy machine leaves least distorted: the command's beside Node's own start's.
  const cpu = (runs: TimedRun[]) => `${median(runs.map((r) => r.cpu)).toFixed(2)} s`;
  console.log(
    `    CPU of lectern --dry-run: ${cpu(cliPlan)} (least-node-plan: ${cpu(leastRuns)}, node -e '' ` +
      `(${ms(nodeStart)}): ${cpu(nodeStartRuns)}, lectern --help: ${cpu(helpRuns)})`,
  );
  row(
    're-plan, one file changed (in process) ÷ floor',
    `${(median(changedHere) / floor).toFixed(2)} × (${ms(median(changedHere))})`,
    '',
    null,
  );
  row(
    're-plan, one file changed (lectern --dry-run)',
    `${ms(median(changedCli.map((r) => r.seconds)))}, CPU ${median(changedCli.map((r) => r.cpu)).toFixed(2)} s`,
    '',
    null,
  );
  if (big.length > 0) {
    const bigSeconds = median(big.map((r) => r.seconds));
    row(
      `first plan of 30 GB (300 × 100 MB, lectern --dry-run)`,
      `${bigSeconds.toFixed(2)} s, CPU ${median(big.map((r) => r.cpu)).toFixed(2)} s`,
      '<= 2 s',
      bigSeconds <= 2,
    );
    console.log(`  (${(30 * GB) / GB} GB apparent; the disk holds a few MB: sparse files)`);
  }
  if (values['cpu-prof']) console.log(`  CPU profile of one unchanged re-plan: ${values['cpu-prof']}`);
} finally {
  await stopSandboxProcess(sandbox);
  rmSync(work, { recursive: true, force: true });
}
