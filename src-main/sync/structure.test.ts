// Main process / plain Node tests. Sections and course details through drafts and the outbox against
// the real sandbox and a real SQLite store: online, offline (sent once when the server is back),
// conflicts field by field, a section that still holds lessons, and a server without them
// (`--no-structure`): noted once, remembered for the workspace, drafts kept.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SOON, tempDir } from '../test-support/index.ts';
import { startSyncSandbox, type SyncSandbox } from './test-support/sandbox.ts';
import type { SyncApiClient } from './client.ts';
import { createSyncService, type SyncService } from './service.ts';
import { heldClient } from './test-support/held-client.ts';

let sandbox: SyncSandbox;
let dataDir: string;
let service: SyncService;
let courseId: string;
const missingEvents: unknown[] = [];
const WAIT = { ...SOON, timeout: 10_000 };

beforeAll(async () => {
  sandbox = await startSyncSandbox();
  ({ courseId } = await sandbox.firstCourse());
});
afterAll(() => sandbox.close());
beforeEach(() => {
  dataDir = tempDir('lectern-structure-');
  service = open();
});
afterEach(async () => {
  sandbox.setFaults({ noStructure: false });
  await service.close();
});

function open(client: SyncApiClient = sandbox.client): SyncService {
  return createSyncService({
    dataDir,
    profileId: 'p',
    client,
    connectivity: { offlineProbeMs: 100 },
    retry: { baseDelayMs: 20, maxDelayMs: 100 },
    onEvent: (event, payload) => {
      if (event === 'structure.missing') missingEvents.push(payload);
    },
  });
}

const online = () => vi.waitFor(() => expect(service.connectivity().state).toBe('online'), WAIT);
const sectionsNow = async () => (await sandbox.other.sections.list(courseId, { pageSize: 100 })).results;
const sent = (draftId: string) => vi.waitFor(() => expect(service.getDraft(draftId).state).toBe('sent'), WAIT);

