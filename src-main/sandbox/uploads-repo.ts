// Main process / plain Node. Upload sessions and their parts in SQLite, the Upload session resource
// shape, and where part files live on disk. Status flow: INITIATED → COMPLETED, or ABORTED, or EXPIRED
// (an INITIATED session past expires_datetime).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Links } from './signing.ts';
import type { Sql } from './sql.ts';

/** Sessions may be completed within 24 hours of their creation. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface UploadRow {
  id: string;
  owner: string;
  upload_type: string;
  file_name: string;
  content_type: string;
  file_size: number;
  status: string;
  part_size: number;
  total_parts: number;
  multipart_upload_id: string;
  expires: string;
  completed: string | null;
  completed_parts: string | null;
  created: string;
  updated: string;
}

export interface PartRow {
  part_number: number;
  etag: string;
  size: number;
}

/** The session as it is now: an INITIATED session past its expiry becomes EXPIRED. */
export function findUpload(sql: Sql, id: string, owner?: string): UploadRow | undefined {
  const row = sql.get<UploadRow>('SELECT * FROM uploads WHERE id = ?', id);
  if (row === undefined || (owner !== undefined && row.owner !== owner)) return undefined;
  if (row.status === 'INITIATED' && Date.parse(row.expires) <= Date.now()) {
    sql.run("UPDATE uploads SET status = 'EXPIRED', updated = ? WHERE id = ?", row.expires, row.id);
    return { ...row, status: 'EXPIRED', updated: row.expires };
  }
  return row;
}

export function listParts(sql: Sql, uploadId: string): PartRow[] {
  return sql.all<PartRow>(
    'SELECT part_number, etag, size FROM upload_parts WHERE upload_id = ? ORDER BY part_number',
    uploadId,
  );
}

/**
 * The Upload session resource. `completed_datetime` is typed date-time (not nullable) in the
 * reference, so before completion it repeats created_datetime; `status` tells the truth.
 * `asset_url` is a fresh signed URL of the assembled bytes once the session is COMPLETED, else "".
 */
export function uploadResource(row: UploadRow, links: Links) {
  const completed = row.status === 'COMPLETED';
  return {
    id: row.id,
    upload_type: row.upload_type,
    file_name: row.file_name,
    content_type: row.content_type,
    file_size: row.file_size,
    status: row.status,
    part_size: row.part_size,
    total_parts: row.total_parts,
    is_multipart: row.total_parts > 1 ? 'true' : 'false',
    multipart_upload_id: row.multipart_upload_id,
    expires_datetime: row.expires,
    completed_datetime: row.completed ?? row.created,
    created_datetime: row.created,
    updated_datetime: row.updated,
    asset_url: completed ? links.assetUrl(row.id) : '',
    asset_url_expires_in: completed ? String(links.ttlSeconds) : '',
  };
}

export function uploadDir(storageDir: string, uploadId: string): string {
  return join(storageDir, uploadId);
}

export function partFile(storageDir: string, uploadId: string, partNumber: number): string {
  return join(storageDir, uploadId, `${partNumber}.part`);
}

export function removeUploadFiles(storageDir: string, uploadId: string): void {
  rmSync(uploadDir(storageDir, uploadId), { recursive: true, force: true });
}

/** Server-chosen part size: the configured one, grown (in whole MiB) so no file needs over 10,000 parts. */
export function choosePartSize(fileSize: number, configured: number, maxParts: number): number {
  if (Math.ceil(fileSize / configured) <= maxParts) return configured;
  const mib = 1024 * 1024;
  return Math.ceil(fileSize / maxParts / mib) * mib;
}

export function normalizeEtag(etag: string): string {
  return etag
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
}
