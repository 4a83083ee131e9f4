// Main process / plain Node. The request engine under every client method: builds the request from
// the catalogue, sends it with retries inside a deadline, validates the envelope, maps failures to
// typed errors and logs every attempt. The API key lives only in this closure, never on an object.
import type { Dispatcher } from 'undici';
import { API_PREFIX, CONFLICT_RETRIES, buildPath, catalogueSchemas, readingOf } from './catalogue.ts';
import type { Operation } from './catalogue.ts';
import { locateAll, locateIssue, describeValue } from './contract.ts';
import type { ContractLocation } from './contract.ts';
import { mergeFound } from './deviations.ts';
import type { FoundDeviation } from './deviations.ts';
import { CancelledError, ContractError, UnsupportedOperationError, errorForStatus, isApiError } from './errors.ts';
import type { ApiError, ApiErrorInit, TimeoutError } from './errors.ts';
import { RequestLog } from './log.ts';
import { createRedactor, type Redactor } from './redact.ts';
import type { RequestLogEntry } from './log.ts';
import { backoffDelay, backoffStep, parseRetryAfter, sleep } from './retry.ts';
import type { RetryOptions } from './retry.ts';
import type * as Responses from '../../src-shared/api/responses.ts';
import { classifyTransportError, sendOnce } from './transport.ts';
import type { AttemptResponse, Timeouts } from './transport.ts';

export type ApiKeySource = string | (() => string | Promise<string>);

export interface CoreOptions {
  baseUrl: string;
  apiKey: ApiKeySource;
  userAgent: string;
  timeouts: Timeouts;
  retry: RetryOptions;
  dispatcher: Dispatcher;
  logCapacity: number;
  onRequest?: ((entry: RequestLogEntry) => void) | undefined;
  /** Tolerated differences from the reference in one response (reading.ts policy). */
  onDeviations?: ((found: FoundDeviation[]) => void) | undefined;
  /** Any deviation is a contract error instead (`lectern --strict`). */
  strict?: boolean | undefined;
  /** The wait between attempts; the shared abortable sleep unless a test gives its clock's. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

export interface CallInput {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | number | undefined | null>>;
  body?: unknown;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Told as each attempt starts going out (its headers are being written to a connection). */
  onSent?: (() => void) | undefined;
  /** An absolute URL (a page's `next` link) requested verbatim instead of building one. */
  url?: string;
}

export interface Core {
  /** Server root as given, normalised (no trailing slash, no API prefix). */
  readonly baseUrl: string;
  call<T>(operation: Operation, input?: CallInput): Promise<T>;
  /** Absolute URL of a built request, for recognising repeated `next` links. */
  urlFor(operation: Operation, input?: CallInput): string;
  readonly log: RequestLog;
}

/** Wait before retrying a 409 on a create: long enough for an in-progress first request to finish. */
const CONFLICT_WAIT_MS = 250;

interface Base {
  origin: string;
  /** Path under the origin where the server root lives ('' for the host root). */
  rootPath: string;
}

