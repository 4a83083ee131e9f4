// Tests (plain Node): the reading policy, property-based, through the real client against a real
// HTTP server on 127.0.0.1. Responses start from valid fixtures and get random omissions, nulls,
// unknown enum values and wrong types: on shown fields the client returns the data and records a
// deviation per changed path, never throwing; on a strict field it raises a contract error at
// exactly that path (or, with `strict: true`, at the first deviation).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError, createApiClient } from './index.ts';
import type { ApiClient } from './index.ts';
import type { Fields } from '../../src-shared/api/reading.ts';
import * as s from '../../src-shared/api/schemas.ts';
import * as fx from './test-support/index.ts';
import type { Stub } from './test-support/index.ts';

const KEY = 'sk_test_property_key_0123456789abcdef';
let stub: Stub;
let body: unknown = null;

beforeAll(async () => {
  stub = await fx.startStub(() => ({ status: 200, json: body }));
});
afterAll(async () => {
  await stub.close();
});

interface Case {
  name: string;
  fields: Fields;
  fixture: () => Record<string, unknown>;
  call: (client: ApiClient) => Promise<unknown>;
}

const ID = '00000000-0000-4000-8000-000000000001';
const CASES: Case[] = [
  { name: 'course', fields: s.shapes.draftedCourse.fields, fixture: fx.course, call: (c) => c.courses.get(ID) },
  { name: 'lesson', fields: s.shapes.lesson.fields, fixture: fx.lesson, call: (c) => c.lessons.get(ID, ID, ID) },
  { name: 'section', fields: s.shapes.draftedSection.fields, fixture: fx.section, call: (c) => c.sections.get(ID, ID) },
  {
    name: 'assessment',
    fields: s.shapes.assessment.fields,
    fixture: fx.assessment,
    call: (c) => c.assessments.get(ID),
  },
  {
    name: 'assignment',
    fields: s.shapes.assignment.fields,
    fixture: fx.assignment,
    call: (c) => c.assignments.create({ title: 't', description: 'd' }, { idempotencyKey: 'k' }),
  },
  {
    name: 'upload session',
    fields: s.shapes.uploadSession.fields,
    fixture: fx.uploadSession,
    call: (c) => c.uploads.get(ID),
  },
  { name: 'quiz', fields: s.shapes.quiz.fields, fixture: fx.quiz, call: (c) => c.quizzes.list() },
];
/** Where the resource sits in the envelope: quizzes come as a page. */
const wrap = (c: Case, resource: Record<string, unknown>) =>
  fx.ok(c.name === 'quiz' ? fx.page([resource]) : resource, c.name === 'assignment' ? 201 : 200);
const pathOf = (c: Case, field: string) => (c.name === 'quiz' ? `data.results[*].${field}` : `data.${field}`);
const exactPathOf = (c: Case, field: string) => (c.name === 'quiz' ? `data.results[0].${field}` : `data.${field}`);
const resultOf = (c: Case, data: unknown) =>
  (c.name === 'quiz' ? (data as { results: unknown[] }).results[0] : data) as Record<string, unknown>;

const OMIT = Symbol('omit');
/** Values of the wrong type for most fields (objects left out: a nested object is read by its own rules). */
const change = fc.oneof(
  fc.constant<unknown>(OMIT),
  fc.constant<unknown>(null),
  fc.string({ maxLength: 12 }).map((v) => `UNKNOWN_${v}`),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant<unknown>([1, 'x']),
);

function mutate(resource: Record<string, unknown>, field: string, value: unknown): void {
  if (value === OMIT) delete resource[field];
  else resource[field] = value;
}

const fieldsBy = (c: Case, strict: boolean) =>
  Object.entries(c.fields)
    .filter(([, f]) => (f.rule === 'strict') === strict)
    .map(([name]) => name);

