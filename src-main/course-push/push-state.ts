// Main process / plain Node. What Lectern remembers of its pushes of folders into courses: one row
// per folder entry (section or lesson) in the `push_entries` table of the upload journal's file
// (uploads/journal-schema.ts, migrations 4 and 6), so the CLI keeps it per server and key and the app
// per workspace, like uploads. Each write commits with fsync before the request it prepares is sent.
// Of a lesson's content it keeps what the next plan needs to tell it unchanged without reading it:
// size, mtime, device and inode (the quick check), and what identifies the bytes when those moved:
// the SHA-256 (texts), the MD5 of the parts' MD5s the upload engine computed while sending (videos)
// and a sampled hash that tells changed bytes cheaply.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { openDatabase, transaction } from '../store/index.ts';
import { journalMigrations } from '../uploads/index.ts';
import type { LessonPlan, PushedContent, RememberedEntry } from './plan.ts';

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
  dev: z.number().nullable().optional(),
  ino: z.number().nullable().optional(),
  content_md5_parts: z.string().nullable().optional(),
  sample_sha256: z.string().nullable().optional(),
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
            dev: r.data.dev ?? null,
            ino: r.data.ino ?? null,
            contentMd5Parts: r.data.content_md5_parts ?? null,
            sampleSha256: r.data.sample_sha256 ?? null,
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

  /** The content now on the server for this entry (what is not known is stored as NULL). */
  setContent(ref: EntryRef, content: PushedContent): void {
    this.upsert(ref, {
      content_sha256: content.sha256,
      content_md5_parts: content.md5Parts,
      sample_sha256: content.sampleSha256,
      size: content.size,
      mtime_ms: content.mtimeMs,
      dev: content.dev,
      ino: content.ino,
    });
  }

  /**
   * Lessons a plan read and found to hold the bytes last pushed (touched, not changed): their
   * stat now, so the next plan's quick check passes without reading them again. Local only, in one
   * transaction; a row no longer there is left absent.
   */
  noteUnchanged(
    courseId: string,
    files: readonly { key: string; size: number; mtimeMs: number; dev?: number; ino?: number }[],
  ): void {
    if (files.length === 0) return;
    const now = new Date().toISOString();
    transaction(this.db, () => {
      const update = this.db.prepare(
        `UPDATE push_entries SET size = ?, mtime_ms = ?, dev = ?, ino = ?, updated_at = ?
         WHERE course_id = ? AND kind = 'lesson' AND path = ?`,
      );
      for (const f of files) update.run(f.size, f.mtimeMs, f.dev ?? null, f.ino ?? null, now, courseId, f.key);
    });
  }

  /**
   * A video the upload engine sent for this entry: what it computed of the bytes as it sent them,
   * with the size and mtime it checked the file against, and the device, inode and samples the plan
   * saw (kept only when the engine saw the same mtime). Nothing is stored when the journal does not
   * hold every part's MD5: the next plan then reads the file rather than trust it.
   */
  setUploaded(ref: EntryRef, uploadId: string, lesson: Pick<LessonPlan, 'file' | 'content'>): void {
    const sent = this.uploadedContent(uploadId);
    if (!sent) return;
    const seen = sent.mtimeMs === lesson.file.mtimeMs && sent.size === lesson.file.size;
    const sample = lesson.file.kind === 'video' ? lesson.file.check.content.sampleSha256 : null;
    this.setContent(ref, {
      sha256: null,
      md5Parts: sent.md5Parts,
      sampleSha256: seen ? sample || null : null,
      size: sent.size,
      mtimeMs: sent.mtimeMs,
      dev: lesson.file.dev ?? null,
      ino: lesson.file.ino ?? null,
    });
  }

  /**
   * What the upload engine computed of a finished upload's bytes while it sent them (the same
   * database file): `partSize:hex`, the MD5 of its parts' MD5s in order, with the size and mtime it
   * checked the file against. Null when the journal does not hold every part's MD5 (then the bytes
   * are not known, and the next plan reads them again).
   */
  uploadedContent(uploadId: string): { md5Parts: string; size: number; mtimeMs: number } | null {
    const upload = z
      .object({ size: z.number(), mtime_ms: z.number(), part_size: z.number(), total_parts: z.number() })
      .safeParse(
        this.db
          .prepare("SELECT size, mtime_ms, part_size, total_parts FROM uploads WHERE id = ? AND state = 'done'")
          .get(uploadId),
      );
    if (!upload.success) return null;
    const parts = z
      .array(z.object({ part_number: z.number(), size: z.number(), md5: z.string().regex(/^[0-9a-f]{32}$/) }))
      .safeParse(
        this.db
          .prepare(
            'SELECT part_number, size, md5 FROM upload_parts WHERE upload_id = ? AND done = 1 ORDER BY part_number',
          )
          .all(uploadId),
      );
    const { size, mtime_ms: mtimeMs, part_size: partSize, total_parts: total } = upload.data;
    if (!parts.success || parts.data.length !== total) return null;
    if (parts.data.some((p, i) => p.part_number !== i + 1 || p.size !== Math.min(partSize, size - i * partSize)))
      return null;
    return {
      md5Parts: md5PartsOf(
        partSize,
        parts.data.map((p) => p.md5),
      ),
      size,
      mtimeMs,
    };
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

/** `partSize:hex`: the MD5 of the parts' MD5s (binary, in order), how multipart storage names whole objects. */
export function md5PartsOf(partSize: number, partMd5s: readonly string[]): string {
  const hash = createHash('md5');
  for (const md5 of partMd5s) hash.update(Buffer.from(md5, 'hex'));
  return `${partSize}:${hash.digest('hex')}`;
}
