// Main process / plain Node. What Lectern remembers of its pushes of folders into courses: one row
// per folder entry (section or lesson) in the `push_entries` table of the upload journal's file
// (uploads/journal-schema.ts, migration 4), so the CLI keeps it per server and key and the app per
// workspace, like uploads. Each write commits with fsync before the request it prepares is sent.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { openDatabase } from '../store/index.ts';
import { journalMigrations } from '../uploads/index.ts';
import type { RememberedEntry } from './plan.ts';

const EntrySql = z.object({
  course_id: z.string(),
  kind: z.enum(['section', 'lesson']),
  path: z.string(),
  section_path: z.string().nullable(),
  server_id: z.string().nullable(),
  create_key: z.string().nullable(),
  create_body: z.string().nullable(),
  content_sha256: z.string().nullable(),
  size: z.number().nullable(),
  mtime_ms: z.number().nullable(),
});

/** A create to send with a stored key and body: the same request every time it is tried. */
export interface PendingCreate {
  key: string;
  body: Record<string, unknown>;
}

export interface EntryRef {
  courseId: string;
  kind: 'section' | 'lesson';
  /** The entry's path relative to the pushed folder. */
  path: string;
}

export class PushState {
  private readonly db: DatabaseSync;

  constructor(journalPath: string, onCorrupt?: (message: string) => void) {
    if (journalPath !== ':memory:') mkdirSync(dirname(journalPath), { recursive: true });
    this.db = openDatabase({
      path: journalPath,
      migrations: journalMigrations,
      synchronous: 'FULL',
      onCorrupt: (e) => onCorrupt?.(e.message),
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /** Every entry remembered for the course; rows that do not read back as valid are left out. */
  remembered(courseId: string): RememberedEntry[] {
    return this.db
      .prepare('SELECT * FROM push_entries WHERE course_id = ? ORDER BY kind, path')
      .all(courseId)
      .flatMap((raw) => {
        const r = EntrySql.safeParse(raw);
        if (!r.success) return [];
        return [
          {
            kind: r.data.kind,
            key: r.data.path,
            sectionKey: r.data.section_path,
            serverId: r.data.server_id,
            contentSha256: r.data.content_sha256,
            size: r.data.size,
            mtimeMs: r.data.mtime_ms,
          },
        ];
      });
  }

  /**
   * The key and body to create this entry with: the stored ones when an earlier try was never
   * confirmed and asked for the same body, otherwise a new key stored with this body first.
   */
  pendingCreate(ref: EntryRef, body: Record<string, unknown>, sectionPath: string | null = null): PendingCreate {
    const row = this.row(ref);
    const text = JSON.stringify(body);
    if (row && row.server_id === null && row.create_key !== null && row.create_body === text) {
      return { key: row.create_key, body };
    }
    const key = randomUUID();
    this.upsert(ref, { section_path: sectionPath, server_id: null, create_key: key, create_body: text });
    return { key, body };
  }

  /** The section or lesson this entry is on the server (created, or matched). */
  setServerId(ref: EntryRef, serverId: string, sectionPath: string | null = null): void {
    this.upsert(ref, { server_id: serverId, section_path: sectionPath, create_key: null, create_body: null });
  }

  /** The content now on the server for this entry. */
  setContent(ref: EntryRef, content: { sha256: string; size: number; mtimeMs: number }): void {
    this.upsert(ref, { content_sha256: content.sha256, size: content.size, mtime_ms: content.mtimeMs });
  }

  /** Forgets an entry (its section or lesson was deleted). */
  forget(ref: EntryRef): void {
    this.db
      .prepare('DELETE FROM push_entries WHERE course_id = ? AND kind = ? AND path = ?')
      .run(ref.courseId, ref.kind, ref.path);
  }

  /** Forgets the entries pointing at a deleted server id. */
  forgetServerId(courseId: string, serverId: string): void {
    this.db.prepare('DELETE FROM push_entries WHERE course_id = ? AND server_id = ?').run(courseId, serverId);
  }

  private row(ref: EntryRef): z.infer<typeof EntrySql> | null {
    const raw = this.db
      .prepare('SELECT * FROM push_entries WHERE course_id = ? AND kind = ? AND path = ?')
      .get(ref.courseId, ref.kind, ref.path);
    const r = EntrySql.safeParse(raw);
    return r.success ? r.data : null;
  }

  private upsert(ref: EntryRef, fields: Partial<Omit<z.infer<typeof EntrySql>, 'course_id' | 'kind' | 'path'>>): void {
    const names = Object.keys(fields);
    const values = Object.values<string | number | null | undefined>(fields).map((v) => v ?? null);
    const now = new Date().toISOString();
    this.db
      .prepare(
        `INSERT INTO push_entries (course_id, kind, path, updated_at${names.map((n) => `, ${n}`).join('')})
         VALUES (?, ?, ?, ?${names.map(() => ', ?').join('')})
         ON CONFLICT (course_id, kind, path) DO UPDATE SET updated_at = excluded.updated_at${names
           .map((n) => `, ${n} = excluded.${n}`)
           .join('')}`,
      )
      .run(ref.courseId, ref.kind, ref.path, now, ...values);
  }
}
