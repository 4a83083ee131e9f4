// Child process of crash.test.ts (plain Node 24). Runs the real store, drafts and outbox against
// the sandbox and is SIGKILLed at a random moment. It reports each durable step on stdout *after*
// it returned (INTENT before, ACK after), so the parent knows what must have survived the kill.
import { writeSync } from 'node:fs';
import { createApiClient } from '../../api/index.ts';
import { createSyncService } from '../service.ts';
import { seededRandom } from '../../sandbox/index.ts';

export interface CrashChildConfig {
  dataDir: string;
  profileId: string;
  baseUrl: string;
  seed: number;
  tag: string;
  courseId: string;
  sectionId: string;
  targets: string[];
}

const config = JSON.parse(process.env.LECTERN_CRASH_CONFIG ?? '{}') as CrashChildConfig;
const apiKey = process.env.LECTERN_CRASH_KEY ?? '';
/** One write per line: atomic on a pipe, so a kill never leaves half a report the parent trusts. */
const say = (kind: string, payload: Record<string, unknown> = {}) =>
  writeSync(1, `${kind} ${JSON.stringify(payload)}\n`);
const rand = seededRandom(config.seed);
const pick = (n: number) => Math.floor(rand() * n);
const pause = () => new Promise((r) => setTimeout(r, pick(25)));

const client = createApiClient({
  baseUrl: config.baseUrl,
  apiKey,
  retry: { maxAttempts: 8, baseDelayMs: 10, maxDelayMs: 200, deadlineMs: 20_000 },
});
const service = createSyncService({
  dataDir: config.dataDir,
  profileId: config.profileId,
  client,
  retry: { baseDelayMs: 10, maxDelayMs: 100, maxAttempts: 50 },
  connectivity: { offlineProbeMs: 100 },
});
say('READY');

async function edit(draftId: string, patch: Record<string, unknown>) {
  await pause(); // the renderer's debounce: saves arrive while the worker is sending
  say('INTENT', { draftId, patch });
  const view = service.saveDraftFields(draftId, patch);
  say('ACK', { draftId, revision: view.revision, patch });
}

function queue(draftId: string) {
  service.saveToServer(draftId);
  say('QUEUED', { draftId });
}

let tag = config.tag;

async function createSome() {
  const count = 1 + pick(3);
  for (let k = 0; k < count; k++) {
    const resource = rand() < 0.7 ? 'assessment' : 'lesson';
    const title = `crash ${tag} ${resource} ${k}`;
    const fields =
      resource === 'assessment'
        ? { title, description: 'v0', course_id: config.courseId }
        : { title, description: 'v0', lesson_type: 'TEXT' };
    const parent = resource === 'lesson' ? { courseId: config.courseId, sectionId: config.sectionId } : {};
    say('INTENT_CREATE', { title });
    const draft = service.createDraft({ resource, parent, fields });
    say('CREATED', { draftId: draft.id, resource, title, fields });
    const edits = 1 + pick(5);
    for (let j = 1; j <= edits; j++) {
      await edit(
        draft.id,
        resource === 'assessment' ? { description: `v${j}`, duration_minutes: j } : { description: `v${j}` },
      );
    }
    if (rand() < 0.85) queue(draft.id);
  }
}

async function editTarget() {
  const target = config.targets[pick(config.targets.length)]!;
  say('OPENING', { target }); // a sent draft may be rebased to editing before OPENED is printed
  const draft = await service.editDraft({ resource: 'assessment', id: target });
  say('OPENED', { draftId: draft.id, target });
  if (draft.state === 'queued') {
    try {
      service.reopenDraft(draft.id);
    } catch {
      return; // its send may have landed: it must finish first
    }
  }
  if (!['editing', 'sent', 'failed'].includes(service.getDraft(draft.id).state)) return;
  const edits = 1 + pick(4);
  for (let j = 1; j <= edits; j++) {
    try {
      await edit(draft.id, { description: `${tag} edit ${j}`, duration_hours: pick(10) });
    } catch (error) {
      if ((error as { code?: string }).code === 'DRAFT_LOCKED') return;
      throw error;
    }
  }
  if (rand() < 0.85) queue(draft.id);
}

try {
  // Rounds of work until the parent's SIGKILL lands (a cap keeps a forgotten child from living on).
  const started = Date.now();
  for (let round = 0; Date.now() - started < 20_000; round++) {
    tag = `${config.tag}-${round}`;
    await createSome();
    if (rand() < 0.8) await editTarget();
    if (rand() < 0.5) await service.drainOutbox();
  }
  say('DONE', { outbox: service.outboxSummary() });
  await service.close();
  await client.close();
} catch (error) {
  say('ERROR', {
    message: error instanceof Error ? error.message : String(error),
    code: (error as { code?: string }).code,
  });
  process.exitCode = 1;
}
