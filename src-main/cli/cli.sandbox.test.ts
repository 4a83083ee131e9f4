// Tests (plain Node): every `lectern` command as a child process against the sandbox over real
// HTTP, in --json and table form, and the exit code of every error row.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { suiteTempDir, useTestSandbox } from '../test-support/index.ts';
import type { ApiClient } from '../api/index.ts';
import { runLectern, stderrJson } from './test-support/index.ts';
import type { CliResult } from './test-support/index.ts';

const sb = useTestSandbox({ seed: 'demo' });
const dir = suiteTempDir('lectern-cli-');
let api: ApiClient;
let courseId: string;
let sectionId: string;
const outputs: CliResult[] = [];

beforeAll(async () => {
  api = sb.client();
  const course = (await api.courses.list()).results[0]!;
  courseId = course.id;
  sectionId = (await api.sections.list(courseId)).results[0]!.id;
});

afterEach(() => sb.setFaults({ failRate: 0 }));

afterAll(async () => {
  const all = outputs.map((o) => o.stdout + o.stderr).join('\n');
  for (const key of Object.values(sb.keys)) expect(all).not.toContain(key);
});

async function lectern(args: string[], key: string = sb.keys.tenantAdmin): Promise<CliResult> {
  const r = await runLectern([...args, '--base-url', sb.baseUrl], { LECTERN_API_KEY: key });
  outputs.push(r);
  return r;
}

