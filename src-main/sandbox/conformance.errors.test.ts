// Main process / tests. Black-box: every row of the reference's error table and every kind of bad
// input answered with the exact error envelope (never a crash, a hang or a non-envelope body).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform, course, envelope, errorEnvelope, page } from './test-support/reference-schemas.ts';
import { expectedError, firstId, MESSAGES, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';

let client: Client;
let assessmentId: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  client = await startClient();
  assessmentId = await firstId(client, '/assessments');
});
afterAll(() => client.sandbox.close());

describe('401', () => {
  it('missing Authorization header → REQUEST_FAILED "Missing or invalid API key."', async () => {
    const reply = await client.get('/courses', { key: null });
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual(expectedError(401, MESSAGES[401]));
    expect(reply.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it.each([
    ['another scheme', 'Token abc'],
    ['lower-case scheme', 'bearer KEY'],
    ['no token', 'Bearer'],
    ['empty token', 'Bearer '],
    ['two spaces', 'Bearer  KEY'],
    ['two words', 'Bearer KEY extra'],
    ['Basic auth', 'Basic dXNlcjpwYXNz'],
  ])('malformed header (%s) → REQUEST_FAILED', async (_name, header) => {
    const value = header.replace('KEY', client.sandbox.keys.tenantAdmin);
    const reply = await client.get('/courses', { key: null, headers: { authorization: value } });
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual(expectedError(401, MESSAGES[401]));
  });

  it('well-formed but unknown key → AUTHENTICATION_FAILED "Authentication failed."', async () => {
    const reply = await client.get('/courses', { key: 'sbx_tenant_admin_0000000000000000000000000000000000000000' });
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual(expectedError(401, 'Authentication failed.', 'AUTHENTICATION_FAILED'));
  });

  it('authentication comes before validation and before 404', async () => {
    expect((await client.post('/assessments', { bad: true }, { key: null })).status).toBe(401);
    expect((await client.get(`/assessments/${UNKNOWN}`, { key: null })).status).toBe(401);
  });
});

describe('400', () => {
  it('malformed JSON', async () => {
    const reply = await client.call('PATCH', `/assessments/${assessmentId}`, {
      raw: '{"title": ',
      contentType: 'application/json',
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual(expectedError(400, MESSAGES[400]));
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'wrong content type %s',
    async (type) => {
      const reply = await client.call('PATCH', `/assessments/${assessmentId}`, {
        raw: '{"title":"x"}',
        contentType: type,
      });
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual(expectedError(400, MESSAGES[400]));
    },
  );

  it('a body without any content type', async () => {
    const reply = await client.call('PATCH', `/assessments/${assessmentId}`, { raw: '{"title":"x"}' });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual(expectedError(400, MESSAGES[400]));
  });

  it.each(['[]', '"text"', '42', 'null', 'true'])('JSON that is not an object (%s)', async (raw) => {
    const reply = await client.call('PATCH', `/assessments/${assessmentId}`, { raw, contentType: 'application/json' });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual(expectedError(400, MESSAGES[400]));
  });

  it('a JSON body over 1 MiB', async () => {
    const raw = JSON.stringify({ title: 'x', description: 'y'.repeat(1024 * 1024 + 10) });
    const reply = await client.call('PATCH', `/assessments/${assessmentId}`, { raw, contentType: 'application/json' });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual(expectedError(400, MESSAGES[400]));
  });

  it('a JSON body just under 1 MiB is read (then validated)', async () => {
    const raw = JSON.stringify({ description: 'y'.repeat(1024 * 1024 - 100) });
    const reply = await client.call('PATCH', `/assessments/${assessmentId}`, { raw, contentType: 'application/json' });
    expect(reply.status).toBe(200);
  });

  it('charset parameter and an empty body are fine', async () => {
    const withCharset = await client.call('PATCH', `/assessments/${assessmentId}`, {
      raw: '{"duration_minutes": 30}',
      contentType: 'application/json; charset=utf-8',
    });
    expect(withCharset.status).toBe(200);
    const empty = await client.call('PATCH', `/assessments/${assessmentId}`, {
      raw: '',
      contentType: 'application/json',
    });
    expect(empty.status).toBe(200);
  });

  it('a request line node cannot parse gets a 400 envelope and the server keeps serving', async () => {
    const port = Number(new URL(client.sandbox.baseUrl).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /\x01bad HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(expectedError(400, MESSAGES[400]));
    expect((await client.get('/categories')).status).toBe(200);
  });
});

describe('404', () => {
  it.each([
    ['unknown assessment', `/assessments/${UNKNOWN}`],
    ['non-UUID id', '/assessments/not-a-uuid'],
    ['numeric id', '/assessments/42'],
    ['unknown course', `/courses/${UNKNOWN}`],
    ['sections of an unknown course', `/courses/${UNKNOWN}/sections`],
    ['unknown upload', `/uploads/${UNKNOWN}`],
    ['unknown route', '/no-such-thing'],
    ['route outside the API', '/../../v2/other'],
  ])('%s', async (_name, path) => {
    const reply = await client.get(path);
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual(expectedError(404, MESSAGES[404]));
  });

  it('an unsupported method on a known path is a 404 envelope', async () => {
    const reply = await client.call('PUT', `/assessments/${assessmentId}`, { body: { title: 'x' } });
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual(expectedError(404, MESSAGES[404]));
  });

  it('paths outside the API prefix are envelopes too', async () => {
    const reply = await client.get(`${client.sandbox.baseUrl}/`);
    expect(reply.status).toBe(404);
    conform(errorEnvelope, reply.json);
  });

  it('a trailing slash reaches the same operation', async () => {
    expect((await client.get('/categories/')).status).toBe(200);
  });
});

describe('422', () => {
  it('field errors use VALIDATION_ERROR with {field, code, message} items', async () => {
    const reply = await client.patch(`/assessments/${assessmentId}`, { title: '', duration_hours: -1, bogus: 1 });
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({
      status: 422,
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Some fields contain invalid values.',
      data: null,
    });
    const items = conform(errorEnvelope, reply.json).errors;
    expect(items).toEqual(
      expect.arrayContaining([
        { field: 'title', code: 'min_length', message: expect.any(String) },
        { field: 'duration_hours', code: 'min_value', message: expect.any(String) },
        { field: 'bogus', code: 'unknown_field', message: expect.any(String) },
      ]),
    );
    expect(items).toHaveLength(3);
  });

  it('state refusals use the REQUEST_FAILED row with an empty errors list', async () => {
    const created = await client.create('/uploads', {
      upload_type: 'VIDEO',
      file_name: 'a.mp4',
      content_type: 'video/mp4',
      file_size: 10,
    });
    const id = created.json.data.id as string;
    expect((await client.del(`/uploads/${id}`)).status).toBe(200);
    const reply = await client.post(`/uploads/${id}/sign-parts`, { part_numbers: [1] });
    expect(reply.status).toBe(422);
    expect(reply.json).toEqual(expectedError(422, MESSAGES[422]));
  });
});

describe('every error body is an envelope', () => {
  it('HEAD on a list answers like GET without a body', async () => {
    const reply = await client.call('HEAD', '/categories');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
  });

  it('OPTIONS is a 404 envelope', async () => {
    const reply = await client.call('OPTIONS', '/categories');
    expect(reply.status).toBe(404);
    conform(errorEnvelope, reply.json);
  });

  it('broken percent-encoding: tolerated in the query, a 400 envelope in the path; an over-long id is a 404', async () => {
    const query = await client.get('/courses?search=%E0%A4%A&page=1');
    expect(query.status).toBe(200);
    conform(envelope(page(course)), query.json);
    const path = await client.get('/assessments/%E0%A4%A');
    expect(path.json).toEqual(expectedError(400, MESSAGES[400]));
    const long = await client.get(`/assessments/${'a'.repeat(300)}`);
    expect(long.json).toEqual(expectedError(404, MESSAGES[404]));
  });
});
