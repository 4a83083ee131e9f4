// Main process / plain Node. The upload journal: one SQLite file (node:sqlite through
// openDatabase, WAL, synchronous FULL) that lets a killed or restarted app resume every upload.
// What cannot be learned again from the server commits with fsync: new rows with their idempotency
// keys (one transaction per add), new keys after a start-over, and the frozen body of the first
// lesson create. Everything the server can tell again commits without waiting for fsync (still in
// the WAL, so a killed process keeps it; a power cut could lose it): states on the way (a run that
// ended mid-flight comes back queued anyway), the session id (create replays with its key), the
// session's completion (prepare reads its status), the lesson id (create replays with its key and
// frozen body) and each finished part (re-adopted from list-parts after an MD5 check of the local
// bytes). An fsync on the main thread stalls every socket: 8 of them per file took 6 of 25 s of a
// 60-file upload on a busy disk.

import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { DiskFullError, localFaultOf } from '../platform/index.ts';
import { openDatabase, statement, transaction } from '../store/index.ts';
import type { FileIdentity } from './file-identity.ts';
import { claimRow, ensureOwnerTable, releaseRows } from './ownership.ts';
import {
  FileCheckSql,
  PartSql,
  UploadSql,
  toRow,
  toStoredCheck,
  type JournalPart,
  type JournalRow,
  type VideoFollow,
} from './journal-schema.ts';
import { journalMigrations as migrations } from './migrations/index.ts';
import type { StoredFileCheck, UploadProblem, UploadState, UploadTarget } from './types.ts';

// How a target is stored (migrations/0005-course-preview-videos.ts: a preview is told apart by attach_to).
const storedKind = (t: UploadTarget) => (t.kind === 'preview' ? 'new' : t.kind);
const storedSection = (t: UploadTarget) => (t.kind === 'preview' ? '' : t.sectionId);
const storedAttach = (t: UploadTarget) => (t.kind === 'preview' ? 'course-preview' : 'lesson');

export type { JournalPart, JournalRow, VideoFollow } from './journal-schema.ts';

export class UploadJournal {
  private readonly db: DatabaseSync;

  private readonly path: string;

  private readonly onProblem: (message: string) => void;

  private readonly onDiskFull: (error: DiskFullError) => void;

  /** Set by the first write the disk had no room for; every later write is skipped until cleared. */
  private haltedBy: DiskFullError | null = null;

  constructor(path: string, onCorrupt?: (message: string) => void, onDiskFull?: (error: DiskFullError) => void) {
    this.path = path;
    this.onProblem = onCorrupt ?? (() => undefined);
    this.onDiskFull = onDiskFull ?? (() => undefined);
    this.db = openDatabase({
      path,
      migrations,
      synchronous: 'FULL',
      // What was sent, under which idempotency keys, exists only here: carry over what still reads,
      // so a file is never uploaded twice. A newer Lectern's journal is set aside the same way.
      keep: ['uploads', 'upload_parts', 'upload_file_checks'],
      tooNew: 'set-aside',
      checkIntegrity: true,
      onCorrupt: (e) => onCorrupt?.(e.message),
    });
    try {
      ensureOwnerTable(this.db);
    } catch (error) {
      this.db.close();
      throw localFaultOf(error, path) ?? error;
    }
  }

  /** The full disk that stopped the journal's writes, or null while it writes. */
  get halted(): DiskFullError | null {
    return this.haltedBy;
  }