async function json(args: string[]): Promise<unknown> {
  const r = await lectern([...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

async function bodyFile(body: unknown): Promise<string> {
  const file = join(dir.path, `${randomUUID()}.json`);
  await writeFile(file, JSON.stringify(body));
  return file;
}

describe('read commands', () => {
  // Each command is its own process: independent ones run side by side, and the groups are separate
  // tests, so a busy machine slows each test a little instead of pushing one past its timeout.
  it('categories and courses (--json), with --search', async () => {
    const [categories, courses, categoryPage, coursePage] = await Promise.all([
      json(['categories']) as Promise<unknown[]>,
      json(['courses']) as Promise<{ id: string; name: string }[]>,
      api.categories.list(),
      api.courses.list(),
    ]);
    expect(categories.length).toBe(categoryPage.paginator.count);
    expect(courses.length).toBe(coursePage.paginator.count);
    const c = courses.find((x) => x.id === courseId)!;
    expect(((await json(['courses', '--search', c.name])) as { id: string }[]).map((x) => x.id)).toContain(courseId);
  });

  it('course, sections and section (--json), with --search', async () => {
    const [course, sections, section] = await Promise.all([
      json(['course', courseId]),
      json(['sections', courseId]) as Promise<{ id: string; title: string }[]>,
      json(['section', courseId, sectionId]),
    ]);
    expect(course).toMatchObject({ id: courseId });
    expect(section).toMatchObject({ id: sectionId });
    expect(sections.map((s) => s.id)).toContain(sectionId);
    const s = sections.find((x) => x.id === sectionId)!;
    expect(((await json(['sections', courseId, '--search', s.title])) as { id: string }[]).map((x) => x.id)).toContain(
      sectionId,
    );
  });

  it('quizzes and assessments (--json), with --search', async () => {
    const [quizzes, noQuizzes, assessments, quizPage, assessmentPage] = await Promise.all([
      json(['quizzes']) as Promise<unknown[]>,
      json(['quizzes', '--search', 'zzz-no-such-quiz']),
      json(['assessments']) as Promise<{ title: string }[]>,
      api.quizzes.list(),
      api.assessments.list(),
    ]);
    expect(quizzes.length).toBe(quizPage.paginator.count);
    expect(noQuizzes).toEqual([]);
    expect(assessments.length).toBe(assessmentPage.paginator.count);
    expect(((await json(['assessments', '--search', assessments[0]!.title])) as unknown[]).length).toBeGreaterThan(0);
  });

  it('--page N prints one page object with --json, and a table with a footer without', async () => {
    const page = (await json(['courses', '--page', '1', '--page-size', '2'])) as {
      paginator: { page: number };
      results: unknown[];
    };
    expect(page.paginator.page).toBe(1);
    expect(page.results).toHaveLength(2);
    const r = await lectern(['courses', '--page', '2', '--page-size', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ID\s+NAME\s+LEVEL\s+STATUS\s+CATEGORIES/);
    expect(r.stdout).toMatch(/Page 2 of \d+/);
  });

  it('tables for people', async () => {
    const lists = [['categories'], ['courses'], ['sections', courseId], ['quizzes'], ['assessments']];
    const [one, sec, ...tables] = await Promise.all([
      lectern(['course', courseId]),
      lectern(['section', courseId, sectionId]),
      ...lists.map((args) => lectern(args)),
    ]);
    tables.forEach((r, i) => {
      expect(r.code, lists[i]!.join(' ')).toBe(0);
      expect(r.stdout.split('\n')[0]).toMatch(/^ID\s+/);
    });
    expect(one.stdout).toMatch(new RegExp(`^id\\s+${courseId}`, 'm'));
    expect(sec.stdout).toMatch(/LESSON ID/);
  });
});

describe('write commands', () => {
  it('assessment create (generated key, announced), get, update, delete', async () => {
    const title = `cli-${randomUUID()}`;
    const create = await lectern([
      'assessment',
      'create',
      '--body-file',
      await bodyFile({ course_id: courseId, title, description: 'D' }),
      '--json',
    ]);
    expect(create.code, create.stderr).toBe(0);
    expect(create.stderr).toMatch(/Idempotency-Key: [0-9a-f-]{36}/);
    const made = JSON.parse(create.stdout) as { id: string };
    expect(await json(['assessment', 'get', made.id])).toMatchObject({ id: made.id, title });
    const updated = await json([
      'assessment',
      'update',
      made.id,
      '--body-file',
      await bodyFile({ status: 'PUBLISHED' }),
    ]);
    expect(updated).toMatchObject({ status: 'PUBLISHED' });
    const shown = await lectern(['assessment', 'get', made.id]);
    expect(shown.stdout).toMatch(/status\s+PUBLISHED/);
    const del = await lectern(['assessment', 'delete', made.id]);
    expect(del.code).toBe(0);
    expect(del.stdout).toMatch(/Deleted assessment/);
    const gone = await lectern(['assessment', 'get', made.id]);
    expect(gone.code).toBe(3);
    expect(stderrJson(gone)).toMatchObject({
      status: 404,
      code: 'REQUEST_FAILED',
      message: 'Resource not found.',
      errors: [],
    });
  });

  it('assessment create with --idempotency-key twice makes one assessment', async () => {
    const title = `cli-idem-${randomUUID()}`;
    const file = await bodyFile({ course_id: courseId, title, description: 'D' });
    const key = randomUUID();
    const a = await json(['assessment', 'create', '--body-file', file, '--idempotency-key', key]);
    const b = await json(['assessment', 'create', '--body-file', file, '--idempotency-key', key]);
    expect(b).toEqual(a);
    expect((await api.assessments.list({ search: title })).paginator.count).toBe(1);
  });

  it('assignment create', async () => {
    const r = await lectern([
      'assignment',
      'create',
      '--body-file',
      await bodyFile({ title: 'HW', description: 'Do it' }),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^title\s+HW/m);
  });

  it('lesson create, get, update, delete', async () => {
    const made = (await json([
      'lesson',
      'create',
      courseId,
      sectionId,
      '--body-file',
      await bodyFile({ title: 'CLI lesson', lesson_type: 'TEXT' }),
    ])) as {
      id: string;
    };
    expect(await json(['lesson', 'get', courseId, sectionId, made.id])).toMatchObject({ title: 'CLI lesson' });
    const updated = await lectern([
      'lesson',
      'update',
      courseId,
      sectionId,
      made.id,
      '--body-file',
      await bodyFile({ title: 'Renamed' }),
    ]);
    expect(updated.stdout).toMatch(/^title\s+Renamed/m);
    expect(await json(['lesson', 'delete', courseId, sectionId, made.id])).toBeNull();
    expect((await lectern(['lesson', 'get', courseId, sectionId, made.id])).code).toBe(3);
  });

  it('creates under failRate 0.3 succeed and exist exactly once', async () => {
    sb.setFaults({ failRate: 0.3 });
    const titles = Array.from({ length: 4 }, (_, i) => `cli-fr-${randomUUID()}-${i}`);
    for (const title of titles) {
      const r = await lectern([
        'assessment',
        'create',
        '--body-file',
        await bodyFile({ course_id: courseId, title, description: 'D' }),
      ]);
      expect(r.code, r.stderr).toBe(0);
    }
    sb.setFaults({ failRate: 0 });
    for (const title of titles) expect((await api.assessments.list({ search: title })).paginator.count).toBe(1);
  });
});

describe('error rows → exit 3 with the typed error on stderr', () => {
  it('400: a body the server cannot read as an object', async () => {
    const id = (await api.assessments.list()).results[0]!.id;
    const r = await lectern(['assessment', 'update', id, '--body-file', await bodyFileRaw('[]')]);
    expect(r.code).toBe(3);
    expect(stderrJson(r)).toMatchObject({
      status: 400,
      code: 'REQUEST_FAILED',
      message: 'Bad request.',
      kind: 'BadRequest',
      errors: [],
    });
  });

  it('401, 403, 404, 422', async () => {
    const cases: [string, () => Promise<CliResult>, Record<string, unknown>][] = [
      [
        '401',
        () => lectern(['categories'], 'sbx_tenant_admin_wrong'),
        { status: 401, code: 'AUTHENTICATION_FAILED', kind: 'Unauthorized' },
      ],
      [
        '403',
        () => lectern(['assessments'], sb.keys.serviceProvider),
        { status: 403, code: 'REQUEST_FAILED', kind: 'Forbidden' },
      ],
      ['404', () => lectern(['course', randomUUID()]), { status: 404, kind: 'NotFound' }],
      [
        '422',
        async () =>
          lectern([
            'assessment',
            'update',
            (await api.assessments.list()).results[0]!.id,
            '--body-file',
            await bodyFile({ title: '' }),
          ]),
        {
          status: 422,
          code: 'VALIDATION_ERROR',
          kind: 'Validation',
          errors: [expect.objectContaining({ field: 'title' })],
        },
      ],
    ];
    const results = await Promise.all(cases.map(([, run]) => run()));
    cases.forEach(([name, , expected], i) => {
      const r = results[i]!;
      expect(r.code, name).toBe(3);
      expect(stderrJson(r), name).toMatchObject({
        message: expect.any(String),
        errors: expect.any(Array),
        ...expected,
      });
    });
  });

  it('409: the same idempotency key with another body', async () => {
    const key = randomUUID();
    const first = await lectern([
      'assignment',
      'create',
      '--idempotency-key',
      key,
      '--body-file',
      await bodyFile({ title: 'A', description: 'D' }),
    ]);
    expect(first.code).toBe(0);
    const clash = await lectern([
      'assignment',
      'create',
      '--idempotency-key',
      key,
      '--body-file',
      await bodyFile({ title: 'B', description: 'D' }),
    ]);
    expect(clash.code).toBe(3);
    expect(stderrJson(clash)).toMatchObject({
      status: 409,
      kind: 'Conflict',
      message: 'Idempotency conflict or request already in progress.',
    });
  });

  it('500 once the retries are spent', async () => {
    sb.setFaults({ failRate: 1 });
    const broken = await lectern(['quizzes']);
    expect(broken.code).toBe(3);
    expect(stderrJson(broken)).toMatchObject({ status: 500, kind: 'ServerError', code: 'REQUEST_FAILED' });
  }, 60_000);
});

async function bodyFileRaw(text: string): Promise<string> {
  const file = join(dir.path, `${randomUUID()}.json`);
  await writeFile(file, text);
  return file;
}
