// Main process / plain Node. Upload sessions: create (assumed), retrieve (assumed), sign parts, list parts,
// complete (documented), abort (assumed DELETE). Part bytes go to the storage routes, not through here.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addApiRoute } from './api-route.ts';
import type { ApiCall } from './api-route.ts';
import { linksFor } from './context.ts';
import type { SandboxContext } from './context.ts';
import { notFound, stateRefused, validationError } from './envelope.ts';
import type { FieldError } from './envelope.ts';
import { completeUploadBody, MAX_PARTS, signPartsBody, uploadCreateBody } from './request-schemas.ts';
import type { CompleteUploadBody } from './request-schemas.ts';
import { need, ok } from './route-helpers.ts';
import { partPath } from './signing.ts';
import {
  choosePartSize,
  findUpload,
  listParts,
  normalizeEtag,
  removeUploadFiles,
  SESSION_LIFETIME_MS,
  uploadResource,
} from './uploads-repo.ts';
import type { PartRow, UploadRow } from './uploads-repo.ts';
import { fieldError, parseBody } from './validation.ts';

export function registerUploadRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const { sql, clock } = ctx;

  const session = (call: ApiCall): UploadRow => {
    const row = findUpload(sql, need(call.params.id), call.principal.owner);
    if (row === undefined) throw notFound();
    return row;
  };
  const out = (call: ApiCall, id: string) =>
    uploadResource(session({ ...call, params: { id } }), linksFor(ctx, call.origin));

  addApiRoute(api, ctx, {
    method: 'POST',
    url: '/uploads',
    permission: 'learning.add_upload',
    create: true,
    handler: (call) => {
      const body = parseBody(uploadCreateBody, call.body);
      const partSize = choosePartSize(body.file_size, ctx.partSize, MAX_PARTS);
      const id = randomUUID();
      const nowMs = clock.nowMs();
      const now = new Date(nowMs).toISOString();
      sql.run(
        `INSERT INTO uploads (id, owner, upload_type, file_name, content_type, file_size, status, part_size, total_parts,
           multipart_upload_id, expires, created, updated)
         VALUES (?, ?, ?, ?, ?, ?, 'INITIATED', ?, ?, ?, ?, ?, ?)`,
        id,
        call.principal.owner,
        body.upload_type,
        body.file_name,
        body.content_type,
        body.file_size,
        partSize,
        Math.ceil(body.file_size / partSize),
        randomBytes(24).toString('base64url'),
        new Date(nowMs + SESSION_LIFETIME_MS).toISOString(),
        now,
        now,
      );
      return { status: 201, data: out(call, id) };
    },
  });

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/uploads/:id',
    permission: 'learning.view_upload',
    handler: (call) => ok(uploadResource(session(call), linksFor(ctx, call.origin))),
  });

  addApiRoute(api, ctx, {
    method: 'POST',
    url: '/uploads/:id/sign-parts',
    permission: 'learning.add_upload',
    handler: (call) => {
      const row = session(call);
      const body = parseBody(signPartsBody, call.body);
      const errors: FieldError[] = [];
      body.part_numbers.forEach((part, index) => {
        if (part > row.total_parts) {
          errors.push(
            fieldError(
              `part_numbers.${index}`,
              'max_value',
              `Ensure this value is less than or equal to ${row.total_parts}.`,
            ),
          );
        }
      });
      if (errors.length > 0) throw validationError(errors);
      if (row.status !== 'INITIATED') throw stateRefused();
      // A URL never outlives its session.
      const expiresAt = Math.min(
        Math.floor(Date.now() / 1000) + ctx.faults.settings.urlTtlSeconds,
        Math.floor(Date.parse(row.expires) / 1000),
      );
      const unique = [...new Set(body.part_numbers)];
      return ok({
        presigned_urls: unique.map((part) => ({
          part_number: part,
          url: ctx.signer.sign(call.origin, 'PUT', partPath(row.id, part), expiresAt),
        })),
      });
    },
  });

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/uploads/:id/parts',
    permission: 'learning.view_upload',
    handler: (call) => {
      const row = session(call);
      return ok({ parts: listParts(sql, row.id).map((part) => ({ ...part, etag: `"${part.etag}"` })) });
    },
  });

  addApiRoute(api, ctx, {
    method: 'POST',
    url: '/uploads/:id/complete',
    permission: 'learning.add_upload',
    handler: (call) => {
      const row = session(call);
      const body = parseBody(completeUploadBody, call.body);
      if (row.status === 'COMPLETED') {
        // Completing again with the same parts is a success (a retry after a lost response).
        if (row.completed_parts !== JSON.stringify(canonicalParts(body))) {
          throw validationError([
            fieldError('parts', 'invalid', 'The session was already completed with other parts.'),
          ]);
        }
        return ok(out(call, row.id));
      }
      if (row.status !== 'INITIATED') throw stateRefused();
      const errors = checkParts(row, body, listParts(sql, row.id));
      if (errors.length > 0) throw validationError(errors);
      const now = clock.now();
      sql.run(
        "UPDATE uploads SET status = 'COMPLETED', completed = ?, completed_parts = ?, updated = ? WHERE id = ?",
        now,
        JSON.stringify(canonicalParts(body)),
        now,
        row.id,
      );
      return ok(out(call, row.id));
    },
  });

  addApiRoute(api, ctx, {
    method: 'DELETE',
    url: '/uploads/:id',
    permission: 'learning.delete_upload',
    handler: (call) => {
      const row = session(call);
      if (row.status === 'COMPLETED') throw stateRefused();
      if (row.status !== 'ABORTED') {
        sql.transaction(() => {
          sql.run("UPDATE uploads SET status = 'ABORTED', updated = ? WHERE id = ?", clock.now(), row.id);
          sql.run('DELETE FROM upload_parts WHERE upload_id = ?', row.id);
        });
        removeUploadFiles(ctx.storageDir, row.id);
      }
      return ok(null);
    },
  });
}

