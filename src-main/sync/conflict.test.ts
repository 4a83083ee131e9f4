// Main process / plain Node tests. Every merge case end to end: a draft edited in
// Lectern while "another user" edits (or deletes) the same assessment on the sandbox server.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOON, tempDir } from '../test-support/index.ts';
import { startSyncSandbox, type SyncSandbox } from './test-support/sandbox.ts';
import { createSyncService, type SyncService } from './service.ts';

let sandbox: SyncSandbox;
let dataDir: string;
let service: SyncService;
let ids: string[];
let next = 0;

beforeAll(async () => {
  sandbox = await startSyncSandbox();
  ids = await sandbox.assessmentIds(8);
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  dataDir = tempDir('lectern-sync-');
  service = createSyncService({ dataDir, profileId: 'p', client: sandbox.client });
});
afterEach(async () => {
  await service.close();
});

/** A fresh seeded assessment per test, and a draft of it with the user's edits saved. */
async function draftOf(edits: Record<string, unknown>) {
  const id = ids[next++]!;
  const draft = await service.editDraft({ resource: 'assessment', id });
  return { id, draft: service.saveDraftFields(draft.id, edits) };
}

async function sendAndSettle(draftId: string) {
  service.saveToServer(draftId);
  await vi.waitFor(
    () => expect(['sent', 'conflict', 'failed', 'deleted-on-server']).toContain(service.getDraft(draftId).state),
    SOON,
  );
  return service.getDraft(draftId);
}