export function parseBaseUrl(baseUrl: string): Base {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`Not a valid base URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`Base URL must be http(s): ${url.protocol}`);
  }
  let rootPath = url.pathname.replace(/\/+$/, '');
  // Accept a pasted API root too: the client adds the prefix itself.
  if (rootPath.endsWith(API_PREFIX)) rootPath = rootPath.slice(0, -API_PREFIX.length);
  return { origin: url.origin, rootPath };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** How long to wait before the next attempt, or null to give up with `error`. */
function retryWait(
  retry: CoreOptions['retry'],
  op: Operation,
  error: ApiError,
  attempt: number,
  conflictRetries: number,
): number | null {
  if (attempt >= retry.maxAttempts) return null;
  const backoff = backoffDelay(attempt, retry);
  switch (error.kind) {
    case 'RateLimited': {
      // Never processed: always safe. Wait at least what the server asked for.
      const asked = (error as { retryAfterSeconds?: number | null }).retryAfterSeconds;
      return asked === null || asked === undefined ? backoff : Math.max(Math.ceil(asked * 1000), backoff);
    }
    case 'Network':
      return op.retrySafe || (error as { notSent?: boolean }).notSent ? backoff : null;
    case 'Timeout': {
      const phase = (error as TimeoutError).phase;
      if (phase === 'deadline') return null;
      return op.retrySafe || phase === 'connect' ? backoff : null;
    }
    case 'ServerError':
      return op.retrySafe ? backoff : null;
    case 'Conflict':
      // See CONFLICT_RETRIES in the catalogue: "in progress" and "different body" look alike.
      if (!op.idempotencyKey || conflictRetries >= CONFLICT_RETRIES) return null;
      return backoffStep(conflictRetries + 1, { baseMs: CONFLICT_WAIT_MS, capMs: retry.maxDelayMs }) + backoff;
    default:
      return null;
  }
}

/** Failures after which the server may have acted on the request. */
function ambiguous(error: ApiError): boolean {
  if (error.kind === 'ServerError') return true;
  if (error.kind === 'Network') return !(error as { notSent?: boolean }).notSent;
  if (error.kind === 'Timeout') return (error as TimeoutError).phase !== 'connect';
  return false;
}

export function createCore(opts: CoreOptions): Core {
  const base = parseBaseUrl(opts.baseUrl);
  const log = new RequestLog(opts.logCapacity, opts.onRequest);
  const source = opts.apiKey;
  // Remembered only to scrub it from server-provided text; a closure variable, never a property.
  let knownKey = typeof source === 'string' ? source : '';
  let redactor: Redactor = createRedactor(knownKey);

  async function getKey(): Promise<string> {
    const key = typeof source === 'string' ? source : await source();
    if (key !== knownKey) redactor = createRedactor(key);
    knownKey = key;
    return key;
  }

  /** The key and any run of 8+ of its characters; applied before anything is cut to length. */
  function redact(text: string): string {
    return redactor(text);
  }

  /** `where` must come from locateIssue/describeValue given `redact`, so nothing was cut before. */
  function contractError(init: ApiErrorInit, where: ContractLocation): ContractError {
    const received = redact(where.received);
    return new ContractError(
      {
        ...init,
        code: 'CONTRACT_VIOLATION',
        message: redact(
          `The server's response to ${init.method} ${init.path} breaks the API contract at ` +
            `${where.jsonPath}: expected ${where.expected}, got ${received}.`,
        ),
      },
      { jsonPath: where.jsonPath, expected: where.expected, received },
    );
  }

  /** Turns one HTTP response into the envelope's `data`, or throws the typed error. */
  function interpret(
    op: Operation,
    res: AttemptResponse,
    init: ApiErrorInit,
    pathAndQuery: string,
    schemas: typeof Responses,
  ): unknown {
    const { status } = res;
    const withStatus = { ...init, status };
    if (status >= 200 && status < 300) {
      if (status === 204 && op.output === null) return null;
      const json = parseJson(res.text);
      if (!json.ok) {
        const got = status === 204 || res.text === '' ? `an empty ${status} response` : 'a body that is not JSON';
        throw contractError(withStatus, { jsonPath: '$', expected: 'a JSON success envelope', received: got });
      }
      const { shape, context } = readingOf(op, schemas);
      // The reference first: a conforming answer (the usual case) is parsed once.
      const exact = shape.reference.safeParse(json.value, context);
      if (exact.success) return (exact.data as { data: unknown }).data;
      const parsed = shape.reading.safeParse(json.value, context);
      if (!parsed.success) throw contractError(withStatus, locateIssue(parsed.error, json.value, redact));
      const found = locateAll(exact.error, json.value, redact);
      if (opts.strict && found[0]) throw contractError(withStatus, found[0]);
      const deviations = mergeFound(
        found.map((where) => ({
          operation: op.id,
          jsonPath: where.pathPattern,
          expected: where.expected,
          received: where.received,
        })),
      );
      try {
        opts.onDeviations?.(deviations);
      } catch {
        // A faulty listener must not fail a response the app can use.
      }
      return (parsed.data as { data: unknown }).data;
    }

    const retryAfter = parseRetryAfter(res.headers['retry-after']);
    const json = parseJson(res.text);
    const envelope = json.ok ? schemas.errorEnvelope.safeParse(json.value) : null;
    const isEnvelope = envelope?.success === true;
    if (
      op.status === 'assumed' &&
      (status === 405 || (status === 404 && (!isEnvelope || routeMissing(op, pathAndQuery))))
    ) {
      throw new UnsupportedOperationError({
        ...withStatus,
        code: 'UNSUPPORTED_OPERATION',
        message: `Not available on this server: ${op.method} ${op.path} (${op.id}) answered ${status}.`,
      });
    }
    if (envelope?.success) {
      const body = envelope.data;
      const errors = body.errors.map((e) => ({
        field: redact(e.field),
        code: redact(e.code),
        message: redact(e.message),
      }));
      throw errorForStatus({ ...withStatus, code: body.code, message: redact(body.message) }, errors, retryAfter);
    }
    if (status === 429 || status >= 500) {
      // Gateways and proxies answer these without an envelope; still transient.
      throw errorForStatus(
        { ...withStatus, code: `HTTP_${status}`, message: `HTTP ${status} without an error envelope.` },
        [],
        retryAfter,
      );
    }
    const where: ContractLocation =
      envelope && !envelope.success
        ? locateIssue(envelope.error, json.ok ? json.value : undefined, redact)
        : {
            jsonPath: '$',
            expected: 'a JSON error envelope',
            received: json.ok ? describeValue(json.value, redact) : 'a body that is not JSON',
          };
    throw contractError(withStatus, where);
  }

  /** Resolves a request target: built from the catalogue, or a `next` link on the same origin. */
  function target(op: Operation, input: CallInput): { pathAndQuery: string } {
    if (input.url === undefined) {
      return { pathAndQuery: base.rootPath + buildPath(op, input.params, input.query) };
    }
    const url = new URL(input.url, base.origin + base.rootPath + '/');
    if (url.origin !== base.origin) {
      // Following it would send the API key to another host.
      throw contractError(
        { status: null, code: '', message: '', method: op.method, path: url.pathname, operation: op.id },
        { jsonPath: 'data.paginator.next', expected: `a link on ${base.origin}`, received: `a link on ${url.origin}` },
      );
    }
    return { pathAndQuery: url.pathname + url.search };
  }

  async function call<T>(op: Operation, input: CallInput = {}): Promise<T> {
    // A deadline whose timer goes with the call: AbortSignal.timeout's timer (and the signals it
    // keeps) would outlive every call by the whole deadline, thousands of them in a day of uploads.
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException('The call ran past its deadline.', 'TimeoutError')),
      opts.retry.deadlineMs,
    );
    timer.unref();
    try {
      return await callWithin<T>(op, input, deadline.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  async function callWithin<T>(op: Operation, input: CallInput, deadline: AbortSignal): Promise<T> {
    const started = performance.now();
    const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
    const { pathAndQuery } = target(op, input);
    if (input.signal?.aborted) {
      throw new CancelledError({
        status: null,
        code: 'CANCELLED',
        message: `Request cancelled: ${op.method} ${op.path}`,
        method: op.method,
        path: op.path,
        operation: op.id,
      });
    }
    const key = await getKey();
    // Logs and errors get the path only: the query (search terms) is dropped, and a key pasted
    // into an id by mistake is scrubbed.
    const path = redact(pathAndQuery.split('?')[0] ?? pathAndQuery);
    const init: ApiErrorInit = { status: null, code: '', message: '', method: op.method, path, operation: op.id };
    const headers: Record<string, string> = {
      'user-agent': opts.userAgent,
      accept: 'application/json',
      authorization: `Bearer ${key}`,
    };
    const body = input.body === undefined ? null : JSON.stringify(input.body);
    if (body !== null) headers['content-type'] = 'application/json';
    if (op.idempotencyKey) {
      // Required on creates; the same key on every attempt is what makes the retries safe.
      headers['idempotency-key'] = input.idempotencyKey || globalThis.crypto.randomUUID();
    }

    let conflictRetries = 0;
    let sawAmbiguous = false;
    for (let attempt = 1; ; attempt++) {
      const t0 = performance.now();
      const timestamp = new Date().toISOString();
      let status: number | null = null;
      const logAttempt = (outcome: string): void =>
        log.add({
          operation: op.id,
          method: op.method,
          path,
          status,
          durationMs: Math.round(performance.now() - t0),
          attempt,
          timestamp,
          outcome,
        });
      try {
        const res = await sendOnce(
          opts.dispatcher,
          { origin: base.origin, path: pathAndQuery, method: op.method, headers, body, signal, onSent: input.onSent },
          opts.timeouts,
        );
        status = res.status;
        // Loaded at the first answer, not before the first request (catalogue.ts).
        const data = interpret(op, res, init, pathAndQuery, await catalogueSchemas());
        logAttempt('ok');
        return data as T;
      } catch (err) {
        const error = isApiError(err)
          ? err
          : classifyTransportError(err, { ...init, status }, { user: input.signal, deadline });
        error.attempts = attempt;
        logAttempt(error.kind);
        // A delete whose earlier attempt may have gone through: "not found" now means "done".
        if (op.method === 'DELETE' && error.kind === 'NotFound' && sawAmbiguous) return null as T;
        if (ambiguous(error)) sawAmbiguous = true;
        const wait = retryWait(opts.retry, op, error, attempt, conflictRetries);
        if (wait === null) throw error;
        if (performance.now() + wait - started >= opts.retry.deadlineMs) throw error;
        if (error.kind === 'Conflict') conflictRetries++;
        try {
          await (opts.sleep ?? sleep)(wait, signal);
        } catch {
          const stopped = classifyTransportError(null, init, { user: input.signal, deadline });
          stopped.attempts = attempt;
          throw stopped;
        }
      }
    }
  }

  function urlFor(op: Operation, input: CallInput = {}): string {
    return new URL(target(op, input).pathAndQuery, base.origin).href;
  }

  return { baseUrl: base.origin + base.rootPath, call, urlFor, log };
}

/**
 * ASSUMPTIONS.md: an assumed operation answered 404 is "not available on this server". On a route
 * without ids (`/courses`, `/assessments`, `/uploads`) a 404 can mean nothing else, enveloped or not,
 * except a list page past the end (page > 1). On a route with ids, an enveloped 404 is about the
 * item (a deleted course, an unknown section), so it stays NotFound.
 */
function routeMissing(op: Operation, pathAndQuery: string): boolean {
  if (op.path.includes('{')) return false;
  const page = /[?&]page=(\d+)/.exec(pathAndQuery);
  return page === null || Number(page[1]) <= 1;
}
