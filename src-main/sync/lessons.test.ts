// Main process / plain Node tests. Lesson authoring through the sync engine against the real
// sandbox and a real SQLite store: an offline lesson edit sent once and merged field by field,
// moves that send only `order`, and deletes that wait in the outbox (so "Undo" sends nothing).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SOON, tempDir } from '../test-support/index.ts';
import { startSyncSandbox, type SyncSandbox } from './test-support/sandbox.ts';
import { heldClient } from './test-support/held-client.ts';
import { createSyncService, type SyncService } from './service.ts';

let sandbox: SyncSandbox;
let dataDir: string;
let service: SyncService;
let courseId: string;
let sectionId: string;

beforeAll(async () => {
  sandbox = await startSyncSandbox();
  ({ courseId, sectionId } = await sandbox.firstCourse());
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  dataDir = tempDir('lectern-sync-');
  service = open();
});
afterEach(async () => {
  await service.close();
});

function open(): SyncService {
  return createSyncService({ dataDir, profileId: 'p', client: sandbox.client, retry: { baseDelayMs: 20 } });
}

const lessonsNow = async () => (await sandbox.other.sections.get(courseId, sectionId)).lessons!;
const newLesson = (title: string) =>
  sandbox.other.lessons.create(
    courseId,
    sectionId,
    { title, lesson_type: 'TEXT' },
    { idempotencyKey: crypto.randomUUID() },
  );
const requests = (method: string, lessonId: string) =>
  sandbox.client.requestLog().filter((e) => e.method === method && e.path.endsWith(`/lessons/${lessonId}`)).length;

async function online() {
  await vi.waitFor(() => expect(service.connectivity().state).toBe('online'), { ...SOON, timeout: 10_000 });
}

describe('lesson edits through drafts and the outbox', () => {
  it('an edit drafted offline is sent once when the server is back, merged with a change made meanwhile', async () => {
    const lesson = await newLesson('Offline lesson');
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    await sandbox.stop();
    const draft = await service.editDraft({ resource: 'lesson', id: lesson.id, parent: { courseId, sectionId } });
    service.saveToServer(draft.id, { title: 'Edited offline', text_content: 'Line one\nLine two' });
    await vi.waitFor(() => expect(service.connectivity().state).not.toBe('online'), { ...SOON, timeout: 10_000 });
    expect(service.getDraft(draft.id).state).toBe('queued');

    await sandbox.restart();
    await sandbox.other.lessons.update(courseId, sectionId, lesson.id, { description: 'Theirs, meanwhile' });
    await service.drainOutbox();
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), { ...SOON, timeout: 10_000 });
    expect(await sandbox.other.lessons.get(courseId, sectionId, lesson.id)).toMatchObject({
      title: 'Edited offline',
      text_content: 'Line one\nLine two',
      description: 'Theirs, meanwhile',
    });
    expect(requests('PATCH', lesson.id)).toBe(1);
  });

  it('the same field changed on both sides is a conflict, nothing overwritten', async () => {
    const lesson = await newLesson('Contested');
    const draft = await service.editDraft({ resource: 'lesson', id: lesson.id, parent: { courseId, sectionId } });
    service.saveDraftFields(draft.id, { title: 'Mine' });
    await sandbox.other.lessons.update(courseId, sectionId, lesson.id, { title: 'Theirs' });
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('conflict'), { ...SOON, timeout: 10_000 });
    expect(service.getDraft(draft.id).conflict?.fields.map((f) => f.field)).toEqual(['title']);
    expect((await sandbox.other.lessons.get(courseId, sectionId, lesson.id)).title).toBe('Theirs');
  });

  it('a move sends only order, shows at once in the cache, and is not a conflict when siblings moved', async () => {
    const [a, b, c] = [await newLesson('Move A'), await newLesson('Move B'), await newLesson('Move C')];
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    const total = (await lessonsNow()).length;
    // B is drafted first (its base says it is at some place)…
    await service.editDraft({ resource: 'lesson', id: b.id, parent: { courseId, sectionId } });
    // …then another user moves A to the top, which shifts B on the server.
    await sandbox.other.lessons.update(courseId, sectionId, a.id, { order: 1 });
    await service.refreshCache({ kind: 'sections', courseId });
    await service.moveLesson({ courseId, sectionId, id: b.id }, 1);
    const cached = service.readCache({ kind: 'sections', courseId }, { refresh: 'never' }).data!;
    const cachedIds = [...cached.find((s) => s.id === sectionId)!.lessons!].sort((x, y) => x.order! - y.order!);
    expect(cachedIds[0]?.id).toBe(b.id); // optimistic: before the server answered
    await vi.waitFor(async () => expect((await lessonsNow())[0]?.id).toBe(b.id), { timeout: 10_000 });
    const after = await lessonsNow();
    expect(after[1]?.id).toBe(a.id);
    expect(after.map((l) => l.order)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    const patches = sandbox.client.requestLog().filter((e) => e.method === 'PATCH' && e.path.endsWith(b.id));
    expect(patches).toHaveLength(1);
    expect(c.id).toBeTruthy();
  });
});

