// Main process / tests. Black-box: page/page_size/search as ASSUMPTIONS.md fixes them — default 20,
// clamped to 100, absolute next/previous links carrying the query, null at the ends, 404 past the end.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform, envelope, page, quiz } from './test-support/reference-schemas.ts';
import { API, expectedError, MESSAGES, send, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';

let client: Client;
let empty: Client;
let quizCount: number;

beforeAll(async () => {
  [client, empty] = await Promise.all([startClient(), startClient({ seed: 'empty' })]);
  quizCount = (await client.get('/quizzes')).json.data.paginator.count;
});
afterAll(async () => {
  await Promise.all([client.sandbox.close(), empty.sandbox.close()]);
});

async function walk(firstUrl: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let next: string | null = firstUrl;
  let pages = 0;
  while (next !== null) {
    const reply = await client.get(next);
    expect(reply.status).toBe(200);
    const data = conform(envelope(page(quiz)), reply.json).data;
    ids.push(...data.results.map((item) => item.id));
    next = data.paginator.next;
    pages += 1;
  }
  return { ids, pages };
}

describe('page object', () => {
  it('defaults: page 1, page_size 20, links and numbers consistent', async () => {
    const reply = await client.get('/quizzes');
    const { paginator, results } = reply.json.data;
    expect(quizCount).toBeGreaterThan(40);
    expect(paginator).toEqual({
      count: quizCount,
      page: 1,
      page_size: 20,
      total_pages: Math.ceil(quizCount / 20),
      next: `${client.sandbox.baseUrl}${API}/quizzes?page=2`,
      next_page_number: 2,
      previous: null,
      previous_page_number: null,
    });
    expect(results).toHaveLength(20);
  });

  it('links carry the whole query and are absolute', async () => {
    const reply = await client.get('/quizzes?search=e&page_size=3&page=2&unrelated=x');
    const { paginator } = reply.json.data;
    const next = new URL(String(paginator.next));
    const previous = new URL(String(paginator.previous));
    expect(next.origin).toBe(client.sandbox.baseUrl);
    expect(next.pathname).toBe(`${API}/quizzes`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ search: 'e', page_size: '3', page: '3', unrelated: 'x' });
    expect(Object.fromEntries(previous.searchParams)).toEqual({
      search: 'e',
      page_size: '3',
      page: '1',
      unrelated: 'x',
    });
    expect(paginator.next_page_number).toBe(3);
    expect(paginator.previous_page_number).toBe(1);
  });

  it('the last page has next null and previous set', async () => {
    const first = (await client.get('/quizzes?page_size=7')).json.data.paginator;
    const last = (await client.get(`/quizzes?page_size=7&page=${first.total_pages}`)).json.data;
    expect(last.paginator.next).toBeNull();
    expect(last.paginator.next_page_number).toBeNull();
    expect(last.paginator.previous_page_number).toBe(first.total_pages - 1);
    expect(last.results).toHaveLength(quizCount - 7 * (first.total_pages - 1));
    const byName = (await client.get('/quizzes?page_size=7&page=last')).json.data;
    expect(byName.paginator.page).toBe(first.total_pages);
  });

  it.each([
    ['500', 100],
    ['100', 100],
    ['101', 100],
    ['1', 1],
    ['0', 20],
    ['-5', 20],
    ['abc', 20],
    ['2.5', 20],
  ])('page_size=%s → %i', async (size, expected) => {
    const reply = await client.get(`/quizzes?page_size=${size}`);
    expect(reply.status).toBe(200);
    expect(reply.json.data.paginator.page_size).toBe(expected);
    expect(reply.json.data.results).toHaveLength(Math.min(expected, quizCount));
  });

  it.each(['0', '-1', 'abc', '1.5', '99999'])('page=%s → 404 envelope', async (value) => {
    const reply = await client.get(`/quizzes?page=${value}`);
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual(expectedError(404, MESSAGES[404]));
  });

  it('one page past the end → 404', async () => {
    const total = (await client.get('/quizzes?page_size=50')).json.data.paginator.total_pages;
    expect((await client.get(`/quizzes?page_size=50&page=${total}`)).status).toBe(200);
    expect((await client.get(`/quizzes?page_size=50&page=${total + 1}`)).status).toBe(404);
  });

  it('an empty list: page 1 is 200 with no results; page 2 is 404', async () => {
    for (const path of ['/courses', '/categories', '/quizzes', '/assessments']) {
      const reply = await empty.get(path);
      expect(reply.status).toBe(200);
      expect(reply.json.data).toEqual({
        paginator: {
          count: 0,
          page: 1,
          page_size: 20,
          total_pages: 1,
          next: null,
          next_page_number: null,
          previous: null,
          previous_page_number: null,
        },
        results: [],
      });
      expect((await empty.get(`${path}?page=2`)).status).toBe(404);
    }
  });

  it('a search with no hits is an empty first page', async () => {
    const reply = await client.get('/quizzes?search=zzzz-no-such-thing');
    expect(reply.status).toBe(200);
    expect(reply.json.data.paginator.count).toBe(0);
  });

  it('links point at the host the client called', async () => {
    const port = new URL(client.sandbox.baseUrl).port;
    const reply = await send(`${client.sandbox.baseUrl}${API}/quizzes?page_size=5`, 'GET', {
      authorization: `Bearer ${client.sandbox.keys.tenantAdmin}`,
      host: `localhost:${port}`,
    });
    expect(reply.json.data.paginator.next).toBe(`http://localhost:${port}${API}/quizzes?page_size=5&page=2`);
  });
});

describe('walking pages by following next', () => {
  it('visits every item exactly once', async () => {
    const { ids, pages } = await walk(`${client.sandbox.baseUrl}${API}/quizzes?page_size=7`);
    expect(ids).toHaveLength(quizCount);
    expect(new Set(ids).size).toBe(quizCount);
    expect(pages).toBe(Math.ceil(quizCount / 7));
  });

  it('for any page size the walk is complete and duplicate-free (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 130 }), async (size) => {
        const { ids, pages } = await walk(`${client.sandbox.baseUrl}${API}/quizzes?page_size=${size}`);
        expect(ids).toHaveLength(quizCount);
        expect(new Set(ids).size).toBe(quizCount);
        expect(pages).toBe(Math.max(1, Math.ceil(quizCount / Math.min(size, 100))));
      }),
      { numRuns: 12 },
    );
  });

  it('sections of a course walk in order', async () => {
    const course = (await client.get('/courses')).json.data.results[0].id as string;
    const reply = await client.get(`/courses/${course}/sections?page_size=1`);
    const { paginator } = reply.json.data;
    expect(paginator.page_size).toBe(1);
    let next: string | null = `${client.sandbox.baseUrl}${API}/courses/${course}/sections?page_size=1`;
    const orders: number[] = [];
    while (next !== null) {
      const data: { paginator: { next: string | null }; results: { order: number }[] } = (await client.get(next)).json
        .data;
      orders.push(...data.results.map((section) => section.order));
      next = data.paginator.next;
    }
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(orders).toHaveLength(Number(paginator.count));
  });
});
