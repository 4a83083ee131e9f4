// Main process / plain Node tests. The facade against the real sandbox over HTTP and a real SQLite
// file: cache-first browsing (also offline), offline editing and creating, the server coming back,
// exactly-once creates under injected faults, and server field errors.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOON, tempDir } from '../test-support/index.ts';
import { openSandboxSync, startSyncSandbox, type SyncSandbox } from './test-support/sandbox.ts';
import { createSyncService, type SyncEventMap, type SyncService } from './service.ts';

let sandbox: SyncSandbox;
let dataDir: string;
let service: SyncService;
let events: { event: keyof SyncEventMap; payload: unknown }[];
let course: { courseId: string; sectionId: string };

const open = () => openSandboxSync(sandbox, dataDir, { onEvent: (event, payload) => events.push({ event, payload }) });

beforeAll(async () => {
  sandbox = await startSyncSandbox({ randomSeed: 7 });
  course = await sandbox.firstCourse();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  dataDir = tempDir('lectern-sync-');
  events = [];
  service = open();
});
afterEach(async () => {
  sandbox.setFaults({ failRate: 0 });
  await service.close();
});

describe('cache-first reads', () => {
  it('shows nothing, refreshes, then serves the cache at once — also after the server went away', async () => {
    const query = { kind: 'courses', pageSize: 5 } as const;
    expect(service.readCache(query, { refresh: 'never' })).toEqual({ data: null, fetchedAt: null, stale: true });
    service.readCache(query); // stale → background refresh
    await vi.waitFor(() => expect(events.some((e) => e.event === 'cache.updated')).toBe(true), SOON);
    const fresh = service.readCache(query, { refresh: 'never' });
    expect(fresh.data?.results).toHaveLength(5);
    expect(fresh.stale).toBe(false);

    await service.refreshCache({ kind: 'categories' });
    await service.refreshCache({ kind: 'course', courseId: course.courseId });
    await service.refreshCache({ kind: 'sections', courseId: course.courseId });
    await service.refreshCache({ kind: 'quizzes' });
    await service.refreshCache({ kind: 'assessments', courseId: course.courseId });

    await sandbox.stop();
    await service.close();
    service = open(); // a restart, offline
    expect(service.readCache(query, { refresh: 'never' }).data?.results).toHaveLength(5);
    const sections = service.readCache({ kind: 'sections', courseId: course.courseId }, { refresh: 'never' });
    expect(sections.data?.[0]?.lessons?.length).toBeGreaterThan(0);
    expect(service.readCache({ kind: 'categories' }, { refresh: 'never' }).data?.length).toBeGreaterThan(0);
    expect(service.readCache({ kind: 'course', courseId: course.courseId }, { refresh: 'never' }).data?.id).toBe(
      course.courseId,
    );
    await expect(service.refreshCache({ kind: 'quizzes' })).rejects.toMatchObject({ kind: 'Network' });
    expect(service.connectivity().state).toBe('unreachable');
    await sandbox.restart();
  });
});

