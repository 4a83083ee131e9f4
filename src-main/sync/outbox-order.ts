// Main process / plain Node. Which outbox row is sent next: rows go in order per resource (a row
// waits for the ones queued before it on the same resource), a row backing off waits for its time,
// and a course a folder push is writing is left to the push, which sends that course's rows itself.
import type { DatabaseSync } from 'node:sqlite';
import { RETRY_AFTER_CEILING_MS } from '../../src-shared/retry.ts';
import { listOutbox, type OutboxItem, type OutboxRow } from './outbox-queue.ts';

/** The course a draft belongs to (the course itself, or its sections' and lessons' parent). */
const COURSE_OF_DRAFT = `(CASE WHEN d.resource = 'course' THEN d.server_id ELSE json_extract(d.parent, '$.courseId') END)`;

/** The longest not-before the outbox ever sets (a server's Retry-After, at most the ceiling). */
export const LONGEST_OUTBOX_WAIT_MS = RETRY_AFTER_CEILING_MS + 60_000;

/** The next row due now, of a course no push holds. */
export function nextDue(db: DatabaseSync, now: number, heldCourses: readonly string[]): OutboxRow | null {
  const row = db
    .prepare(
      // A not-before further off than any wait the outbox sets means the wall clock was set back
      // since it was written: due now, rather than a retry that waits for hours.
      `SELECT o.* FROM outbox o JOIN drafts d ON d.id = o.draft_id
        WHERE o.state = 'queued' AND (o.next_attempt_at <= ? OR o.next_attempt_at > ?)
         AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.resource_key = o.resource_key AND p.seq < o.seq)
         AND coalesce(${COURSE_OF_DRAFT}, '') NOT IN (SELECT value FROM json_each(?))
       ORDER BY o.seq LIMIT 1`,
    )
    .get(now, now + LONGEST_OUTBOX_WAIT_MS, JSON.stringify(heldCourses)) as OutboxRow | undefined;
  return row ?? null;
}

/** The next of this course's queued rows in order, whether or not it is backing off. */
export function nextOfCourse(db: DatabaseSync, courseId: string): OutboxRow | null {
  const row = db
    .prepare(
      `SELECT o.* FROM outbox o JOIN drafts d ON d.id = o.draft_id
        WHERE o.state = 'queued' AND ${COURSE_OF_DRAFT} = ?
         AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.resource_key = o.resource_key AND p.seq < o.seq)
       ORDER BY o.seq LIMIT 1`,
    )
    .get(courseId) as OutboxRow | undefined;
  return row ?? null;
}

/** This course's rows still in the outbox (not sent: queued, backing off, failed, in conflict). */
export function unsentOfCourse(db: DatabaseSync, courseId: string): OutboxItem[] {
  const seqs = new Set(
    (
      db
        .prepare(`SELECT o.seq FROM outbox o JOIN drafts d ON d.id = o.draft_id WHERE ${COURSE_OF_DRAFT} = ?`)
        .all(courseId) as { seq: number }[]
    ).map((r) => r.seq),
  );
  return listOutbox(db).filter((item) => seqs.has(item.seq));
}

/** When the soonest row backing off is due, if any. */
export function nextWakeAt(db: DatabaseSync, now: number): number | null {
  const row = db
    .prepare(`SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'queued' AND next_attempt_at > ?`)
    .get(now) as { at: number | null };
  return row.at;
}