describe('a move made offline', () => {
  it('shows at once from the cache and reaches the server once it is back', async () => {
    const lesson = await newLesson('Moved offline');
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    await sandbox.stop();
    await service.checkConnectivity();
    await vi.waitFor(() => expect(service.connectivity().state).not.toBe('online'), { ...SOON, timeout: 10_000 });
    await service.moveLesson({ courseId, sectionId, id: lesson.id }, 1);
    const cached = service.readCache({ kind: 'sections', courseId }, { refresh: 'never' }).data!;
    const first = [...cached.find((s) => s.id === sectionId)!.lessons!].sort((x, y) => x.order! - y.order!)[0];
    expect(first?.id).toBe(lesson.id);
    await sandbox.restart();
    await service.drainOutbox();
    await vi.waitFor(async () => expect((await lessonsNow())[0]?.id).toBe(lesson.id), { timeout: 10_000 });
    expect(requests('PATCH', lesson.id)).toBe(1);
  });
});

const cachedFirst = (s: SyncService) => {
  const sections = s.readCache({ kind: 'sections', courseId }, { refresh: 'never' }).data!;
  return [...sections.find((x) => x.id === sectionId)!.lessons!].sort((x, y) => x.order! - y.order!)[0]?.id;
};

describe('a read of the sections that crosses a move', () => {
  it('a read answered before the move reached the server is read again, not written over the move', async () => {
    const lesson = await newLesson('Crossed by a read');
    const held = heldClient(sandbox.client, 'sections.pages');
    onTestFinished(() => held.release());
    await service.close();
    service = createSyncService({ dataDir, profileId: 'p', client: held.client, retry: { baseDelayMs: 20 } });
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    held.arm();
    const reading = service.refreshCache({ kind: 'sections', courseId }); // answered, then held
    await held.reached;
    await service.moveLesson({ courseId, sectionId, id: lesson.id }, 1);
    await vi.waitFor(async () => expect((await lessonsNow())[0]?.id).toBe(lesson.id), { timeout: 10_000 });
    held.release();
    await reading;
    expect(cachedFirst(service)).toBe(lesson.id);
  });

  it('a move still waiting in the outbox is laid over a fresh read of the sections', async () => {
    const lesson = await newLesson('Waiting move');
    const held = heldClient(sandbox.client, 'lessons.update');
    onTestFinished(() => held.release()); // a failed check must not leave the PATCH held at close
    await service.close();
    service = createSyncService({ dataDir, profileId: 'p', client: held.client, retry: { baseDelayMs: 20 } });
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    held.arm();
    await service.moveLesson({ courseId, sectionId, id: lesson.id }, 1);
    await held.reached; // the PATCH is on its way, not answered
    await service.refreshCache({ kind: 'sections', courseId });
    expect((await lessonsNow())[0]?.id).not.toBe(lesson.id);
    expect(cachedFirst(service)).toBe(lesson.id);
    held.release();
    await vi.waitFor(async () => expect((await lessonsNow())[0]?.id).toBe(lesson.id), { timeout: 10_000 });
  });
});

describe('a move and unsaved edits', () => {
  it('a lesson with edits not yet saved to the server is not moved (nothing of it is sent)', async () => {
    const lesson = await newLesson('Half edited');
    await online();
    await service.refreshCache({ kind: 'sections', courseId });
    const draft = await service.editDraft({ resource: 'lesson', id: lesson.id, parent: { courseId, sectionId } });
    service.saveDraftFields(draft.id, { title: 'Not ready yet' });
    await expect(service.moveLesson({ courseId, sectionId, id: lesson.id }, 1)).rejects.toMatchObject({
      code: 'LESSON_HAS_UNSAVED_CHANGES',
    });
    expect(service.getDraft(draft.id)).toMatchObject({ state: 'editing', changes: { title: 'Not ready yet' } });
    expect(requests('PATCH', lesson.id)).toBe(0);
  });
});

