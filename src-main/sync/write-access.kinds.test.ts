// Main process / plain Node tests. Write refusals beyond lessons: with the sandbox's
// viewer key over real HTTP and a real SQLite store, a refused section move goes back in the cached
// outline, a refused section rename changes nothing, and each marks sections read-only (said in the
// words of a change, then further section writes are refused up front); a refused course details
// update marks courses, a refused assignment create marks assignments — each kind on its own.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOON, startTestSandbox, tempDir, type TestSandbox } from '../test-support/index.ts';
import { createSyncService, type SyncService } from './service.ts';
import type { ApiClient } from '../api/index.ts';

let server: TestSandbox;
let viewer: ApiClient;
let admin: ApiClient;
let service: SyncService;
let courseId: string;
const WAIT = { ...SOON, timeout: 10_000 };

beforeAll(async () => {
  server = await startTestSandbox({ seed: 'demo' });
  viewer = server.client({ apiKey: server.keys.tenantViewer, retry: { maxAttempts: 1 } });
  admin = server.client();
  courseId = (await admin.courses.list({ pageSize: 1 })).results[0]!.id;
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  service = createSyncService({ dataDir: tempDir('lectern-writes-kinds-'), profileId: 'p', client: viewer });
});
afterEach(async () => {
  await service.close();
});

const refusedKinds = () => service.writesRefused().map((r) => r.resource);
const cachedSections = () =>
  (service.readCache({ kind: 'sections', courseId }, { refresh: 'never' }).data ?? []) as {
    id: string;
    title?: string;
    order?: number;
  }[];
const positionOf = (id: string) =>
  [...cachedSections()].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).findIndex((s) => s.id === id) + 1;

describe('sections', () => {
  it('a refused move goes back in the outline, marks sections read-only, and section writes are then refused up front', async () => {
    const serverSections = (await admin.sections.list(courseId)).results;
    expect(serverSections.length).toBeGreaterThan(1);
    await service.refreshCache({ kind: 'sections', courseId });
    const first = [...cachedSections()].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))[0]!;

    await service.structure.moveSection({ courseId, id: first.id }, 2);
    expect(positionOf(first.id)).toBe(2); // shown at once

    const draft = () => service.listDrafts().find((d) => d.resource === 'section' && d.serverId === first.id)!;
    await vi.waitFor(() => expect(draft().state).toBe('failed'), WAIT);
    expect(draft().error).toMatchObject({ code: 'WRITE_REFUSED', status: 403 });
    expect(draft().error!.message).toMatch(/may view sections but not change them/);
    await vi.waitFor(() => expect(positionOf(first.id)).toBe(1), WAIT); // undone where it was made
    expect((await admin.sections.list(courseId)).results.map((s) => s.id)).toEqual(serverSections.map((s) => s.id));
    expect(refusedKinds()).toEqual(['section']);

    // Known now: nothing more is queued for sections, each refused with the same sentence.
    const refused = { code: 'WRITE_REFUSED', message: expect.stringMatching(/may view sections but not change them/) };
    await expect(service.structure.moveSection({ courseId, id: first.id }, 2)).rejects.toMatchObject(refused);
    expect(() => service.structure.createSection(courseId, { title: 'Never queued' })).toThrow(
      expect.objectContaining(refused),
    );
    expect(() => service.structure.scheduleSectionDelete({ courseId, id: first.id }, 5_000)).toThrow(
      expect.objectContaining(refused),
    );
    expect(positionOf(first.id)).toBe(1);
    expect(service.listDrafts().filter((d) => d.resource === 'section' && d.operation !== 'update')).toEqual([]);
  });

  it('a refused rename changes nothing on screen or on the server and marks sections (not lessons)', async () => {
    await service.refreshCache({ kind: 'sections', courseId });
    const section = cachedSections()[0]!;
    const edit = await service.structure.editSection({ courseId, id: section.id });
    service.saveToServer(edit.id, { title: 'Refused rename' });
    await vi.waitFor(() => expect(service.getDraft(edit.id).state).toBe('failed'), WAIT);
    expect(service.getDraft(edit.id).error).toMatchObject({ code: 'WRITE_REFUSED' });
    expect(cachedSections().find((s) => s.id === section.id)?.title).toBe(section.title);
    expect((await admin.sections.get(courseId, section.id)).title).toBe(section.title);
    expect(refusedKinds()).toEqual(['section']);
  });
});

describe('courses and assignments', () => {
  it('a refused course details update marks courses only', async () => {
    const edit = await service.editDraft({ resource: 'course', id: courseId });
    service.saveToServer(edit.id, { requirements: 'Refused requirements' });
    await vi.waitFor(() => expect(service.getDraft(edit.id).state).toBe('failed'), WAIT);
    expect(service.getDraft(edit.id).error!.message).toMatch(/may view courses but not change them/);
    expect(refusedKinds()).toEqual(['course']);
    expect((await admin.courses.get(courseId)).requirements).not.toBe('Refused requirements');
  });

  it('a refused assignment create marks assignments only, and the draft keeps what was typed', async () => {
    const title = `Refused assignment ${Date.now()}`;
    const draft = service.createDraft({ resource: 'assignment', fields: { title, description: 'd', status: 'DRAFT' } });
    service.saveToServer(draft.id);
    await vi.waitFor(() => expect(service.getDraft(draft.id).state).toBe('failed'), WAIT);
    expect(service.getDraft(draft.id).error!.message).toMatch(/may view assignments but not change them/);
    expect(service.getDraft(draft.id).values).toMatchObject({ title });
    expect(refusedKinds()).toEqual(['assignment']);
  });
});
