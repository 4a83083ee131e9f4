// Main process / plain Node tests. Drafts and the outbox on a real SQLite file, with an in-memory
// stand-in for the server: transactions, ordering, retries, failures, offline, recovery.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOON, tempDir } from '../test-support/index.ts';
import { createSyncService, type SyncEventMap, type SyncService } from './service.ts';
import { createFakeServer, FakeApiError, type FakeServer } from './test-support/index.ts';

let dataDir: string;
let server: FakeServer;
let service: SyncService;
let events: { event: keyof SyncEventMap; payload: unknown }[];
let internalErrors: unknown[];

const open = (
  retry: { baseDelayMs: number; maxDelayMs: number; random?: () => number } = { baseDelayMs: 20, maxDelayMs: 40 },
) =>
  createSyncService({
    dataDir,
    profileId: 'p1',
    client: server.client,
    retry: { ...retry, maxAttempts: 3 },
    connectivity: { offlineProbeMs: 30, onlineProbeMs: 60_000 },
    onEvent: (event, payload) => events.push({ event, payload }),
    onInternalError: (error) => internalErrors.push(error),
  });

beforeEach(() => {
  dataDir = tempDir('lectern-sync-');
  server = createFakeServer();
  events = [];
  internalErrors = [];
  service = open();
});
afterEach(async () => {
  await service.close();
  expect(internalErrors).toEqual([]);
});

const newAssessment = (title = 'Quiz 1') =>
  service.createDraft({
    resource: 'assessment',
    fields: { title, description: 'About fractions', course_id: '00000000-0000-4000-8000-000000000001' },
  });

describe('drafts', () => {
  it('a new draft carries an Idempotency-Key from birth; saves commit and bump the revision', () => {
    const draft = newAssessment();
    expect(draft.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft.state).toBe('editing');
    const saved = service.saveDraftFields(draft.id, { title: 'Quiz 1b', duration_minutes: 30 });
    expect(saved.revision).toBe(draft.revision + 1);
    expect(saved.values).toMatchObject({ title: 'Quiz 1b', duration_minutes: 30, description: 'About fractions' });
    expect(service.listDrafts()).toEqual([
      expect.objectContaining({ id: draft.id, title: 'Quiz 1b', state: 'editing' }),
    ]);
    expect(events.some((e) => e.event === 'drafts.changed')).toBe(true);
  });

  it('refuses fields a draft of that kind cannot hold', () => {
    const draft = newAssessment();
    expect(() => service.saveDraftFields(draft.id, { id: 'x' })).toThrow(
      expect.objectContaining({ code: 'DRAFT_INVALID' }),
    );
  });

  it('editing an existing resource keeps only the fields that differ from its base', async () => {
    const record = server.seedAssessment();
    const draft = await service.editDraft({ resource: 'assessment', id: record.id as string });
    expect(draft.baseUpdatedAt).toBe(record.updated_datetime);
    const saved = service.saveDraftFields(draft.id, { title: 'Changed', description: record.description });
    expect(saved.changes).toEqual({ title: 'Changed' });
    // Opening it again returns the same draft with the user's work in it.
    expect((await service.editDraft({ resource: 'assessment', id: record.id as string })).id).toBe(draft.id);
  });

  it('offline, an assessment seen only in a cached list can still be opened and drafted', async () => {
    const record = server.seedAssessment({ title: 'Listed' });
    await service.refreshCache({ kind: 'assessments' });
    server.down = true;
    service.setNetworkHint(false);
    const read = service.readCache({ kind: 'assessment', assessmentId: record.id as string });
    expect(read).toMatchObject({ data: { title: 'Listed' }, stale: true, fetchedAt: expect.any(String) });
    const draft = await service.editDraft({ resource: 'assessment', id: record.id as string });
    expect(draft).toMatchObject({
      state: 'editing',
      baseUpdatedAt: record.updated_datetime,
      values: { title: 'Listed' },
    });
    await expect(service.editDraft({ resource: 'assessment', id: 'not-cached' })).rejects.toMatchObject({
      kind: 'Network',
    });
  });

  it('drafts belong to their profile', async () => {
    newAssessment();
    const other = createSyncService({ dataDir, profileId: 'p2', client: server.client });
    expect(other.listDrafts()).toEqual([]);
    await other.close();
  });
});