describe('sections through drafts and the outbox', () => {
  it('create, rename and move: each sent once, order shifting the others', async () => {
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    const created = service.structure.createSection(courseId, { title: 'Through the outbox', description: 'new' });
    expect(created.idempotencyKey).toEqual(expect.any(String));
    await service.drainOutbox();
    await sent(created.id);
    const serverId = service.getDraft(created.id).serverId!;
    expect((await sectionsNow()).at(-1)).toMatchObject({ id: serverId, title: 'Through the outbox' });

    const edit = await service.structure.editSection({ courseId, id: serverId });
    service.saveToServer(edit.id, { title: 'Renamed', description: 'Described' });
    await service.drainOutbox();
    await sent(edit.id);
    await service.structure.moveSection({ courseId, id: serverId }, 1);
    await service.drainOutbox();
    await sent(edit.id);
    const after = await sectionsNow();
    expect(after[0]).toMatchObject({ id: serverId, title: 'Renamed', description: 'Described', order: 1 });
    expect(after.map((s) => s.order)).toEqual(after.map((_, i) => i + 1));
    const cached = service.readCache({ kind: 'sections', courseId }, { refresh: 'never' }).data as { id: string }[];
    expect(cached[0]?.id).toBe(serverId);
  });

  it('offline: a new section waits as a draft and is created exactly once when the server is back', async () => {
    await online();
    const before = (await sectionsNow()).length;
    await sandbox.stop();
    await vi
      .waitFor(() => expect(service.connectivity().state).not.toBe('online'), WAIT)
      .catch(async () => {
        await service.checkConnectivity();
      });
    const draft = service.structure.createSection(courseId, { title: 'Made offline' });
    expect(service.getDraft(draft.id).state).toBe('queued');
    await sandbox.restart();
    await service.drainOutbox();
    await sent(draft.id);
    const after = await sectionsNow();
    expect(after).toHaveLength(before + 1);
    expect(after.filter((s) => s.title === 'Made offline')).toHaveLength(1);
  });

  it('a rename conflicting with another user’s rename is a field-by-field conflict', async () => {
    await online();
    const target = (await sectionsNow())[1]!;
    const edit = await service.structure.editSection({ courseId, id: target.id });
    await sandbox.other.sections.update(courseId, target.id, { title: 'Theirs' });
    service.saveToServer(edit.id, { title: 'Mine' });
    await service.drainOutbox();
    await vi.waitFor(() => expect(service.getDraft(edit.id).state).toBe('conflict'), WAIT);
    const view = service.getDraft(edit.id);
    expect(view.conflict?.fields).toEqual([
      expect.objectContaining({ field: 'title', mine: 'Mine', theirs: 'Theirs' }),
    ]);
  });

  it('a section that still holds lessons is never deleted; an empty one waits, can be undone, then goes', async () => {
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    const full = (await sectionsNow()).find((s) => (s.lessons?.length ?? 0) > 0)!;
    expect(() => service.structure.scheduleSectionDelete({ courseId, id: full.id }, 0)).toThrow(/still holds/);

    const empty = await sandbox.other.sections.create(
      courseId,
      { title: 'Empty' },
      { idempotencyKey: crypto.randomUUID() },
    );
    await service.refreshCache({ kind: 'sections', courseId });
    const waiting = service.structure.scheduleSectionDelete({ courseId, id: empty.id }, 60_000);
    service.structure.undoSectionDelete(waiting.draftId);
    expect((await sectionsNow()).some((s) => s.id === empty.id)).toBe(true);
    service.structure.scheduleSectionDelete({ courseId, id: empty.id }, 0);
    await service.drainOutbox();
    await vi.waitFor(async () => expect((await sectionsNow()).some((s) => s.id === empty.id)).toBe(false), WAIT);
  });

  it('a section deleted with its lessons, asked by name: Undo brings them all back; without it all go', async () => {
    await online();
    const section = await sandbox.other.sections.create(
      courseId,
      { title: 'With two lessons' },
      { idempotencyKey: crypto.randomUUID() },
    );
    for (const title of ['One', 'Two']) {
      await sandbox.other.lessons.create(
        courseId,
        section.id,
        { title, lesson_type: 'TEXT' },
        { idempotencyKey: crypto.randomUUID() },
      );
    }
    await service.refreshCache({ kind: 'sections', courseId });
    const waiting = service.structure.scheduleSectionDelete({ courseId, id: section.id }, 60_000, {
      withLessons: true,
    });
    const lessonDeletes = () =>
      service.pendingLessonWork(courseId).deletes.filter((d) => d.parent.sectionId === section.id);
    expect(lessonDeletes()).toHaveLength(2);
    service.structure.undoSectionDelete(waiting.draftId);
    expect(lessonDeletes()).toHaveLength(0);
    expect(service.structure.pending(courseId).deletes).toHaveLength(0);

    service.structure.scheduleSectionDelete({ courseId, id: section.id }, 0, { withLessons: true });
    await vi.waitFor(
      async () => {
        await service.drainOutbox();
        expect((await sectionsNow()).some((s) => s.id === section.id)).toBe(false);
      },
      { ...WAIT, timeout: 20_000 },
    );
  });

  it('a rename shows in the cached course at once and waits as a rename until sent', async () => {
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    const [first] = await sectionsNow();
    service.setNetworkHint(false);
    await service.structure.renameSection({ courseId, id: first!.id }, { title: 'Renamed at once' });
    const cached = service.readCache({ kind: 'sections', courseId }).data as { id: string; title: string }[];
    expect(cached.find((s) => s.id === first!.id)?.title).toBe('Renamed at once');
    expect(service.structure.pending(courseId).renames).toEqual([
      expect.objectContaining({ sectionId: first!.id, title: 'Renamed at once' }),
    ]);
    service.setNetworkHint(true);
    await vi.waitFor(async () => {
      await service.drainOutbox();
      expect((await sectionsNow()).find((s) => s.id === first!.id)?.title).toBe('Renamed at once');
    }, WAIT);
    expect(service.structure.pending(courseId).renames).toEqual([]);
  });

  it('a move to where a copy read before shows the section is sent all the same (Undo right after a move)', async () => {
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    const [first] = await sectionsNow();
    // The server has it at 2 since that read (a move of ours whose answer the cached list predates).
    await sandbox.other.sections.update(courseId, first!.id, { order: 2 });
    await service.structure.moveSection({ courseId, id: first!.id }, 1);
    await vi.waitFor(async () => {
      await service.drainOutbox();
      expect((await sectionsNow())[0]?.id).toBe(first!.id);
    }, WAIT);
  });

  it('a move still waiting in the outbox is laid over a fresh read of the sections (a second move right after one)', async () => {
    const held = heldClient(sandbox.client, 'sections.update');
    onTestFinished(() => held.release()); // a failed check must not leave the PATCH held at close
    await service.close();
    service = open(held.client);
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    const [first, second] = await sectionsNow();
    held.arm();
    await service.structure.moveSection({ courseId, id: second!.id }, 1);
    await held.reached; // the PATCH is on its way, not answered
    await service.refreshCache({ kind: 'sections', courseId }); // answered with the order from before it
    expect((await sectionsNow())[0]?.id).toBe(first!.id);
    const cached = service.readCache({ kind: 'sections', courseId }, { refresh: 'never' }).data as { id: string }[];
    expect(cached.map((s) => s.id).slice(0, 2)).toEqual([second!.id, first!.id]);
    held.release();
    await vi.waitFor(async () => expect((await sectionsNow())[0]?.id).toBe(second!.id), WAIT);
    await service.structure.moveSection({ courseId, id: second!.id }, 2); // and back, for the tests after
    await vi.waitFor(async () => {
      await service.drainOutbox();
      expect((await sectionsNow())[0]?.id).toBe(first!.id);
    }, WAIT);
  });

  it('a stale cache: the server refuses (422) and the refusal is kept in words', async () => {
    await online();
    const section = await sandbox.other.sections.create(
      courseId,
      { title: 'Looks empty' },
      { idempotencyKey: crypto.randomUUID() },
    );
    await service.refreshCache({ kind: 'sections', courseId });
    await sandbox.other.lessons.create(
      courseId,
      section.id,
      { title: 'Added by someone' },
      { idempotencyKey: crypto.randomUUID() },
    );
    service.structure.scheduleSectionDelete({ courseId, id: section.id }, 0);
    await service.drainOutbox();
    await vi.waitFor(() => expect(service.structure.pending(courseId).deletes[0]?.state).toBe('failed'), WAIT);
    expect(service.structure.pending(courseId).deletes[0]?.refusal).toMatch(/still holds lessons \(422\)/);
    expect((await sandbox.other.sections.get(courseId, section.id)).lessons).toHaveLength(1);
  });
});

