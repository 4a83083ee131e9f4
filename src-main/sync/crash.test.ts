// Main process / plain Node tests. Crash safety: a child process running the real store and outbox
// (test-support/crash-child.ts) is SIGKILLed at seeded random moments while drafting, queueing and sending
// against a sandbox that fails 20% of requests. After every kill the database must hold each
// draft's last acknowledged save; after a final restart and drain the sandbox must hold exactly one
// resource per create and the final values of every PATCH.
import { testChildEntry } from '../test-support/children.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOON, suiteTempDir } from '../test-support/index.ts';
import { spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { profileDatabasePath } from '../store/index.ts';
import type { CrashChildConfig } from './test-support/crash-child.ts';
import { deepEqual, type Fields } from './merge.ts';
import { startSyncSandbox, type SyncSandbox } from './test-support/sandbox.ts';
import { createSyncService } from './service.ts';
import { seededRandom } from '../sandbox/index.ts';

const RUNS = Number(process.env.LECTERN_CRASH_RUNS ?? 50);
const SEED = Number(process.env.LECTERN_CRASH_SEED ?? 20260501);
/** Two children at a time, each with its own profile and its own assessments (two cores). */
const LANES = 2;
const CHILD = testChildEntry('sync-crash-child');

interface Tracked {
  resource: string;
  title: string | null; // creates
  target: string | null; // updates
  expected: Fields; // the last acknowledged value of every field the child saved
  pending: Fields | null; // an INTENT without its ACK: the kill came in between
  queued: boolean;
}

interface Lane {
  index: number;
  profileId: string;
  targets: string[];
  tracked: Map<string, Tracked>;
}

let sandbox: SyncSandbox;
const data = suiteTempDir('lectern-crash-');
let place: { courseId: string; sectionId: string };
let lanes: Lane[];

beforeAll(async () => {
  sandbox = await startSyncSandbox({ failRate: 0.2, randomSeed: SEED, latencyMs: 5 });
  place = await sandbox.firstCourse();
  const ids = await sandbox.assessmentIds(4 * LANES);
  lanes = Array.from({ length: LANES }, (_, index) => ({
    index,
    profileId: `crash-${index}`,
    targets: ids.slice(index * 4, index * 4 + 4),
    tracked: new Map(),
  }));
});
afterAll(async () => {
  await sandbox.close();
});

/** Runs the child once and kills it `killAfterMs` after it is ready. Returns its report lines. */
function runChild(
  lane: Lane,
  run: number,
  killAfterMs: number,
): Promise<{ lines: string[]; killed: boolean; code: number | null; stderr: string }> {
  const config: CrashChildConfig = {
    dataDir: data.path,
    profileId: lane.profileId,
    baseUrl: sandbox.baseUrl,
    seed: SEED + 1000 * lane.index + run,
    tag: `${SEED}-${lane.index}-${run}`,
    courseId: place.courseId,
    sectionId: place.sectionId,
    targets: lane.targets,
  };
  const child = spawn(process.execPath, [CHILD], {
    env: { ...process.env, LECTERN_CRASH_CONFIG: JSON.stringify(config), LECTERN_CRASH_KEY: sandbox.apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  let timer: NodeJS.Timeout | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (timer === undefined && out.includes('READY')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Only whole lines count: a report cut by the kill was never acknowledged.
      const lines = out.split('\n').slice(0, -1);
      resolve({ lines, killed: signal === 'SIGKILL', code, stderr });
    });
  });
}

function record(tracked: Map<string, Tracked>, lines: string[]) {
  for (const line of lines) {
    const space = line.indexOf(' ');
    const kind = line.slice(0, space);
    const payload = JSON.parse(line.slice(space + 1)) as Record<string, unknown> & { draftId: string };
    const entry = tracked.get(payload.draftId);
    if (kind === 'OPENING') {
      // A new editing round may reopen that target's draft: "queued" holds again after QUEUED.
      for (const e of tracked.values()) if (e.target === payload.target) e.queued = false;
    }
    if (kind === 'CREATED') {
      tracked.set(payload.draftId, {
        resource: payload.resource as string,
        title: payload.title as string,
        target: null,
        expected: { ...(payload.fields as Fields) },
        pending: null,
        queued: false,
      });
    } else if (kind === 'OPENED' && !entry) {
      tracked.set(payload.draftId, {
        resource: 'assessment',
        title: null,
        target: payload.target as string,
        expected: {},
        pending: null,
        queued: false,
      });
    } else if (kind === 'INTENT' && entry) {
      entry.pending = payload.patch as Fields;
    } else if (kind === 'ACK' && entry) {
      Object.assign(entry.expected, payload.patch as Fields);
      entry.pending = null;
    } else if (kind === 'QUEUED' && entry) {
      entry.queued = true;
    } else if (kind === 'ERROR') {
      throw new Error(`child failed: ${line}`);
    }
  }
}

/** Reads every draft straight from the file the killed child left behind. */
function draftsOnDisk(lane: Lane): Map<string, { state: string; values: Fields }> {
  const db = new DatabaseSync(profileDatabasePath(data.path, lane.profileId));
  try {
    const rows = db.prepare('SELECT id, state, base, fields FROM drafts').all() as {
      id: string;
      state: string;
      base: string | null;
      fields: string;
    }[];
    return new Map(
      rows.map((r) => [r.id, { state: r.state, values: { ...JSON.parse(r.base ?? '{}'), ...JSON.parse(r.fields) } }]),
    );
  } finally {
    db.close();
  }
}

/** Every acknowledged save is on disk; an unacknowledged one is either fully there or not at all. */
function checkSurvivors(lane: Lane, run: number) {
  const disk = draftsOnDisk(lane);
  for (const [draftId, entry] of lane.tracked) {
    const found = disk.get(draftId);
    expect(found, `run ${run}: draft ${draftId} lost`).toBeDefined();
    const values = found!.values;
    const pending = entry.pending;
    const pendingLanded = pending !== null && Object.entries(pending).every(([f, v]) => deepEqual(values[f], v));
    for (const [field, value] of Object.entries(entry.expected)) {
      if (pending && field in pending && pendingLanded) continue;
      expect(values[field], `run ${run}: ${draftId}.${field}`).toEqual(value);
    }
    if (pendingLanded) Object.assign(entry.expected, pending);
    entry.pending = null; // the child is dead: the disk now decides
    if (entry.queued) expect(found!.state, `run ${run}: queued draft ${draftId} went back`).not.toBe('editing');
  }
}

type Kills = { total: number; midSave: number; drafting: number; afterQueueing: number; whileSending: number };

async function runLane(lane: Lane, runs: number, kills: Kills) {
  const rand = seededRandom(SEED + lane.index);
  for (let run = 0; run < runs; run++) {
    const result = await runChild(lane, run, Math.floor(rand() * 600));
    if (!result.killed)
      throw new Error(`lane ${lane.index} run ${run} ended by itself (${result.code}): ${result.stderr}`);
    record(lane.tracked, result.lines);
    const last = result.lines.at(-1)?.split(' ')[0] ?? 'READY';
    kills.total++;
    if (last === 'INTENT' || last === 'INTENT_CREATE') kills.midSave++;
    if (['READY', 'INTENT', 'ACK', 'CREATED', 'INTENT_CREATE', 'OPENING', 'OPENED'].includes(last)) kills.drafting++;
    if (last === 'QUEUED') kills.afterQueueing++;
    if ([...draftsOnDisk(lane).values()].some((d) => d.state === 'sending')) kills.whileSending++;
    checkSurvivors(lane, run);
  }
}

/** Restart and drain one lane's profile: queue what was still being edited, send everything. */
async function drainAll(lane: Lane) {
  const service = createSyncService({
    dataDir: data.path,
    profileId: lane.profileId,
    client: sandbox.client,
    retry: { baseDelayMs: 10, maxDelayMs: 100, maxAttempts: 50 },
  });
  try {
    for (const draft of service.listDrafts()) if (draft.state === 'editing') service.saveToServer(draft.id);
    await vi.waitFor(
      () => {
        for (const draft of service.listDrafts()) if (draft.state === 'failed') service.retryDraft(draft.id);
        const unsent = service.listDrafts().filter((d) => d.state !== 'sent');
        // On failure, say why each draft is stuck (its conflict: base / mine / theirs per field).
        const why = unsent.map((d) => {
          const view = service.getDraft(d.id);
          return { state: d.state, base: view.baseUpdatedAt, changes: view.changes, conflict: view.conflict };
        });
        expect(unsent, JSON.stringify(why)).toEqual([]);
      },
      { ...SOON, timeout: 30_000 },
    );
    return service.listDrafts().map((summary) => service.getDraft(summary.id));
  } finally {
    await service.close();
  }
}

describe('crash safety', () => {
  it(`survives ${RUNS} SIGKILLs during drafting, queueing and sending`, { timeout: 180_000 }, async () => {
    const t0 = Date.now();
    const kills: Kills = { total: 0, midSave: 0, drafting: 0, afterQueueing: 0, whileSending: 0 };
    await Promise.all(lanes.map((lane) => runLane(lane, Math.ceil(RUNS / LANES), kills)));
    const runsMs = Date.now() - t0;
    const draftCount = lanes.reduce((n, lane) => n + lane.tracked.size, 0);
    console.info(`crash: seed ${SEED}, kills ${JSON.stringify(kills)}, drafts ${draftCount}, ${runsMs} ms`);
    // The seeded schedule must really have hit each phase.
    expect(kills.total).toBeGreaterThanOrEqual(RUNS);
    if (RUNS >= 50) {
      expect(kills.drafting).toBeGreaterThanOrEqual(5);
      expect(kills.whileSending).toBeGreaterThanOrEqual(5);
    }

    const finals = await Promise.all(lanes.map((lane) => drainAll(lane)));
    sandbox.setFaults({ failRate: 0 });
    console.info(`crash: final drain ${Date.now() - t0 - runsMs} ms`);
    const section = await sandbox.other.sections.get(place.courseId, place.sectionId);
    for (const [i, lane] of lanes.entries()) {
      const drafts = new Map(finals[i]!.map((d) => [d.id, d]));
      // Every acknowledged save survived all the kills and the sending.
      for (const [draftId, entry] of lane.tracked) {
        const draft = drafts.get(draftId);
        for (const [field, value] of Object.entries(entry.expected))
          expect(draft?.values[field], `${draftId}.${field}`).toEqual(value);
      }
      // Exactly one server resource per create (tracked or not: a kill can hide a CREATED line).
      for (const draft of drafts.values()) {
        if (draft.idempotencyKey === null) continue;
        const title = draft.values.title as string;
        const found =
          draft.resource === 'assessment'
            ? await sandbox.assessmentsTitled(title)
            : section.lessons!.filter((l) => l.title === title);
        expect(found, `exactly one ${draft.resource} "${title}"`).toHaveLength(1);
        expect(found[0]).toMatchObject({ id: draft.serverId, description: draft.values.description });
        if (draft.values.duration_minutes !== undefined)
          expect(found[0]).toMatchObject({ duration_minutes: draft.values.duration_minutes });
      }
      // The final field values of every PATCH.
      for (const entry of lane.tracked.values()) {
        if (entry.target === null) continue;
        expect(await sandbox.other.assessments.get(entry.target)).toMatchObject(entry.expected);
      }
    }
  });
});
