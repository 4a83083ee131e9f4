// Main process / plain Node. How one API operation is wired: authentication, permission, rate limit
// and injected faults before the body is read; path ids checked (non-UUID → 404); Idempotency-Key
// handling for creates; latency; then the handler, whose result goes out in the success envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from './auth.ts';
import type { AccessRule, Principal } from './auth.ts';
import { originOf } from './context.ts';
import type { SandboxContext } from './context.ts';
import {
  conflict,
  internalError,
  methodNotAllowed,
  notFound,
  rateLimited,
  successEnvelope,
  validationError,
} from './envelope.ts';
import type { ApiFault } from './faults.ts';
import { sleep } from './faults.ts';
import { drift } from './drift.ts';
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, requestFingerprint } from './idempotency.ts';
import { fieldError, UUID_PATTERN } from './validation.ts';

export interface ApiCall {
  request: FastifyRequest;
  principal: Principal;
  /** Path parameters, each a lowercase UUID. */
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  origin: string;
}

export interface ApiResult {
  status: 200 | 201;
  data: unknown;
}

export interface ApiRouteSpec extends AccessRule {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to the API prefix, e.g. `/assessments/:id`. */
  url: string;
  /** A create: Idempotency-Key required, successful responses replayed. */
  create?: boolean;
  /** A course-structure write: answers 405 while `noStructure` is on (checked after the rate limit). */
  structure?: boolean;
  handler: (call: ApiCall) => ApiResult | Promise<ApiResult>;
}

interface CallState {
  principal: Principal;
  fault: ApiFault;
}

const states = new WeakMap<FastifyRequest, CallState>();
const JSON_TYPE = 'application/json; charset=utf-8';

export function addApiRoute(api: FastifyInstance, ctx: SandboxContext, spec: ApiRouteSpec): void {
  api.route({
    method: spec.method,
    url: spec.url,
    onRequest: async (request) => {
      const principal = ctx.keyRing.authenticate(request.headers.authorization);
      authorize(principal, spec);
      const limit = ctx.rateLimiter.take(principal.name, ctx.faults.settings.rateLimit);
      if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
      if (spec.structure === true && ctx.faults.settings.noStructure) throw methodNotAllowed();
      const fault = ctx.faults.apiFault(request.method);
      if (fault === 'before') throw internalError();
      states.set(request, { principal, fault });
    },
    handler: async (request, reply) => {
      const state = states.get(request);
      if (state === undefined) throw internalError();
      const call: ApiCall = {
        request,
        principal: state.principal,
        params: checkedParams(request.params),
        query: request.query,
        body: request.body,
        origin: originOf(request.headers.host, ctx),
      };
      if (spec.create === true) return runCreate(ctx, spec, call, state, reply);
      await latency(ctx);
      const result = await spec.handler(call);
      if (state.fault === 'after') throw internalError();
      return sendJson(reply, result.status, JSON.stringify(successEnvelope(result.status, served(ctx, result.data))));
    },
  });
}

async function runCreate(
  ctx: SandboxContext,
  spec: ApiRouteSpec,
  call: ApiCall,
  state: CallState,
  reply: FastifyReply,
) {
  // A missing key is a 422 with a field item named after the header (ASSUMPTIONS: the key is required).
  const key = call.request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || key.length === 0) {
    throw validationError([fieldError('Idempotency-Key', 'required', 'The Idempotency-Key header is required.')]);
  }
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw validationError([
      fieldError(
        'Idempotency-Key',
        'max_length',
        `Ensure this header has no more than ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
      ),
    ]);
  }
  // The same operation with or without a trailing slash is the same request.
  const path = (call.request.url.split('?')[0] ?? call.request.url).replace(/\/+$/, '');
  const outcome = ctx.idempotency.begin(
    state.principal.name,
    key,
    requestFingerprint(call.request.method, path, call.body),
  );
  if (outcome.kind === 'conflict') throw conflict();
  if (outcome.kind === 'replay') {
    if (state.fault === 'after') throw internalError();
    reply.header('idempotent-replayed', 'true');
    return sendJson(reply, outcome.status, outcome.body);
  }
  try {
    await latency(ctx);
    const result = await spec.handler(call);
    const body = JSON.stringify(successEnvelope(result.status, served(ctx, result.data)));
    outcome.claim.complete(result.status, body);
    // An "after" fault: the resource exists, the response is lost; a retry with the key replays it.
    if (state.fault === 'after') throw internalError();
    return sendJson(reply, result.status, body);
  } finally {
    outcome.claim.release();
  }
}

function sendJson(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(body);
}

async function latency(ctx: SandboxContext): Promise<void> {
  const ms = ctx.faults.settings.latencyMs;
  if (ms > 0) await sleep(ms);
}

function checkedParams(params: unknown): Record<string, string> {
  const checked: Record<string, string> = {};
  if (params === null || typeof params !== 'object') return checked;
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw notFound();
    checked[name] = value.toLowerCase();
  }
  return checked;
}

/** The data as sent: drifted from the reference when `--drift` is on. */
function served(ctx: SandboxContext, data: unknown): unknown {
  return ctx.faults.settings.drift ? drift(data) : data;
}