describe('a new lesson', () => {
  it('a text lesson is created once with its text; a 422 comes back at its field', async () => {
    await online();
    const title = `Created text ${Date.now()}`;
    const draft = service.createDraft({
      resource: 'lesson',
      parent: { courseId, sectionId },
      fields: { title, lesson_type: 'TEXT', text_content: 'Body' },
    });
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), { ...SOON, timeout: 10_000 });
    const created = (await lessonsNow()).filter((l) => l.title === title);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ lesson_type: 'TEXT', text_content: 'Body' });

    // The server refuses a video that is no completed upload: the error is kept by field.
    const bad = service.createDraft({
      resource: 'lesson',
      parent: { courseId, sectionId },
      fields: { title: 'With a bad video', video_upload_id: crypto.randomUUID() },
    });
    service.saveToServer(bad.id);
    await vi.waitFor(() => expect(service.getDraft(bad.id).state).toBe('failed'), { ...SOON, timeout: 10_000 });
    expect(Object.keys(service.getDraft(bad.id).fieldErrors)).toEqual(['video_upload_id']);
  });
});

describe('deletes wait in the outbox', () => {
  it('is not sent before its not-before time, then sent once', async () => {
    const lesson = await newLesson('Delete later');
    await online();
    const pending = service.scheduleLessonDelete({ courseId, sectionId, id: lesson.id }, 400);
    expect(pending.notBefore).toBeGreaterThan(Date.now());
    await service.drainOutbox(); // a drain now must leave it waiting
    expect(requests('DELETE', lesson.id)).toBe(0);
    expect((await lessonsNow()).some((l) => l.id === lesson.id)).toBe(true);
    await vi.waitFor(() => expect(service.pendingLessonWork(courseId).deletes).toHaveLength(0), {
      ...SOON,
      timeout: 10_000,
    });
    expect((await lessonsNow()).some((l) => l.id === lesson.id)).toBe(false);
    expect(requests('DELETE', lesson.id)).toBe(1);
  });

  it('undo inside the window sends nothing', async () => {
    const [kept, gone] = [await newLesson('Undone delete'), await newLesson('Later delete')];
    await online();
    const pending = service.scheduleLessonDelete({ courseId, sectionId, id: kept.id }, 300);
    service.undoLessonDelete(pending.draftId);
    // A second delete with the same window: once it has gone out, the first one's window is over.
    service.scheduleLessonDelete({ courseId, sectionId, id: gone.id }, 300);
    await vi.waitFor(() => expect(service.pendingLessonWork(courseId).deletes).toHaveLength(0), {
      ...SOON,
      timeout: 10_000,
    });
    expect(requests('DELETE', gone.id)).toBe(1);
    expect(requests('DELETE', kept.id)).toBe(0);
    expect((await lessonsNow()).some((l) => l.id === kept.id)).toBe(true);
    expect(() => service.getDraft(pending.draftId)).toThrow();
  });

  it('keeps its not-before time across a restart of the app', async () => {
    const lesson = await newLesson('Delete after restart');
    await online();
    const pending = service.scheduleLessonDelete({ courseId, sectionId, id: lesson.id }, 60_000);
    await service.close();
    service = open();
    await online();
    await service.drainOutbox();
    const [again] = service.pendingLessonWork(courseId).deletes;
    expect(again).toMatchObject({ draftId: pending.draftId, notBefore: pending.notBefore, state: 'queued' });
    expect(requests('DELETE', lesson.id)).toBe(0);
    service.undoLessonDelete(pending.draftId);
    expect(service.outboxSummary().count).toBe(0);
  });

  it('a lesson already gone on the server counts as deleted (no failure, no second try)', async () => {
    const lesson = await newLesson('Deleted elsewhere');
    await online();
    // Gone on the server before ours is sent, whatever the machine's speed: ours waits until asked.
    const pending = service.scheduleLessonDelete({ courseId, sectionId, id: lesson.id }, 60_000);
    await sandbox.other.lessons.delete(courseId, sectionId, lesson.id);
    service.retryDraft(pending.draftId);
    await vi.waitFor(() => expect(service.pendingLessonWork(courseId).deletes).toHaveLength(0), {
      ...SOON,
      timeout: 10_000,
    });
    expect(requests('DELETE', lesson.id)).toBe(1);
    expect(service.outboxSummary().failed).toBe(0);
  });
});