describe('conflicts against the sandbox', () => {
  it('server unchanged: only the changed fields are sent', async () => {
    const { id, draft } = await draftOf({ duration_minutes: 45 });
    const sent = await sendAndSettle(draft.id);
    expect(sent.state).toBe('sent');
    const server = await sandbox.other.assessments.get(id);
    expect(server.duration_minutes).toBe(45);
    expect(server.title).toBe(draft.base?.title);
  });

  it('server changed a field the user did not touch: both changes end up on the server', async () => {
    const { id, draft } = await draftOf({ title: 'Mine: new title' });
    await sandbox.other.assessments.update(id, { description: 'Theirs: new description' });
    const sent = await sendAndSettle(draft.id);
    expect(sent.state).toBe('sent');
    expect(sent.values).toMatchObject({ title: 'Mine: new title', description: 'Theirs: new description' });
    expect(await sandbox.other.assessments.get(id)).toMatchObject({
      title: 'Mine: new title',
      description: 'Theirs: new description',
    });
  });

  it('both changed a field to the same value: no conflict', async () => {
    const { id, draft } = await draftOf({ title: 'Same on both sides', duration_hours: 3 });
    await sandbox.other.assessments.update(id, { title: 'Same on both sides' });
    const sent = await sendAndSettle(draft.id);
    expect(sent.state).toBe('sent');
    expect(await sandbox.other.assessments.get(id)).toMatchObject({ title: 'Same on both sides', duration_hours: 3 });
  });

  it('both changed a field differently: conflict with base/mine/theirs, nothing overwritten; mine wins when chosen', async () => {
    const { id, draft } = await draftOf({ title: 'Mine', duration_minutes: 50 });
    const baseTitle = draft.base?.title;
    await sandbox.other.assessments.update(id, { title: 'Theirs' });
    const conflicted = await sendAndSettle(draft.id);
    expect(conflicted.state).toBe('conflict');
    expect(conflicted.conflict?.fields).toEqual([{ field: 'title', base: baseTitle, mine: 'Mine', theirs: 'Theirs' }]);
    // Nothing was written while in conflict, not even the user-only field.
    expect(await sandbox.other.assessments.get(id)).toMatchObject({
      title: 'Theirs',
      duration_minutes: draft.base?.duration_minutes,
    });
    expect(() => service.saveToServer(draft.id)).toThrow(expect.objectContaining({ code: 'DRAFT_IN_CONFLICT' }));
    expect(() => service.resolveConflict(draft.id, {})).toThrow(
      expect.objectContaining({ code: 'CONFLICT_UNRESOLVED' }),
    );

    service.resolveConflict(draft.id, { title: 'mine' });
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    expect(await sandbox.other.assessments.get(id)).toMatchObject({ title: 'Mine', duration_minutes: 50 });
  });

  it('choosing theirs keeps the server value and still sends the user-only fields', async () => {
    const { id, draft } = await draftOf({ description: 'Mine', status: 'ARCHIVED' });
    await sandbox.other.assessments.update(id, { description: 'Theirs', duration_hours: 7 });
    expect((await sendAndSettle(draft.id)).state).toBe('conflict');
    service.resolveConflict(draft.id, { description: 'theirs' });
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    expect(await sandbox.other.assessments.get(id)).toMatchObject({
      description: 'Theirs',
      status: 'ARCHIVED',
      duration_hours: 7,
    });
  });

  it('the server changing again before the resolution is sent is a new conflict, not an overwrite', async () => {
    const { id, draft } = await draftOf({ title: 'Mine v1' });
    await sandbox.other.assessments.update(id, { title: 'Theirs v1' });
    expect((await sendAndSettle(draft.id)).state).toBe('conflict');
    await service.close();
    await sandbox.other.assessments.update(id, { title: 'Theirs v2' });
    service = createSyncService({ dataDir, profileId: 'p', client: sandbox.client });
    service.setNetworkHint(false); // resolve offline, then come back
    service.resolveConflict(draft.id, { title: 'mine' });
    expect(service.getDraft(draft.id).state).toBe('queued');
    service.setNetworkHint(true);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('conflict'), SOON);
    expect(service.getDraft(draft.id).conflict?.fields).toEqual([
      { field: 'title', base: 'Theirs v1', mine: 'Mine v1', theirs: 'Theirs v2' },
    ]);
    expect((await sandbox.other.assessments.get(id)).title).toBe('Theirs v2');
  });

  it('deleted on the server while drafted: reported, the draft and its values are kept', async () => {
    const { id, draft } = await draftOf({ title: 'Edited offline', duration_minutes: 12 });
    await sandbox.other.assessments.delete(id);
    const gone = await sendAndSettle(draft.id);
    expect(gone.state).toBe('deleted-on-server');
    expect(gone.error).toMatchObject({ kind: 'NotFound', status: 404 });
    expect(gone.values).toMatchObject({ title: 'Edited offline', duration_minutes: 12 });
    expect(service.listOutbox()).toEqual([]);
    // Still editable (the work is the user's), never sendable; discard is the way out.
    expect(service.saveDraftFields(draft.id, { duration_minutes: 13 }).values.duration_minutes).toBe(13);
    expect(() => service.saveToServer(draft.id)).toThrow(expect.objectContaining({ code: 'DELETED_ON_SERVER' }));
    service.discardDraft(draft.id);
    expect(service.listDrafts()).toEqual([]);
  });

  it('a lesson edited on both sides conflicts the same way', async () => {
    const { courseId, sectionId } = await sandbox.firstCourse();
    const section = await sandbox.other.sections.get(courseId, sectionId);
    const lesson = section.lessons![0]!;
    const draft = await service.editDraft({ resource: 'lesson', id: lesson.id, parent: { courseId, sectionId } });
    service.saveDraftFields(draft.id, { title: 'Lesson: mine' });
    await sandbox.other.lessons.update(courseId, sectionId, lesson.id, { title: 'Lesson: theirs' });
    const conflicted = await sendAndSettle(draft.id);
    expect(conflicted.conflict?.fields).toEqual([
      { field: 'title', base: lesson.title, mine: 'Lesson: mine', theirs: 'Lesson: theirs' },
    ]);
    service.resolveConflict(draft.id, { title: 'mine' });
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    expect((await sandbox.other.lessons.get(courseId, sectionId, lesson.id)).title).toBe('Lesson: mine');
  });
});