describe('offline work and the server coming back', () => {
  it('edits and creates offline are queued, then sent exactly once when the sandbox is back', async () => {
    const [id] = await sandbox.assessmentIds(1);
    const edit = await service.editDraft({ resource: 'assessment', id: id! }); // reads while online
    await sandbox.stop();
    const title = `Offline assignment ${Date.now()}`;
    service.saveDraftFields(edit.id, { duration_minutes: 33 });
    service.saveToServer(edit.id);
    const assignment = service.createDraft({
      resource: 'assignment',
      fields: { title, description: 'Written on a train' },
    });
    service.saveToServer(assignment.id);
    await vi.waitFor(() => expect(service.connectivity().state).toBe('unreachable'), SOON);
    expect(service.listOutbox().map((i) => [i.operation, i.state])).toEqual([
      ['update', 'queued'],
      ['create', 'queued'],
    ]);
    expect(events.some((e) => e.event === 'sync.status')).toBe(true);

    await sandbox.restart(); // the probe notices and the outbox drains
    await vi.waitFor(() => expect(service.outboxSummary().count).toBe(0), { ...SOON, timeout: 10_000 });
    expect(service.connectivity().state).toBe('online');
    expect((await sandbox.other.assessments.get(id!)).duration_minutes).toBe(33);
    const sent = service.getDraft(assignment.id);
    expect(sent).toMatchObject({ state: 'sent', values: expect.objectContaining({ title }) });
    // Sending the same create again with its key replays, it does not duplicate.
    const again = await sandbox.other.assignments.create(
      { title, description: 'Written on a train' },
      { idempotencyKey: sent.idempotencyKey! },
    );
    expect(again.id).toBe(sent.serverId);
  });

  it('creates under a 40% fault rate produce exactly one server resource each', async () => {
    sandbox.setFaults({ failRate: 0.4 });
    const titles = [0, 1, 2, 3].map((i) => `Flaky create ${Date.now()}-${i}`);
    const drafts = titles.map((title) =>
      service.createDraft({ resource: 'assessment', fields: { title, description: 'd', course_id: course.courseId } }),
    );
    for (const d of drafts) service.saveToServer(d.id);
    await vi.waitFor(
      () => {
        for (const d of service.listDrafts()) if (d.state === 'failed') service.retryDraft(d.id);
        expect(service.listDrafts().every((d) => d.state === 'sent')).toBe(true);
      },
      { ...SOON, timeout: 20_000 },
    );
    sandbox.setFaults({ failRate: 0 });
    for (const title of titles) expect(await sandbox.assessmentsTitled(title)).toHaveLength(1);
  });

  it('lessons: create once, then edit the created lesson as an update', async () => {
    const title = `New lesson ${Date.now()}`;
    await service.refreshCache({ kind: 'sections', courseId: course.courseId });
    const draft = service.createDraft({
      resource: 'lesson',
      parent: course,
      fields: { title, description: 'Intro', lesson_type: 'TEXT' },
    });
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    const created = service.getDraft(draft.id);
    const edited = service.saveDraftFields(draft.id, { description: 'Intro, revised' });
    expect(edited).toMatchObject({ operation: 'update', state: 'editing', changes: { description: 'Intro, revised' } });
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    const section = await sandbox.other.sections.get(course.courseId, course.sectionId);
    expect(section.lessons!.filter((l) => l.title === title)).toEqual([
      expect.objectContaining({ id: created.serverId, description: 'Intro, revised' }),
    ]);
    // The cached sections list shows the saved lesson without a refetch.
    const cached = service.readCache({ kind: 'sections', courseId: course.courseId }, { refresh: 'never' }).data;
    const cachedLesson = cached?.find((s) => s.id === course.sectionId)?.lessons?.find((l) => l.title === title);
    expect(cachedLesson).toMatchObject({ id: created.serverId, description: 'Intro, revised' });
  });

  it('server 422 field errors come back at the fields they name', async () => {
    const draft = service.createDraft({
      resource: 'lesson',
      parent: course,
      fields: { title: 'Bad type', lesson_type: 'HOLOGRAM' },
    });
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('failed'), SOON);
    const failed = service.getDraft(draft.id);
    expect(failed.error).toMatchObject({ code: 'API_VALIDATION', kind: 'Validation', status: 422 });
    expect(Object.keys(failed.fieldErrors)).toEqual(['lesson_type']);
    expect(service.listOutbox()[0]).toMatchObject({
      state: 'failed',
      lastError: expect.objectContaining({ status: 422 }),
    });
    service.saveDraftFields(draft.id, { lesson_type: 'TEXT' });
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
  });

  it('a rejected key is reported as key-rejected', async () => {
    const { createApiClient } = await import('../api/index.ts');
    const bad = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: 'not-a-key' });
    const other = createSyncService({ dataDir, profileId: 'bad', client: bad });
    await expect(other.checkConnectivity()).resolves.toMatchObject({ state: 'key-rejected' });
    await other.close();
    await bad.close();
  });
});