  /**
   * After space was freed: true (and writes go on) when a real write commits again. The caller
   * must reload its rows first, since every write skipped while halted is missing from the file.
   */
  resumeWriting(): boolean {
    if (!this.haltedBy) return true;
    try {
      transaction(this.db, () => {
        // Rewriting a row dirties a page, so the commit really needs room in the WAL.
        this.sql('UPDATE uploads SET updated_at = updated_at WHERE rowid = (SELECT min(rowid) FROM uploads)').run();
      });
      this.db.exec('PRAGMA wal_checkpoint(PASSIVE)');
      this.haltedBy = null;
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /** Every upload with its parts; rows that do not read back as valid are left out and reported. */
  loadAll(): JournalRow[] {
    return this.load(
      this.sql('SELECT * FROM upload_parts ORDER BY upload_id, part_number').all(),
      this.sql('SELECT * FROM uploads ORDER BY position').all(),
    );
  }

  private load(partRows: readonly unknown[], uploadRows: readonly unknown[]): JournalRow[] {
    const byUpload = new Map<string, JournalPart[]>();
    for (const raw of partRows) {
      const p = PartSql.safeParse(raw);
      if (!p.success) continue; // its upload will re-send the part
      const list = byUpload.get(p.data.upload_id) ?? [];
      list.push({
        partNumber: p.data.part_number,
        size: p.data.size,
        attempts: p.data.attempts,
        done: p.data.done === 1,
        etag: p.data.etag,
        md5: p.data.md5,
      });
      byUpload.set(p.data.upload_id, list);
    }
    const rows: JournalRow[] = [];
    for (const raw of uploadRows) {
      const r = UploadSql.safeParse(raw);
      if (r.success) rows.push(toRow(r.data, byUpload.get(r.data.id) ?? []));
      else
        this.onProblem(`An unreadable upload entry in the journal was skipped (${r.error.issues[0]?.path.join('.')}).`);
    }
    return rows;
  }

  nextPosition(): number {
    const r = this.sql('SELECT coalesce(max(position), 0) + 1 AS p FROM uploads').get() as { p: number };
    return Number(r.p);
  }

  /**
   * The id of a row for the same file (path, size, mtime) and target, as another process may have
   * just written it, or null. With `insertIfNone`, inserts that row when there is none, in the
   * same transaction, so two commands started together add one row between them.
   */
  findSameOrInsert(row: Omit<JournalRow, 'parts' | 'lessonOrder' | 'video'>, insertIfNone: boolean): string | null {
    return this.guarded(null, () =>
      transaction(this.db, () => {
        const t = row.target;
        const found = this.sql(
          `SELECT id FROM uploads WHERE path = ? AND size = ? AND mtime_ms = ? AND target_kind = ? AND course_id = ?
               AND section_id = ? AND (target_lesson_id IS ?) AND attach_to = ? AND state != 'cancelled'
               ORDER BY position LIMIT 1`,
        ).get(
          row.identity.path,
          row.identity.size,
          row.identity.mtimeMs,
          storedKind(t),
          t.courseId,
          storedSection(t),
          t.kind === 'replace' ? t.lessonId : null,
          storedAttach(t),
        ) as { id: string } | undefined;
        if (found) return found.id;
        if (insertIfNone) this.insert(row);
        return null;
      }),
    );
  }

  /** One row as the file holds it now (another process may have moved it on), or undefined. */
  loadOne(id: string): JournalRow | undefined {
    // By its key: however many rows the journal holds, one row and its parts are read.
    return this.load(
      this.sql('SELECT * FROM upload_parts WHERE upload_id = ? ORDER BY part_number').all(id),
      this.sql('SELECT * FROM uploads WHERE id = ?').all(id),
    )[0];
  }

  /** Takes the row for `owner` unless another live process drives it (then: that process's pid). */
  claim(id: string, owner: string): number | null {
    return this.guarded(null, () => transaction(this.db, () => claimRow(this.db, id, owner)));
  }

  /** Lets go of every row `owner` held (on close; a killed owner is seen as gone instead). */
  release(owner: string): void {
    this.guarded(undefined, () => releaseRows(this.db, owner));
  }

  insert(row: Omit<JournalRow, 'parts' | 'lessonOrder' | 'video'>): void {
    this.guarded(undefined, () => {
      const t = row.target;
      this.sql(
        `INSERT INTO uploads (id, position, path, file_name, content_type, size, mtime_ms, head_sha256, tail_sha256,
             target_kind, course_id, section_id, target_lesson_id, title, state, session_key, lesson_key,
             created_at, updated_at, batch_id, attach_to)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        row.id,
        row.position,
        row.identity.path,
        row.fileName,
        row.contentType,
        row.identity.size,
        row.identity.mtimeMs,
        row.identity.headSha256,
        row.identity.tailSha256,
        storedKind(t),
        t.courseId,
        storedSection(t),
        t.kind === 'replace' ? t.lessonId : null,
        t.kind === 'replace' ? null : t.title,
        row.state,
        row.sessionKey,
        row.lessonKey,
        row.createdAt,
        row.createdAt,
        row.batchId,
        storedAttach(t),
      );
    });
  }

  /** Runs `fn`'s writes as one transaction: one fsync for all of them (adding many files). */
  together(fn: () => void): void {
    this.guarded(undefined, () => transaction(this.db, fn));
  }

  /** A user's decision (paused, failed, cancelled) waits for fsync; a step on the way does not. */
  setState(id: string, state: UploadState, error: UploadProblem | null = null): void {
    const write = () =>
      this.sql('UPDATE uploads SET state = ?, error_code = ?, error_message = ?, updated_at = ? WHERE id = ?').run(
        state,
        error?.code ?? null,
        error?.message ?? null,
        now(),
        id,
      );
    this.guarded(undefined, () => {
      if (KEPT_WITH_FSYNC.has(state)) write();
      else this.relaxed(write);
    });
  }

  setNotice(id: string, notice: UploadProblem | null): void {
    this.guarded(undefined, () => {
      this.relaxed(() =>
        this.sql('UPDATE uploads SET notice_code = ?, notice_message = ?, updated_at = ? WHERE id = ?').run(
          notice?.code ?? null,
          notice?.message ?? null,
          now(),
          id,
        ),
      );
    });
  }

  setTitle(id: string, title: string): void {
    this.guarded(undefined, () => {
      this.sql('UPDATE uploads SET title = ?, updated_at = ? WHERE id = ?').run(title, now(), id);
    });
  }

  /** Session created (or replayed): recorded before any part is sent. */
  setSession(id: string, sessionId: string, partSize: number, totalParts: number): void {
    this.guarded(undefined, () => {
      this.relaxed(() =>
        this.sql('UPDATE uploads SET session_id = ?, part_size = ?, total_parts = ?, updated_at = ? WHERE id = ?').run(
          sessionId,
          partSize,
          totalParts,
          now(),
          id,
        ),
      );
    });
  }

  /** Forget the old session (file changed, session expired): new keys, new identity, no parts. */
  resetSession(id: string, identity: FileIdentity, sessionKey: string, lessonKey: string): void {
    this.guarded(undefined, () => {
      transaction(this.db, () => {
        this.sql('DELETE FROM upload_parts WHERE upload_id = ?').run(id);
        // What was read described the old bytes.
        this.sql('DELETE FROM upload_file_checks WHERE upload_id = ?').run(id);
        this.sql(
          `UPDATE uploads SET session_id = NULL, part_size = NULL, total_parts = NULL, session_completed = 0,
               size = ?, mtime_ms = ?, head_sha256 = ?, tail_sha256 = ?, session_key = ?, lesson_key = ?,
               attach_attempted = 0, updated_at = ? WHERE id = ?`,
        ).run(
          identity.size,
          identity.mtimeMs,
          identity.headSha256,
          identity.tailSha256,
          sessionKey,
          lessonKey,
          now(),
          id,
        );
      });
    });
  }

  /**
   * A PUT of this part is starting. Returns how many attempts came before (in any run), which
   * tells a re-send from a first send even across a killed process. Not fsynced: a lost marker
   * only under-counts bytesResent after a power cut.
   */
  markAttempt(id: string, partNumber: number, size: number): number {
    return this.guarded(0, () => {
      return this.relaxed(() => {
        const before = this.sql('SELECT attempts FROM upload_parts WHERE upload_id = ? AND part_number = ?').get(
          id,
          partNumber,
        ) as { attempts: number } | undefined;
        this.sql(
          `INSERT INTO upload_parts (upload_id, part_number, size, attempts) VALUES (?, ?, ?, 1)
             ON CONFLICT (upload_id, part_number) DO UPDATE SET attempts = attempts + 1, size = excluded.size`,
        ).run(id, partNumber, size);
        return before ? Number(before.attempts) : 0;
      });
    });
  }

  /** The part is acknowledged: one commit of the part and the byte counters (no fsync wait). */
  commitPart(
    id: string,
    part: { partNumber: number; size: number; etag: string | null; md5: string },
    counters: { bytesSent: number; bytesResent: number },
  ): void {
    this.guarded(undefined, () => {
      this.relaxed(() =>
        transaction(this.db, () => {
          this.sql(
            `INSERT INTO upload_parts (upload_id, part_number, size, attempts, done, etag, md5) VALUES (?, ?, ?, 1, 1, ?, ?)
             ON CONFLICT (upload_id, part_number) DO UPDATE SET done = 1, size = excluded.size, etag = excluded.etag,
               md5 = excluded.md5`,
          ).run(id, part.partNumber, part.size, part.etag, part.md5);
          this.sql('UPDATE uploads SET bytes_sent = ?, bytes_resent = ?, updated_at = ? WHERE id = ?').run(
            counters.bytesSent,
            counters.bytesResent,
            now(),
            id,
          );
        }),
      );
    });
  }

  /** ETags recovered from list-parts before complete. */
  setEtags(id: string, etags: ReadonlyMap<number, string>): void {
    this.guarded(undefined, () => {
      transaction(this.db, () => {
        const stmt = this.sql('UPDATE upload_parts SET etag = ? WHERE upload_id = ? AND part_number = ?');
        for (const [part, etag] of etags) stmt.run(etag, id, part);
      });
    });
  }

  /** Parts the server no longer has (or has with another ETag): send them again. */
  undoParts(id: string, partNumbers: readonly number[]): void {
    this.guarded(undefined, () => {
      transaction(this.db, () => {
        const stmt = this.sql('UPDATE upload_parts SET done = 0, etag = NULL WHERE upload_id = ? AND part_number = ?');
        for (const p of partNumbers) stmt.run(id, p);
      });
    });
  }

  saveCounters(id: string, bytesSent: number, bytesResent: number): void {
    this.guarded(undefined, () => {
      this.relaxed(() => {
        this.sql('UPDATE uploads SET bytes_sent = ?, bytes_resent = ? WHERE id = ?').run(bytesSent, bytesResent, id);
      });
    });
  }

  setCompleted(id: string): void {
    this.guarded(undefined, () => {
      this.relaxed(() =>
        this.sql('UPDATE uploads SET session_completed = 1, updated_at = ? WHERE id = ?').run(now(), id),
      );
    });
  }

  setAttachAttempted(id: string): void {
    this.guarded(undefined, () => {
      this.sql('UPDATE uploads SET attach_attempted = 1, updated_at = ? WHERE id = ?').run(now(), id);
    });
  }

  /**
   * The first lesson create is about to be sent: its `order` (null = last) and that it was tried,
   * in one fsynced write, so every retry (also after a power cut) sends the same body with the key.
   */
  freezeLessonCreate(id: string, order: number | null): void {
    this.guarded(undefined, () => {
      this.sql('UPDATE uploads SET lesson_order = ?, attach_attempted = 1, updated_at = ? WHERE id = ?').run(
        order,
        now(),
        id,
      );
    });
  }

  /** What retrieve lesson said about the video's processing (not fsynced: the next poll re-reads it). */
  setVideo(id: string, video: VideoFollow): void {
    this.guarded(undefined, () => {
      this.relaxed(() => {
        this.sql(
          `UPDATE uploads SET video_status = ?, video_error = ?, duration_seconds = ?, video_checked_at = ?,
               video_polls = ?, updated_at = ? WHERE id = ?`,
        ).run(video.status, video.error, video.durationSeconds, video.checkedAt, video.polls, now(), id);
      });
    });
  }

  setLessonId(id: string, lessonId: string): void {
    this.guarded(undefined, () => {
      this.relaxed(() =>
        this.sql('UPDATE uploads SET lesson_id = ?, updated_at = ? WHERE id = ?').run(lessonId, now(), id),
      );
    });
  }

  /**
   * What was read from the file before it was sent (container, probe, content fingerprint). Not
   * fsynced by itself: when a file is added it commits with the add's transaction; the prober's
   * facts written later (read while the bytes already move) only inform, and a power cut loses
   * nothing but them (a killed process keeps them: they are in the WAL).
   */
  setFileCheck(id: string, check: StoredFileCheck): void {
    this.guarded(undefined, () => {
      const m = check.media;
      this.relaxed(() =>
        this.sql(
          `INSERT OR REPLACE INTO upload_file_checks (upload_id, mime, probed, container, duration_seconds, width, height,
             video_codec, audio_codec, frame_rate_mode, frame_rate, size, mtime_ms, sample_sha256, sha256)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          check.mime,
          m ? 1 : 0,
          m?.container ?? null,
          m?.durationSeconds ?? null,
          m?.width ?? null,
          m?.height ?? null,
          m?.videoCodec ?? null,
          m?.audioCodec ?? null,
          m?.frameRateMode ?? null,
          m?.frameRate ?? null,
          check.content.size,
          check.mtimeMs,
          check.content.sampleSha256,
          check.content.sha256,
        ),
      );
    });
  }

  /** Every stored file check by upload id; unreadable entries are left out (the file is checked again). */
  loadFileChecks(): Map<string, StoredFileCheck> {
    const checks = new Map<string, StoredFileCheck>();
    for (const raw of this.sql('SELECT * FROM upload_file_checks').all()) {
      const r = FileCheckSql.safeParse(raw);
      if (r.success) checks.set(r.data.upload_id, toStoredCheck(r.data));
    }
    return checks;
  }

  delete(id: string): void {
    this.guarded(undefined, () => {
      transaction(this.db, () => {
        this.sql('DELETE FROM uploads WHERE id = ?').run(id);
        // Its owner entry too: a long session clearing rows must not leave one per row behind.
        this.sql('DELETE FROM upload_owners WHERE upload_id = ?').run(id);
      });
    });
  }

  /** The statement for `sql`, prepared once per journal (store/statements.ts says why). */
  private sql(sql: string): StatementSync {
    return statement(this.db, sql);
  }

  /**
   * Runs one write. On a full disk the write was rolled back whole; the journal then stops writing
   * (later writes are skipped) so the file stays exactly as it was at its last good commit, as if
   * the process had been killed there, which every step is built to resume from. The owner is told
   * once and stops the engine.
   */
  private guarded<T>(fallback: T, fn: () => T): T {
    if (this.haltedBy) return fallback;
    try {
      return fn();
    } catch (error) {
      const fault = localFaultOf(error, this.path);
      if (!(fault instanceof DiskFullError)) throw error;
      this.haltedBy = fault;
      this.onDiskFull(fault);
      return fallback;
    }
  }

  /** Runs a write without waiting for fsync (still in the WAL, so a killed process keeps it). */
  private relaxed<T>(fn: () => T): T {
    // Inside a transaction SQLite keeps the level; the write commits with the transaction.
    if (this.db.isTransaction) return fn();
    this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      return fn();
    } finally {
      this.db.exec('PRAGMA synchronous = FULL');
    }
  }
}

const KEPT_WITH_FSYNC: ReadonlySet<UploadState> = new Set(['paused', 'failed', 'cancelled']);

function now(): string {
  return new Date().toISOString();
}
