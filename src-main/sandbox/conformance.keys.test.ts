// Main process / tests. Black-box: what each of the four key kinds may do. Tenant admin: everything;
// tenant viewer: reads only; service provider: 403 on assessments and assignments, its own content
// elsewhere; tenant with the learning module disabled: 403 on every call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxKeys } from './index.ts';
import { expectedError, firstId, MESSAGES, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';

let client: Client;
let keys: SandboxKeys;
let courseId: string;
let sectionId: string;
let lessonId: string;
let assessmentId: string;
let uploadId: string;

beforeAll(async () => {
  client = await startClient();
  keys = client.sandbox.keys;
  courseId = await firstId(client, '/courses');
  sectionId = await firstId(client, `/courses/${courseId}/sections`);
  const section = await client.get(`/courses/${courseId}/sections/${sectionId}`);
  lessonId = section.json.data.lessons[0].id;
  assessmentId = await firstId(client, '/assessments');
  const upload = await client.create('/uploads', {
    upload_type: 'VIDEO',
    file_name: 'k.mp4',
    content_type: 'video/mp4',
    file_size: 5,
  });
  uploadId = upload.json.data.id;
});
afterAll(() => client.sandbox.close());

interface Operation {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: () => string;
  body?: unknown;
  create?: boolean;
  tenantOnly?: boolean;
  write?: boolean;
}

const operations: Operation[] = [
  { name: 'list categories', method: 'GET', path: () => '/categories' },
  { name: 'list courses', method: 'GET', path: () => '/courses' },
  { name: 'retrieve course', method: 'GET', path: () => `/courses/${courseId}` },
  { name: 'list sections', method: 'GET', path: () => `/courses/${courseId}/sections` },
  { name: 'retrieve section', method: 'GET', path: () => `/courses/${courseId}/sections/${sectionId}` },
  {
    name: 'retrieve lesson',
    method: 'GET',
    path: () => `/courses/${courseId}/sections/${sectionId}/lessons/${lessonId}`,
  },
  { name: 'list quizzes', method: 'GET', path: () => '/quizzes' },
  { name: 'list assessments', method: 'GET', path: () => '/assessments', tenantOnly: true },
  { name: 'retrieve assessment', method: 'GET', path: () => `/assessments/${assessmentId}`, tenantOnly: true },
  {
    name: 'update assessment',
    method: 'PATCH',
    path: () => `/assessments/${assessmentId}`,
    body: { duration_minutes: 5 },
    tenantOnly: true,
    write: true,
  },
  {
    name: 'create assessment',
    method: 'POST',
    path: () => '/assessments',
    body: {},
    create: true,
    tenantOnly: true,
    write: true,
  },
  {
    name: 'delete assessment',
    method: 'DELETE',
    path: () => `/assessments/${assessmentId}`,
    tenantOnly: true,
    write: true,
  },
  {
    name: 'create assignment',
    method: 'POST',
    path: () => '/assignments',
    body: {},
    create: true,
    tenantOnly: true,
    write: true,
  },
  {
    name: 'create lesson',
    method: 'POST',
    path: () => `/courses/${courseId}/sections/${sectionId}/lessons`,
    body: {},
    create: true,
    write: true,
  },
  {
    name: 'update lesson',
    method: 'PATCH',
    path: () => `/courses/${courseId}/sections/${sectionId}/lessons/${lessonId}`,
    body: {},
    write: true,
  },
  {
    name: 'delete lesson',
    method: 'DELETE',
    path: () => `/courses/${courseId}/sections/${sectionId}/lessons/${lessonId}`,
    write: true,
  },
  { name: 'create upload', method: 'POST', path: () => '/uploads', body: {}, create: true, write: true },
  { name: 'retrieve upload', method: 'GET', path: () => `/uploads/${uploadId}` },
  { name: 'list upload parts', method: 'GET', path: () => `/uploads/${uploadId}/parts` },
  {
    name: 'sign parts',
    method: 'POST',
    path: () => `/uploads/${uploadId}/sign-parts`,
    body: { part_numbers: [1] },
    write: true,
  },
  {
    name: 'complete upload',
    method: 'POST',
    path: () => `/uploads/${uploadId}/complete`,
    body: { parts: [] },
    write: true,
  },
  { name: 'abort upload', method: 'DELETE', path: () => `/uploads/${uploadId}`, write: true },
];

const call = (operation: Operation, key: string) =>
  client.call(operation.method, operation.path(), {
    key,
    body: operation.body,
    idem: operation.create === true ? true : undefined,
  });

describe('tenant viewer (view_* only)', () => {
  it.each(
    operations.filter((operation) => operation.write !== true).map((operation) => [operation.name, operation] as const),
  )('%s → 200', async (_name, operation) => {
    expect((await call(operation, keys.tenantViewer)).status).toBe(200);
  });
  it.each(
    operations.filter((operation) => operation.write === true).map((operation) => [operation.name, operation] as const),
  )('%s → 403', async (_name, operation) => {
    const reply = await call(operation, keys.tenantViewer);
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual(expectedError(403, MESSAGES[403]));
  });
});

describe('module disabled', () => {
  it.each(operations.map((operation) => [operation.name, operation] as const))('%s → 403', async (_name, operation) => {
    const reply = await call(operation, keys.moduleDisabled);
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual(expectedError(403, MESSAGES[403]));
  });
});

describe('service provider', () => {
  it.each(
    operations
      .filter((operation) => operation.tenantOnly === true)
      .map((operation) => [operation.name, operation] as const),
  )('%s → 403 (tenant-only resource)', async (_name, operation) => {
    const reply = await call(operation, keys.serviceProvider);
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual(expectedError(403, MESSAGES[403]));
  });

  it('lists its own admin training content, not the tenant’s', async () => {
    const provider = await client.get('/courses', { key: keys.serviceProvider });
    expect(provider.status).toBe(200);
    expect(provider.json.data.paginator.count).toBeGreaterThan(0);
    const tenantIds = new Set(
      ((await client.get('/courses?page_size=100')).json.data.results as { id: string }[]).map((c) => c.id),
    );
    for (const course of provider.json.data.results as { id: string }[]) expect(tenantIds.has(course.id)).toBe(false);
    expect((await client.get(`/courses/${courseId}`, { key: keys.serviceProvider })).status).toBe(404);
    expect((await client.get('/categories', { key: keys.serviceProvider })).json.data.paginator.count).toBeGreaterThan(
      0,
    );
    expect((await client.get('/quizzes', { key: keys.serviceProvider })).json.data.paginator.count).toBeGreaterThan(0);
  });

  it('can upload and create lessons in its own courses', async () => {
    const provider = keys.serviceProvider;
    const course = await firstId(client, '/courses', provider);
    const section = await firstId(client, `/courses/${course}/sections`, provider);
    const lesson = await client.create(
      `/courses/${course}/sections/${section}/lessons`,
      { title: 'Provider lesson' },
      { key: provider },
    );
    expect(lesson.status).toBe(201);
    const upload = await client.create(
      '/uploads',
      { upload_type: 'VIDEO', file_name: 'p.mp4', content_type: 'video/mp4', file_size: 1 },
      { key: provider },
    );
    expect(upload.status).toBe(201);
    // Sessions are scoped to their owner too.
    expect((await client.get(`/uploads/${upload.json.data.id}`)).status).toBe(404);
  });
});

describe('tenant admin', () => {
  it('reaches every operation (writes answer 2xx or a validation error, never 401/403)', async () => {
    for (const operation of operations) {
      const reply = await call(operation, keys.tenantAdmin);
      expect([200, 201, 422], `${operation.name} → ${reply.status}`).toContain(reply.status);
    }
  });

  it('permission is checked before the body is read', async () => {
    const reply = await client.call('PATCH', `/assessments/${assessmentId}`, {
      key: keys.tenantViewer,
      raw: '{oops',
      contentType: 'application/json',
    });
    expect(reply.status).toBe(403);
  });
});
