// Main process / tests only. The upload flow as a client performs it: create a session, sign parts,
// PUT each part to its presigned URL, complete. Used by the upload and lesson conformance tests.
import { createHash } from 'node:crypto';
import { request } from 'undici';
import { expect } from 'vitest';
import type { Client } from './http.ts';

export interface PutResult {
  status: number;
  etag: string | undefined;
  text: string;
}

export async function putPart(
  url: string,
  bytes: Uint8Array,
  options: { timeoutMs?: number } = {},
): Promise<PutResult> {
  const response = await request(url, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': 'application/octet-stream' },
    headersTimeout: options.timeoutMs ?? 20_000,
    bodyTimeout: options.timeoutMs ?? 20_000,
  });
  const text = await response.body.text();
  const etag = response.headers.etag;
  return { status: response.statusCode, etag: typeof etag === 'string' ? etag : undefined, text };
}

export function md5(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Deterministic pseudo-random bytes. */
export function bytesOf(size: number, seed = 1): Buffer {
  const buffer = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    buffer[index] = state & 0xff;
  }
  return buffer;
}

export async function createSession(client: Client, size: number, fileName = 'video.mp4', key?: string) {
  const reply = await client.create(
    '/uploads',
    { upload_type: 'VIDEO', file_name: fileName, content_type: 'video/mp4', file_size: size },
    { key },
  );
  expect(reply.status).toBe(201);
  return (reply.json as { data: { id: string; part_size: number; total_parts: number; status: string } }).data;
}

export async function signParts(
  client: Client,
  id: string,
  parts: number[],
  key?: string,
): Promise<Map<number, string>> {
  const reply = await client.post(`/uploads/${id}/sign-parts`, { part_numbers: parts }, { key });
  expect(reply.status).toBe(200);
  const data = (reply.json as { data: { presigned_urls: { part_number: number; url: string }[] } }).data;
  return new Map(data.presigned_urls.map((item) => [item.part_number, item.url]));
}

/** Uploads `bytes` in the session's parts and completes it; returns the completed session. */
export async function uploadBytes(client: Client, bytes: Buffer, options: { key?: string; fileName?: string } = {}) {
  const session = await createSession(client, bytes.length, options.fileName, options.key);
  const numbers = Array.from({ length: session.total_parts }, (_, index) => index + 1);
  const urls = await signParts(client, session.id, numbers, options.key);
  const parts: { part_number: number; etag: string }[] = [];
  for (const part of numbers) {
    const slice = bytes.subarray((part - 1) * session.part_size, part * session.part_size);
    const put = await putPart(urls.get(part) ?? '', slice);
    expect(put.status).toBe(200);
    expect(put.etag).toBe(`"${md5(slice)}"`);
    parts.push({ part_number: part, etag: put.etag ?? '' });
  }
  const completed = await client.post(`/uploads/${session.id}/complete`, { parts }, { key: options.key });
  expect(completed.status).toBe(200);
  const done = (completed.json as { data: { id: string; asset_url: string; status: string; file_size: number } }).data;
  return { session: done, parts };
}

export async function download(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: Buffer; headers: Record<string, unknown> }> {
  const response = await request(url, { headers });
  const bytes = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, bytes, headers: response.headers };
}