describe('reading policy (property)', () => {
  it('shown fields: omissions, nulls, unknown enum values and wrong types → data and deviations, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CASES).chain((c) =>
          fc.tuple(
            fc.constant(c),
            fc.uniqueArray(fc.tuple(fc.constantFrom(...fieldsBy(c, false)), change), {
              minLength: 1,
              maxLength: 6,
              selector: ([field]) => field,
            }),
          ),
        ),
        async ([c, changes]) => {
          const resource = c.fixture();
          for (const [field, value] of changes) mutate(resource, field, value);
          body = wrap(c, resource);
          const client = createApiClient({ baseUrl: stub.baseUrl, apiKey: KEY, retry: { maxAttempts: 1 } });
          try {
            const got = resultOf(c, await c.call(client));
            const paths = client.deviations().map((d) => d.jsonPath);
            for (const [field, value] of changes) {
              const sent = value === OMIT ? undefined : value;
              const field_ = c.fields[field]!;
              const conforms = field_.reference.safeParse(sent).success;
              const deviated = paths.some((p) => p === pathOf(c, field) || p.startsWith(`${pathOf(c, field)}[`));
              expect(deviated, `${c.name}.${field} = ${JSON.stringify(sent)}`).toBe(!conforms);
              if (conforms) continue;
              // Kept as it came (an unknown value of a full enum), emptied (a list of non-objects) or absent.
              if (field_.rule === 'shownEnum' && typeof sent === 'string') expect(got[field]).toBe(sent);
              else if (field_.rule === 'part' && Array.isArray(sent)) expect(got[field] ?? []).toEqual([]);
              else expect(got[field], `${c.name}.${field}`).toBeUndefined();
            }
            // Strict fields came through untouched.
            for (const field of fieldsBy(c, true)) expect(got[field]).toEqual(resource[field]);
            expect(JSON.stringify(client.deviations())).not.toContain(KEY);
          } finally {
            await client.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('strict fields: any such change → a contract error naming the JSON path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...CASES)
          .chain((c) => fc.tuple(fc.constant(c), fc.constantFrom(...fieldsBy(c, true)), change, fc.boolean())),
        async ([c, field, value, alsoShown]) => {
          const sent = value === OMIT ? undefined : value;
          fc.pre(!c.fields[field]!.reference.safeParse(sent).success);
          const resource = c.fixture();
          mutate(resource, field, value);
          // A shown field changed alongside must not hide the strict one.
          if (alsoShown) delete resource[fieldsBy(c, false)[0]!];
          body = wrap(c, resource);
          const client = createApiClient({ baseUrl: stub.baseUrl, apiKey: KEY, retry: { maxAttempts: 1 } });
          try {
            const error = await c.call(client).then(
              () => null,
              (e: unknown) => e,
            );
            expect(error, `${c.name}.${field} = ${JSON.stringify(sent)}`).toBeInstanceOf(ContractError);
            expect((error as ContractError).jsonPath).toBe(exactPathOf(c, field));
            expect(client.deviations()).toEqual([]);
          } finally {
            await client.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('strict: true turns the first deviation into the contract error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CASES), async (c) => {
        const resource = c.fixture();
        const field = fieldsBy(c, false).find(
          (f) => c.fields[f]!.rule === 'shown' && c.fields[f]!.reference.safeParse(undefined).success === false,
        )!;
        delete resource[field];
        body = wrap(c, resource);
        const client = createApiClient({ baseUrl: stub.baseUrl, apiKey: KEY, retry: { maxAttempts: 1 }, strict: true });
        try {
          const error = await c.call(client).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ContractError);
          expect((error as ContractError).jsonPath).toBe(exactPathOf(c, field));
        } finally {
          await client.close();
        }
      }),
      { numRuns: 20 },
    );
  });

  it('the envelope is strict', async () => {
    for (const [field, value] of [
      ['status', '200'],
      ['success', 'true'],
      ['data', undefined],
      ['errors', null],
    ] as const) {
      body = { ...fx.ok(fx.course()), [field]: value };
      const client = createApiClient({ baseUrl: stub.baseUrl, apiKey: KEY, retry: { maxAttempts: 1 } });
      try {
        const error = await client.courses.get(ID).catch((e: unknown) => e);
        expect(error, field).toBeInstanceOf(ContractError);
        expect((error as ContractError).jsonPath.startsWith(field)).toBe(true);
      } finally {
        await client.close();
      }
    }
    body = { ...fx.ok(fx.course()), code: 7, message: null };
    const client = createApiClient({ baseUrl: stub.baseUrl, apiKey: KEY });
    await expect(client.courses.get(ID)).resolves.toMatchObject({ name: 'Forklift basics' });
    expect(
      client
        .deviations()
        .map((d) => d.jsonPath)
        .sort(),
    ).toEqual(['code', 'message']);
    await client.close();
  });
});