describe('outbox', () => {
  it('queues in the same transaction as the state change; invalid bodies queue nothing', async () => {
    server.down = true;
    service.setNetworkHint(false);
    const bad = service.createDraft({ resource: 'assessment', fields: { title: '', course_id: 'nope' } });
    let error: unknown;
    try {
      service.saveToServer(bad.id);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'DRAFT_INVALID' });
    const fields = (error as { details: { fieldErrors: { field: string }[] } }).details.fieldErrors.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'description', 'course_id']));
    expect(service.getDraft(bad.id).state).toBe('editing');
    expect(service.listOutbox()).toEqual([]);
    // The last keystrokes that came with the failed "Save to server" are kept all the same.
    expect(() => service.saveToServer(bad.id, { description: 'typed last' })).toThrow();
    expect(service.getDraft(bad.id).values.description).toBe('typed last');

    const good = newAssessment();
    const queued = service.saveToServer(good.id, { duration_hours: 2 });
    expect(queued.state).toBe('queued');
    expect(queued.values.duration_hours).toBe(2);
    expect(service.listOutbox()).toEqual([
      expect.objectContaining({ draftId: good.id, state: 'queued', operation: 'create' }),
    ]);
    expect(service.outboxSummary()).toEqual({
      count: 1,
      queued: 1,
      sending: 0,
      failed: 0,
      conflicts: 0,
      deletedOnServer: 0,
    });
  });

  it('sends creates with the stored key and PATCHes only the changed fields', async () => {
    const record = server.seedAssessment();
    const edit = await service.editDraft({ resource: 'assessment', id: record.id as string });
    service.saveDraftFields(edit.id, { status: 'PUBLISHED' });
    service.saveToServer(edit.id);
    const created = newAssessment('Brand new');
    service.saveToServer(created.id);
    await vi.waitFor(() => expect(service.outboxSummary().count).toBe(0), SOON);
    await service.drainOutbox();

    const patch = server.calls.find((c) => c.op === 'assessments.update');
    expect(patch?.body).toEqual({ status: 'PUBLISHED' });
    const create = server.calls.find((c) => c.op === 'assessments.create');
    expect(create?.key).toBe(created.idempotencyKey);
    const sent = service.getDraft(created.id);
    expect(sent).toMatchObject({ state: 'sent', serverId: expect.any(String), inDoubt: false });
    expect(server.records.get(sent.serverId!)).toMatchObject({ title: 'Brand new' });
    expect(
      service.readCache({ kind: 'assessment', assessmentId: record.id as string }, { refresh: 'never' }).data,
    ).toMatchObject({
      status: 'PUBLISHED',
    });
  });

  it('sends in order, and a resource whose head is backing off holds back only its own later rows', async () => {
    // A back-off of half a second (full jitter pinned near its top): B is sent while A waits,
    // not raced by A's retry.
    await service.close();
    service = open({ baseDelayMs: 500, maxDelayMs: 1000, random: () => 0.99 });
    server.down = true;
    service.setNetworkHint(false);
    const a = newAssessment('A');
    const b = newAssessment('B');
    const c = newAssessment('C');
    for (const d of [a, b, c]) service.saveToServer(d.id);
    server.failNext('assessments.create', new FakeApiError('ServerError', 500)); // hits A first
    server.down = false;
    service.setNetworkHint(true);
    await vi.waitFor(() => expect(service.outboxSummary().count).toBe(0), SOON);
    const creates = server.calls.filter((call) => call.op === 'assessments.create').map((call) => call.body?.title);
    // A went first; while it backed off, B and C went out; A was retried once.
    expect(creates).toEqual(['A', 'B', 'C', 'A']);
    expect(server.records.size).toBe(3);
  });

  it('never overtakes an earlier row for the same resource', async () => {
    // The draft model keeps one row per resource; this checks the worker's rule underneath it.
    const record = server.seedAssessment();
    const first = await service.editDraft({ resource: 'assessment', id: record.id as string });
    server.down = true;
    service.setNetworkHint(false);
    service.saveToServer(first.id, { title: 'first' });
    const db = (await import('node:sqlite')).DatabaseSync;
    const raw = new db(`${dataDir}/profiles/p1/lectern.db`);
    raw.prepare(`UPDATE outbox SET state = 'failed'`).run();
    raw.close();
    server.down = false;
    service.setNetworkHint(true);
    const second = newAssessment('unrelated');
    service.saveToServer(second.id);
    await vi.waitFor(() => expect(service.getDraft(second.id).state).toBe('sent'), SOON);
    expect(server.calls.some((call) => call.op === 'assessments.update')).toBe(false);
  });

  it('offline keeps rows queued without using up attempts; going online drains them', async () => {
    server.down = true;
    const draft = newAssessment();
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.connectivity().state).toBe('unreachable'), SOON);
    expect(service.listOutbox()[0]).toMatchObject({ state: 'queued', attempts: 0 });
    expect(events.some((e) => e.event === 'sync.status')).toBe(true);
    server.down = false; // the probe notices
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    expect(service.connectivity().state).toBe('online');
  });

  it('transient failures back off, then fail with the typed error; retry sends again', async () => {
    server.failNext('assessments.create', new FakeApiError('ServerError', 500), 3);
    const draft = newAssessment();
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('failed'), SOON);
    const failed = service.getDraft(draft.id);
    expect(failed.error).toMatchObject({ kind: 'ServerError', status: 500 });
    expect(failed.inDoubt).toBe(true); // a 500 may have created it: keep the key, lock the body
    expect(() => service.saveDraftFields(draft.id, { title: 'x' })).toThrow(
      expect.objectContaining({ code: 'DRAFT_LOCKED' }),
    );
    service.retryDraft(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    expect(new Set(server.calls.filter((c) => c.op === 'assessments.create').map((c) => c.key))).toEqual(
      new Set([draft.idempotencyKey]),
    );
  });

  it('a transient failure waits a full-jitter back-off drawn from the injected random source', async () => {
    await service.close();
    // A ten-minute step (below the outbox's longest wait, past which a due time reads as a clock set
    // back): with full jitter and a random draw of 0 the next try is due at once; equal jitter or
    // none would hold it for 5 to 10 minutes, far past this test.
    const step = 10 * 60_000;
    service = createSyncService({
      dataDir,
      profileId: 'p1',
      client: server.client,
      retry: { baseDelayMs: step, maxDelayMs: step, maxAttempts: 3, random: () => 0 },
      connectivity: { offlineProbeMs: 30, onlineProbeMs: 60_000 },
      onInternalError: (error) => internalErrors.push(error),
    });
    server.failNext('assessments.create', new FakeApiError('ServerError', 503), 1);
    const draft = newAssessment();
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    expect(server.calls.filter((c) => c.op === 'assessments.create')).toHaveLength(2);
  });

  it('422 field errors come back to the form; a changed body gets a fresh key', async () => {
    server.failNext(
      'assessments.create',
      new FakeApiError('Validation', 422, [{ field: 'title', code: 'invalid', message: 'Title already used.' }]),
    );
    const draft = newAssessment('Dup');
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('failed'), SOON);
    const failed = service.getDraft(draft.id);
    expect(failed.fieldErrors).toEqual({ title: 'Title already used.' });
    expect(failed.inDoubt).toBe(false);
    const edited = service.saveDraftFields(draft.id, { title: 'Unique' });
    expect(edited.state).toBe('editing');
    expect(service.listOutbox()).toEqual([]);
    const queued = service.saveToServer(draft.id);
    expect(queued.idempotencyKey).not.toBe(draft.idempotencyKey);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
  });

  it('a 401 marks the key rejected and keeps the row queued', async () => {
    server.failNext('assessments.create', new FakeApiError('Unauthorized', 401));
    server.failNext('categories.list', new FakeApiError('Unauthorized', 401), 1000);
    const draft = newAssessment();
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.connectivity().state).toBe('key-rejected'), SOON);
    expect(service.getDraft(draft.id).state).toBe('queued');
  });

  it('offline, edits join the change waiting to send: one row, sent once with the last values', async () => {
    service.setNetworkHint(false);
    const draft = newAssessment('First');
    service.saveToServer(draft.id);
    const joined = service.saveDraftFields(draft.id, { title: 'Second' });
    expect(joined.state).toBe('queued');
    expect(service.listOutbox()).toHaveLength(1);
    service.saveToServer(draft.id, { title: 'Third' }); // "Save — sends when online" again
    expect(service.listOutbox()).toHaveLength(1);
    // An edit the server would refuse takes it back out, for the user to fix before it is sent.
    expect(service.saveDraftFields(draft.id, { title: '' }).state).toBe('editing');
    expect(service.listOutbox()).toEqual([]);
    service.saveToServer(draft.id, { title: 'Fourth' });
    service.setNetworkHint(true);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    const creates = server.calls.filter((c) => c.op === 'assessments.create');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({ title: 'Fourth' });
  });

  it('reopen takes a never-sent row back to editing; discard removes draft and row', async () => {
    service.setNetworkHint(false);
    const draft = newAssessment();
    service.saveToServer(draft.id);
    expect(service.reopenDraft(draft.id).state).toBe('editing');
    expect(service.listOutbox()).toEqual([]);
    service.saveToServer(draft.id);
    service.discardDraft(draft.id);
    expect(service.listDrafts()).toEqual([]);
    expect(service.listOutbox()).toEqual([]);
  });

  it('after a crash, rows left sending are queued again and sent with the same key', async () => {
    service.setNetworkHint(false);
    const draft = newAssessment();
    service.saveToServer(draft.id);
    await service.close();
    const { DatabaseSync } = await import('node:sqlite');
    const raw = new DatabaseSync(`${dataDir}/profiles/p1/lectern.db`);
    raw.exec(`UPDATE outbox SET state = 'sending', attempts = 1; UPDATE drafts SET state = 'sending', in_doubt = 1`);
    raw.close();
    service = open();
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('sent'), SOON);
    expect(server.records.size).toBe(1);
  });
});
