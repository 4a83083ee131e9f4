// Main process / plain Node tests. The command palette's search over a real SQLite cache filled
// from the real sandbox (and still answering with the sandbox gone), and the record of created
// assignments kept from the outbox's history, against the sandbox over real HTTP.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOON, tempDir } from '../test-support/index.ts';
import { openSandboxSync, startSyncSandbox, type SyncSandbox } from './test-support/sandbox.ts';
import { createSyncService, type SyncService } from './service.ts';
import { createFakeServer, FakeApiError } from './test-support/index.ts';

let sandbox: SyncSandbox;
let dataDir: string;
let service: SyncService;

const open = () => openSandboxSync(sandbox, dataDir);

beforeAll(async () => {
  sandbox = await startSyncSandbox({ randomSeed: 3 });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  dataDir = tempDir('lectern-sync-');
  service = open();
});
afterEach(async () => {
  await service.close();
});

describe('palette search over the cache', () => {
  it('finds courses, sections, lessons and assessments by title, and still does offline', async () => {
    const { courseId } = await sandbox.firstCourse();
    const course = await sandbox.other.courses.get(courseId);
    const sections = (await sandbox.other.sections.list(courseId)).results;
    const section = sections[0]!;
    const lesson = section.lessons![0]!;
    const [assessmentId] = await sandbox.assessmentIds(1);
    const assessment = await sandbox.other.assessments.get(assessmentId!);

    expect(service.searchCache(course.name!)).toEqual([]); // nothing browsed yet: nothing to find
    await service.refreshCache({ kind: 'courses', pageSize: 50 });
    await service.refreshCache({ kind: 'sections', courseId });
    await service.refreshCache({ kind: 'assessments', pageSize: 50 });

    // Case does not matter; a word from the middle of the title finds it.
    const byCourse = service.searchCache(course.name!.toUpperCase());
    expect(byCourse[0]).toMatchObject({ kind: 'course', id: courseId, title: course.name, detail: null });

    const bySection = service.searchCache(section.title!);
    expect(bySection).toContainEqual(
      expect.objectContaining({ kind: 'section', id: section.id, courseId, detail: course.name }),
    );
    const byLesson = service.searchCache(lesson.title!.slice(1));
    expect(byLesson).toContainEqual(
      expect.objectContaining({
        kind: 'lesson',
        id: lesson.id,
        courseId,
        sectionId: section.id,
        detail: `${course.name} › ${section.title}`,
      }),
    );
    expect(service.searchCache(assessment.title!)).toContainEqual(
      expect.objectContaining({ kind: 'assessment', id: assessment.id, courseId: assessment.course_id }),
    );
    // An exact title ranks before titles that merely contain it; the limit holds.
    expect(service.searchCache('a', 3)).toHaveLength(3);
    expect(service.searchCache('zzqx-nothing-like-this')).toEqual([]);
    expect(service.searchCache('%')).toEqual([]); // LIKE wildcards are taken literally

    // Offline, after a restart: the same answers from the file alone.
    await sandbox.stop();
    await service.close();
    service = open();
    expect(service.searchCache(course.name!)[0]).toMatchObject({ kind: 'course', id: courseId });
    await sandbox.restart();
  });
});

describe('readying the palette: the outlines of courses never opened', () => {
  it('reads each listed course’s outline in the background, so a lesson of a course never opened is found', async () => {
    const page = await sandbox.other.courses.list({ page: 1, pageSize: 20 });
    // A course further down the first page, never opened here: only its list row is cached.
    const course = page.results[page.results.length - 1]!;
    const sections = (await sandbox.other.sections.list(course.id)).results;
    const lesson = sections.flatMap((s) => s.lessons ?? [])[0]!;
    expect(lesson).toBeDefined();

    // Nothing cached yet: the first page of courses is read first, then the outlines.
    expect(service.prepareSearch()).toBe(1);
    await vi.waitFor(
      () =>
        expect(service.searchCache(lesson.title!)).toContainEqual(
          expect.objectContaining({ kind: 'lesson', id: lesson.id, courseId: course.id }),
        ),
      { ...SOON, timeout: 20_000 },
    );
    // While one reading runs, another opening starts none; once all outlines are cached, none either.
    await vi.waitFor(() => expect(service.prepareSearch()).toBe(0), { ...SOON, timeout: 20_000 });
    expect(service.readCache({ kind: 'sections', courseId: course.id }, { refresh: 'never' }).data).not.toBeNull();
  });

  it('offline it reads nothing (and the search still answers from what is cached)', async () => {
    await service.refreshCache({ kind: 'courses' });
    await sandbox.stop();
    try {
      await service.checkConnectivity();
      expect(service.connectivity().state).not.toBe('online');
      expect(service.prepareSearch()).toBe(0);
    } finally {
      await sandbox.restart();
    }
  });
});

describe('assignments created from this workspace', () => {
  it('lists every create with its state, and the server id, status and course once sent', async () => {
    expect(service.assignmentHistory()).toEqual([]);
    const title = `History assignment ${Date.now()}`;
    const sent = service.createDraft({
      resource: 'assignment',
      fields: { title, description: 'For the record', status: 'DRAFT' },
    });
    const unsent = service.createDraft({ resource: 'assignment', fields: { title: 'Still writing' } });
    // Assessment creates and edits are not assignments.
    service.createDraft({ resource: 'assessment', fields: { title: 'Not an assignment' } });

    const before = service.assignmentHistory();
    expect(before.map((r) => [r.title, r.state, r.serverId])).toEqual([
      ['Still writing', 'editing', null],
      [title, 'editing', null],
    ]);

    service.saveToServer(sent.id);
    await vi.waitFor(() => expect(service.getDraft(sent.id).state).toBe('sent'), { ...SOON, timeout: 10_000 });
    const serverId = service.getDraft(sent.id).serverId!;
    const record = service.assignmentHistory().find((r) => r.draftId === sent.id)!;
    expect(record).toMatchObject({ title, state: 'sent', serverId, status: 'DRAFT' });
    expect(record.courseId).toEqual(expect.any(String));
    expect(record.courseName).toEqual(expect.any(String));

    // Kept across a restart (it is the profile's database, not memory).
    await service.close();
    service = open();
    expect(service.assignmentHistory().map((r) => r.draftId)).toEqual([unsent.id, sent.id]);
  });
});

describe('a server without the assumed assessment create', () => {
  it('leaves the new assessment as a failed draft saying so, sent once and not retried', async () => {
    const server = createFakeServer();
    const local = createSyncService({ dataDir, profileId: 'fake', client: server.client });
    try {
      server.failNext('assessments.create', new FakeApiError('UnsupportedOperation', 404));
      const draft = local.createDraft({
        resource: 'assessment',
        fields: { title: 'Not here', description: 'd', course_id: '00000000-0000-4000-8000-000000000001' },
      });
      local.saveToServer(draft.id);
      await vi.waitFor(() => expect(local.getDraft(draft.id).state).toBe('failed'), SOON);
      expect(local.getDraft(draft.id).error).toMatchObject({ kind: 'UnsupportedOperation', status: 404 });
      expect(server.calls.filter((c) => c.op === 'assessments.create')).toHaveLength(1);
      expect(local.getDraft(draft.id).values).toMatchObject({ title: 'Not here' }); // the work is kept
    } finally {
      await local.close();
    }
  });
});