function canonicalParts(body: CompleteUploadBody): { part_number: number; etag: string }[] {
  return body.parts.map((part) => ({ part_number: part.part_number, etag: normalizeEtag(part.etag) }));
}

/**
 * ASSUMPTIONS.md: every part 1..total_parts listed once in ascending order, each uploaded, each ETag
 * matching, every part but the last exactly part_size, and together exactly file_size bytes.
 */
function checkParts(row: UploadRow, body: CompleteUploadBody, uploaded: PartRow[]): FieldError[] {
  const errors: FieldError[] = [];
  const stored = new Map(uploaded.map((part) => [part.part_number, part]));
  let previous = 0;
  let total = 0;
  body.parts.forEach((part, index) => {
    const at = `parts.${index}`;
    if (part.part_number > row.total_parts) {
      errors.push(
        fieldError(`${at}.part_number`, 'max_value', `Ensure this value is less than or equal to ${row.total_parts}.`),
      );
      return;
    }
    if (part.part_number <= previous) {
      errors.push(fieldError(`${at}.part_number`, 'invalid', 'Parts must be listed once each, in ascending order.'));
      return;
    }
    previous = part.part_number;
    const found = stored.get(part.part_number);
    if (found === undefined) {
      errors.push(fieldError(`${at}.part_number`, 'invalid', `Part ${part.part_number} has not been uploaded.`));
      return;
    }
    if (normalizeEtag(part.etag) !== found.etag) {
      errors.push(
        fieldError(`${at}.etag`, 'invalid', `The ETag does not match the uploaded part ${part.part_number}.`),
      );
      return;
    }
    if (part.part_number < row.total_parts && found.size !== row.part_size) {
      errors.push(
        fieldError(at, 'invalid', `Part ${part.part_number} has ${found.size} bytes; it must have ${row.part_size}.`),
      );
      return;
    }
    total += found.size;
  });
  if (errors.length > 0) return errors;
  const listed = new Set(body.parts.map((part) => part.part_number));
  const missing: number[] = [];
  for (let part = 1; part <= row.total_parts && missing.length < 10; part += 1)
    if (!listed.has(part)) missing.push(part);
  if (missing.length > 0) {
    return [
      fieldError(
        'parts',
        'invalid',
        `Missing part(s): ${missing.join(', ')}. List every part from 1 to ${row.total_parts}.`,
      ),
    ];
  }
  if (total !== row.file_size) {
    return [fieldError('parts', 'invalid', `The parts hold ${total} bytes; the session declared ${row.file_size}.`)];
  }
  return [];
}
