// Main process / plain Node. The assignments created from this workspace. The API has no way to
// list assignments, so the record is the outbox's own: every assignment create draft, with the
// server's id and answer once it was sent. Kept per profile database, i.e. per workspace.
import type { DatabaseSync } from 'node:sqlite';
import type { DraftRow, DraftState } from './drafts.ts';
import type { SyncError } from './errors.ts';

export interface AssignmentRecord {
  draftId: string;
  title: string;
  state: DraftState;
  /** The assignment's id on the server; null until the create was answered. */
  serverId: string | null;
  /** The status the server gave it (or the one asked for, before it was sent). */
  status: string | null;
  courseId: string | null;
  courseName: string | null;
  className: string | null;
  submissionDate: string | null;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

type Fields = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const obj = (value: unknown): Fields | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;

function parse(json: string | null): Fields | null {
  if (json === null) return null;
  try {
    return obj(JSON.parse(json));
  } catch {
    return null;
  }
}

export function assignmentHistory(db: DatabaseSync): AssignmentRecord[] {
  const rows = db
    .prepare(
      `SELECT * FROM drafts WHERE resource = 'assignment' AND operation = 'create'
        ORDER BY created_at DESC, rowid DESC`,
    )
    .all() as unknown as DraftRow[];
  return rows.map((row) => {
    const fields = parse(row.fields) ?? {};
    const result = parse(row.result);
    const error = parse(row.error) as SyncError | null;
    const course = obj(result?.course);
    const learningClass = obj(result?.learning_class);
    return {
      draftId: row.id,
      title: str(result?.title) ?? str(fields.title) ?? 'Untitled',
      state: row.state,
      serverId: row.server_id ?? str(result?.id),
      status: str(result?.status) ?? str(fields.status),
      courseId: str(result?.course_id) ?? str(fields.course_id),
      courseName: str(course?.name),
      className: str(learningClass?.name),
      submissionDate: str(result?.submission_date),
      errorMessage: error ? (str(error.message) ?? null) : null,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  });
}