describe('course details', () => {
  it('name, level and categories drafted and sent; a concurrent description change is merged', async () => {
    await online();
    const categories = (await sandbox.other.categories.list()).results.slice(0, 1).map((c) => c.id);
    const draft = await service.structure.editCourse(courseId);
    service.saveDraftFields(draft.id, { name: 'Drafted name', level: 'intermediate', category_ids: categories });
    await sandbox.other.courses.update(courseId, { description: 'Theirs meanwhile' });
    service.saveToServer(draft.id);
    await service.drainOutbox();
    await sent(draft.id);
    const course = await sandbox.other.courses.get(courseId);
    expect(course).toMatchObject({ name: 'Drafted name', level: 'intermediate', description: 'Theirs meanwhile' });
    expect(course.categories?.map((c) => c.id)).toEqual(categories);
  });
});

describe('a server without them (--no-structure)', () => {
  it('noted once, remembered for the workspace across a restart, the action refused with the reason, the draft kept', async () => {
    await online();
    sandbox.setFaults({ noStructure: true });
    missingEvents.length = 0;
    const draft = await service.structure.editCourse(courseId);
    service.saveToServer(draft.id, { name: 'Will not go' });
    await service.drainOutbox();
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('failed'), WAIT);
    expect(service.getDraft(draft.id).values.name).toBe('Will not go');
    expect(service.structure.missing()).toEqual([
      expect.objectContaining({
        operation: 'courses.update',
        message: 'This server does not let Lectern change course details.',
      }),
    ]);
    expect(missingEvents).toHaveLength(1);

    await service.close();
    service = open();
    expect(service.structure.missing().map((m) => m.operation)).toEqual(['courses.update']);
    expect(() => service.saveToServer(draft.id, { description: 'also kept' })).toThrow(
      /does not let Lectern change course details/,
    );
    expect(service.getDraft(draft.id).values).toMatchObject({ name: 'Will not go', description: 'also kept' });

    const section = service.structure.createSection(courseId, { title: 'No sections here' });
    await service.drainOutbox();
    await vi.waitFor(() => expect(service.getDraft(section.id).state).toBe('failed'), WAIT);
    expect(() => service.structure.createSection(courseId, { title: 'Again' })).toThrow(
      /does not let Lectern create sections/,
    );
    expect(service.getDraft(section.id).values.title).toBe('No sections here');

    sandbox.setFaults({ noStructure: false });
    service.structure.recheck();
    service.retryDraft(section.id);
    await service.drainOutbox();
    await sent(section.id);
  });
});
