// Main process / plain Node tests. A key the server refuses writes for (the sandbox's viewer key),
// over real HTTP against the sandbox and a real SQLite store: the refused move is undone in the
// cached section, the reason says the key may not *change* lessons, the workspace is marked
// read-only for lesson changes (kept across a restart), further moves are refused up front, and
// the mark is cleared by "Check again" / a new key or by a write that goes through.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOON, startTestSandbox, tempDir, type TestSandbox } from '../test-support/index.ts';
import { createLanguageService } from '../i18n/index.ts';
import { createSyncService, type SyncService } from './service.ts';
import type { ApiClient } from '../api/index.ts';

let server: TestSandbox;
let viewer: ApiClient;
let admin: ApiClient;
let dataDir: string;
let service: SyncService;
let courseId: string;
let sectionId: string;
const events: { event: string; payload: unknown }[] = [];

beforeAll(async () => {
  server = await startTestSandbox({ seed: 'demo' });
  viewer = server.client({ apiKey: server.keys.tenantViewer, retry: { maxAttempts: 1 } });
  admin = server.client();
  const courses = await admin.courses.list({ pageSize: 1 });
  courseId = courses.results[0]!.id;
  sectionId = (await admin.sections.list(courseId)).results[0]!.id;
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dataDir = tempDir('lectern-writes-');
  events.length = 0;
  service = open(viewer);
});
afterEach(async () => {
  await service.close();
});

function open(client: ApiClient): SyncService {
  return createSyncService({
    dataDir,
    profileId: 'p',
    client,
    retry: { baseDelayMs: 20 },
    onEvent: (event, payload) => events.push({ event, payload }),
  });
}

const order = (lessonId: string) =>
  service
    .readCache({ kind: 'sections', courseId }, { refresh: 'never' })
    .data?.find((s) => s.id === sectionId)
    ?.lessons?.find((l) => l.id === lessonId)?.order;

describe('a key the server refuses writes for', () => {
  it('a refused move goes back, says the key may not change lessons, and marks lessons read-only once', async () => {
    const lessons = (await admin.sections.get(courseId, sectionId)).lessons!;
    expect(lessons.length).toBeGreaterThan(1);
    const first = [...lessons].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))[0]!;
    await service.refreshCache({ kind: 'sections', courseId });
    const before = order(first.id);

    await service.moveLesson({ courseId, sectionId, id: first.id }, 2);
    expect(order(first.id)).toBe(2); // shown at once

    const draft = () => service.listDrafts().find((d) => d.serverId === first.id)!;
    await vi.waitFor(() => expect(draft().state).toBe('failed'), { ...SOON, timeout: 10_000 });
    expect(draft().error).toMatchObject({ code: 'WRITE_REFUSED', kind: 'Forbidden', status: 403 });
    expect(draft().error!.message).toMatch(/may view lessons but not change them/);
    expect(draft().error!.message).not.toMatch(/open/);
    // The move is undone where it was made; the server never moved it.
    await vi.waitFor(() => expect(order(first.id)).toBe(before), { ...SOON, timeout: 10_000 });
    expect((await admin.lessons.get(courseId, sectionId, first.id)).order).toBe(first.order);

    expect(service.writesRefused().map((r) => r.resource)).toEqual(['lesson']);
    const said = events.filter((e) => e.event === 'writes.changed');
    expect(said).toHaveLength(1);
    expect(said[0]!.payload).toMatchObject({ newly: { resource: 'lesson' } });
    expect(service.outboxSummary()).toMatchObject({ failed: 1 });

    // Known now: the next move is refused up front with the same reason, and nothing moves.
    await expect(service.moveLesson({ courseId, sectionId, id: first.id }, 2)).rejects.toMatchObject({
      code: 'WRITE_REFUSED',
      message: expect.stringMatching(/may view lessons but not change them/),
    });
    expect(order(first.id)).toBe(before);
  });

  it('the mark is kept across a restart and cleared by "Check again" (or a new key)', async () => {
    const lesson = (await admin.sections.get(courseId, sectionId)).lessons![0]!;
    await service.refreshCache({ kind: 'sections', courseId });
    await service.moveLesson({ courseId, sectionId, id: lesson.id }, 2);
    await vi.waitFor(() => expect(service.writesRefused()).toHaveLength(1), { ...SOON, timeout: 10_000 });

    await service.close();
    service = open(viewer);
    expect(service.writesRefused().map((r) => r.resource)).toEqual(['lesson']);
    // Noted in English, read in the language chosen since.
    const language = await createLanguageService({ dataDir, systemLocales: ['en-US'] });
    try {
      await language.set('de');
      expect(service.writesRefused()[0]!.message).toMatch(/darf Lektionen ansehen, aber nicht ändern/);
    } finally {
      await language.set('en');
    }
    service.forgetWriteRefusals();
    expect(service.writesRefused()).toEqual([]);
  });

  it('a write of that kind that goes through clears the mark', async () => {
    const lesson = (await admin.sections.get(courseId, sectionId)).lessons![0]!;
    await service.refreshCache({ kind: 'sections', courseId });
    const draft = await service.editDraft({ resource: 'lesson', id: lesson.id, parent: { courseId, sectionId } });
    service.saveToServer(draft.id, { description: 'Refused' });
    await vi.waitFor(() => expect(service.writesRefused()).toHaveLength(1), { ...SOON, timeout: 10_000 });

    // The same workspace with a key that may change lessons (the admin's): the retry goes through.
    await service.close();
    service = open(admin);
    service.retryDraft(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), { ...SOON, timeout: 10_000 });
    expect(service.writesRefused()).toEqual([]);
  });

  it('a refused read (the GET before a PATCH) does not mark writes', async () => {
    // A service-provider key may not even read tenant-only assessments: that is no write refusal.
    const id = (await admin.assessments.list({ pageSize: 1 })).results[0]!.id;
    await service.close();
    service = open(admin);
    const draft = await service.editDraft({ resource: 'assessment', id });
    service.saveDraftFields(draft.id, { title: 'Never read back' });
    await service.close();
    service = open(server.client({ apiKey: server.keys.serviceProvider, retry: { maxAttempts: 1 } }));
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('failed'), { ...SOON, timeout: 10_000 });
    expect(service.getDraft(draft.id).error).toMatchObject({ kind: 'Forbidden' });
    expect(service.getDraft(draft.id).error?.code).not.toBe('WRITE_REFUSED');
    expect(service.writesRefused()).toEqual([]);
  });
});
