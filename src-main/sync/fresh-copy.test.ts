// Main process / plain Node tests, against the real sandbox over HTTP and a real SQLite file: a
// draft that was sent and holds nothing unsent never hides the server's newer copy, a new edit
// starts from that copy, and a later conflict shows it as "when you started".
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOON, tempDir } from '../test-support/index.ts';
import { openSandboxSync, startSyncSandbox, type SyncSandbox } from './test-support/sandbox.ts';
import type { SyncService } from './service.ts';

let sandbox: SyncSandbox;
let dataDir: string;
let service: SyncService;
let assessmentId: string;

const open = () => openSandboxSync(sandbox, dataDir);

beforeAll(async () => {
  sandbox = await startSyncSandbox({ randomSeed: 11 });
  [assessmentId] = (await sandbox.assessmentIds(1)) as [string];
});
afterAll(() => sandbox.close());
beforeEach(() => {
  dataDir = tempDir('lectern-sync-');
  service = open();
});
afterEach(async () => {
  await service.close();
});

async function sendAndWait(draftId: string, patch: Record<string, unknown>) {
  service.saveToServer(draftId, patch);
  await vi.waitFor(() => expect(service.getDraft(draftId).state).toMatch(/^(sent|conflict|failed)$/), SOON);
  return service.getDraft(draftId);
}

describe('a sent draft never hides the server’s newer copy', () => {
  it('reopening shows the server’s new title, also after a restart, and a new edit starts from it', async () => {
    // Saved from Lectern: the cache and the draft now hold our copy, "updated just now".
    const first = await service.editDraft({ resource: 'assessment', id: assessmentId });
    const sent = await sendAndWait(first.id, { title: 'Saved from Lectern' });
    expect(sent.state).toBe('sent');
    const cached = service.readCache({ kind: 'assessment', assessmentId }, { refresh: 'never' });
    expect(cached).toMatchObject({ data: { title: 'Saved from Lectern' }, stale: false });

    // Someone changes the title on the server.
    await sandbox.other.assessments.update(assessmentId, { title: 'Changed on the server' });

    // Reopened (and after a restart): the server's copy, in the draft and in the cache.
    for (const restart of [false, true]) {
      if (restart) {
        await service.close();
        service = open();
      }
      const reopened = await service.editDraft({ resource: 'assessment', id: assessmentId });
      expect(reopened.id).toBe(first.id);
      expect(reopened.values['title']).toBe('Changed on the server');
      expect(reopened.base?.['title']).toBe('Changed on the server');
      expect(reopened.hasChanges).toBe(false);
      expect(service.readCache({ kind: 'assessment', assessmentId }, { refresh: 'never' }).data?.title).toBe(
        'Changed on the server',
      );
    }

    // A new edit starts from the server's copy: only my field goes out, theirs stays.
    const edited = service.saveDraftFields(first.id, { description: 'Edited after the server changed' });
    expect(edited.base?.['title']).toBe('Changed on the server');
    expect(edited.changes).toEqual({ description: 'Edited after the server changed' });
    expect((await sendAndWait(first.id, {})).state).toBe('sent');
    const server = await sandbox.other.assessments.get(assessmentId);
    expect(server).toMatchObject({ title: 'Changed on the server', description: 'Edited after the server changed' });

    // Typing back the base's value leaves nothing unsent.
    service.saveDraftFields(first.id, { title: 'Typed' });
    expect(service.saveDraftFields(first.id, { title: 'Changed on the server' }).hasChanges).toBe(false);
  });

  it('a conflict shows the copy the edit really started from as its base', async () => {
    const draft = await service.editDraft({ resource: 'assessment', id: assessmentId });
    await sendAndWait(draft.id, { title: 'Round one' });
    await sandbox.other.assessments.update(assessmentId, { title: 'Their round two' });
    // Opened again and edited: the edit starts from "Their round two".
    await service.editDraft({ resource: 'assessment', id: assessmentId });
    service.saveDraftFields(draft.id, { title: 'My round two' });
    // Meanwhile the server moves on once more.
    await sandbox.other.assessments.update(assessmentId, { title: 'Their round three' });
    const conflict = await sendAndWait(draft.id, {});
    expect(conflict.state).toBe('conflict');
    expect(conflict.conflict?.fields).toEqual([
      { field: 'title', base: 'Their round two', mine: 'My round two', theirs: 'Their round three' },
    ]);
  });

  it('offline, reopening falls back to the cached copy', async () => {
    const draft = await service.editDraft({ resource: 'assessment', id: assessmentId });
    const title = (await sendAndWait(draft.id, { title: 'Sent before going offline' })).values['title'];
    await sandbox.stop();
    try {
      service.reportAttempt({ outcome: 'Network', status: null });
      const reopened = await service.editDraft({ resource: 'assessment', id: assessmentId });
      expect(reopened.values['title']).toBe(title);
    } finally {
      await sandbox.restart();
    }
  });
});
