// Test support (tests only). Rows a profile database of schema version 1 really holds: a cached
// course, an edited assessment with its queued outbox row, and a lesson created offline.
import type { DatabaseSync } from 'node:sqlite';

export function fillVersion1(db: DatabaseSync): void {
  db.prepare('INSERT INTO cache_entries (key, kind, data, fetched_at) VALUES (?, ?, ?, ?)').run(
    'course:c-1',
    'course',
    JSON.stringify({ id: 'c-1', name: 'Welding basics', status: 'Draft' }),
    1_764_000_000_000,
  );
  const draft = db.prepare(
    `INSERT INTO drafts (id, resource, operation, server_id, parent, base, base_updated_at, fields,
       idempotency_key, key_body, state, revision, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  draft.run(
    'd-1',
    'assessment',
    'update',
    'a-9',
    JSON.stringify({ courseId: 'c-1' }),
    JSON.stringify({ id: 'a-9', title: 'Safety quiz' }),
    '2026-11-20T10:00:00Z',
    JSON.stringify({ title: 'Safety quiz (revised)' }),
    null,
    null,
    'queued',
    2,
    1_764_000_000_000,
    1_764_000_100_000,
  );
  draft.run(
    'd-2',
    'lesson',
    'create',
    null,
    JSON.stringify({ courseId: 'c-1', sectionId: 's-1' }),
    null,
    null,
    JSON.stringify({ title: 'Arc welding', type: 'text' }),
    '6f0c2b7e-1b1e-4d35-9a53-1a1b2c3d4e5f',
    JSON.stringify({ title: 'Arc welding', type: 'text' }),
    'queued',
    1,
    1_764_000_200_000,
    1_764_000_200_000,
  );
  db.prepare(
    `INSERT INTO outbox (draft_id, resource_key, operation, body, draft_revision, state, attempts, next_attempt_at,
       last_error, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    'd-1',
    'assessment:a-9',
    'update',
    '{"title":"Safety quiz (revised)"}',
    2,
    'failed',
    3,
    1_764_000_500_000,
    '{"code":"NETWORK"}',
    1_764_000_100_000,
    1_764_000_400_000,
  );
}

/** What fillVersion1 wrote, as later versions must still read it. */
export function version1Rows(db: DatabaseSync) {
  return {
    cache: db.prepare('SELECT key, kind, fetched_at FROM cache_entries').all(),
    drafts: db
      .prepare('SELECT id, resource, operation, server_id, fields, state, revision FROM drafts ORDER BY id')
      .all(),
    outbox: db.prepare('SELECT draft_id, resource_key, state, attempts, last_error FROM outbox').all(),
  };
}

export const VERSION1_ROWS = {
  cache: [{ key: 'course:c-1', kind: 'course', fetched_at: 1_764_000_000_000 }],
  drafts: [
    {
      id: 'd-1',
      resource: 'assessment',
      operation: 'update',
      server_id: 'a-9',
      fields: '{"title":"Safety quiz (revised)"}',
      state: 'queued',
      revision: 2,
    },
    {
      id: 'd-2',
      resource: 'lesson',
      operation: 'create',
      server_id: null,
      fields: '{"title":"Arc welding","type":"text"}',
      state: 'queued',
      revision: 1,
    },
  ],
  outbox: [
    { draft_id: 'd-1', resource_key: 'assessment:a-9', state: 'failed', attempts: 3, last_error: '{"code":"NETWORK"}' },
  ],
};
