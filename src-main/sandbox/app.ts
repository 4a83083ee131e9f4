// Main process / plain Node. Builds the fastify app: the API under /v1/external/learning (every response
// an envelope, including fastify's own errors and unknown routes) and the storage routes.
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Socket } from 'node:net';
import { API_PREFIX } from './context.ts';
import type { SandboxContext } from './context.ts';
import { ApiError, badRequest, errorEnvelope, internalError, notFound } from './envelope.ts';
import { registerAssessmentRoutes } from './routes-assessments.ts';
import { registerCatalogRoutes } from './routes-catalog.ts';
import { registerLessonRoutes } from './routes-lessons.ts';
import { registerStructureRoutes } from './routes-structure.ts';
import { registerUploadRoutes } from './routes-uploads.ts';
import { registerStorageRoutes } from './storage-routes.ts';

/** Larger JSON bodies are refused with 400 (the reference has no 413 row). */
export const JSON_BODY_LIMIT = 1024 * 1024;

export function buildApp(ctx: SandboxContext): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: JSON_BODY_LIMIT,
    forceCloseConnections: true,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerMalformedRequest,
    // Router-level errors: an undecodable path is a 400; an over-long path segment can only be a
    // non-UUID id, so it is the same 404 as any other unknown id.
    frameworkErrors: (error, _request, reply) => {
      const apiError = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? notFound() : badRequest();
      void (reply as unknown as FastifyReply).code(apiError.status).send(errorEnvelope(apiError));
    },
  });

  app.setErrorHandler((error, _request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status === 500 && !(error instanceof ApiError)) ctx.log(`unexpected error: ${describe(error)}`);
    return reply.code(apiError.status).headers(apiError.headers).send(errorEnvelope(apiError));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorEnvelope(notFound())));
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    ctx.log(`${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
    const answeredAt = performance.now();
    ctx.onRequest?.({
      method: request.method,
      path,
      status: reply.statusCode,
      receivedAt: answeredAt - reply.elapsedTime,
      answeredAt,
    });
  });

  registerStorageRoutes(app, ctx);
  void app.register(
    async (api) => {
      // JSON only (another type is a 400). An empty body reads as "no body", as DRF does.
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
        const source = typeof text === 'string' ? text : text.toString('utf8');
        if (source.trim() === '') {
          done(null, undefined);
          return;
        }
        try {
          done(null, JSON.parse(source));
        } catch {
          done(badRequest(), undefined);
        }
      });
      registerCatalogRoutes(api, ctx);
      registerLessonRoutes(api, ctx);
      registerStructureRoutes(api, ctx);
      registerAssessmentRoutes(api, ctx);
      registerUploadRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  return app;
}

/** fastify's errors (bad JSON, body too large, wrong media type, bad URL…) become documented rows. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  if (status === 404) return notFound();
  if (typeof status === 'number' && status >= 400 && status < 500) return badRequest();
  return internalError();
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Requests node's HTTP parser rejects still get a 400 envelope, not fastify's own JSON. */
function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const body = JSON.stringify(errorEnvelope(badRequest()));
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
