// Main process / plain Node. The API client every other part of the app uses: one method per
// catalogue operation, grouped by resource. All HTTP, retries and validation live in core.ts.
import type { Dispatcher } from 'undici';
import pkg from '../../package.json' with { type: 'json' };
import { catalogue } from './catalogue.ts';
import type { Operation } from './catalogue.ts';
import { createCore, parseBaseUrl } from './core.ts';
import type { CallInput, Core } from './core.ts';
import { bindKeySource } from './key-binding.ts';
import type { ClientKeySource } from './key-binding.ts';
import { DeviationLog } from './deviations.ts';
import type { DeviationRecord } from './deviations.ts';
import { isApiError } from './errors.ts';
import type { RequestLogEntry } from './log.ts';
import { walkItems, walkPages } from './paging.ts';
import { DEFAULT_RETRY } from './retry.ts';
import type { RetryOptions } from './retry.ts';
import type * as S from '../../src-shared/api/schemas.ts';
import { structureMethods } from './structure.ts';
import type { StructureMethods } from './structure.ts';
import { DEFAULT_TIMEOUTS, createAgent } from './transport.ts';
import type { Timeouts } from './transport.ts';

export const USER_AGENT = `Lectern/${pkg.version}`;

export interface ApiClientOptions {
  /** Server root; the client appends /v1/external/learning. */
  baseUrl: string;
  /**
   * The key, or a getter asked on every call (e.g. from the keychain). Never stored on an object.
   * A bound key (`{key, origin}`) is only ever sent to its own origin.
   */
  apiKey: ClientKeySource;
  userAgent?: string;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; deadlineMs?: number };
  onRequest?: (entry: RequestLogEntry) => void;
  /** Use this dispatcher instead of the client's own keep-alive Agent (not closed by `close()`). */
  dispatcher?: Dispatcher;
  /** Entries kept for `requestLog()`. Default 500. */
  logCapacity?: number;
  /** Every tolerated difference from the reference (deduplicated per operation and JSON path in
   * this client; `isNew` the first time, `added` what this response added to `count`). Never
   * carries the key. */
  onDeviation?: (record: DeviationRecord, isNew: boolean, added: number) => void;
  /** Treat any deviation as a contract error (the reference exactly, for testing a server). */
  strict?: boolean;
  /** The wait between attempts (default: the shared abortable sleep). Tests pass a clock's. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
}
export interface CreateOptions {
  /** Required by the API on creates; reuse the same key to retry the same create safely. */
  idempotencyKey: string;
  signal?: AbortSignal;
  /** Told as each attempt starts going out (its headers are being written to a connection). */
  onSent?: () => void;
}
export interface ListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
}
export interface CourseQuery extends ListQuery {
  category?: string;
  status?: string;
}
export interface AssessmentQuery extends ListQuery {
  courseId?: string;
  status?: string;
}

export type Page<T> = S.Page<T>;

export interface ListMethods<Q, T> {
  /** One page. */
  list(query?: Q, options?: CallOptions): Promise<Page<T>>;
  /** Every item of every page from `query.page` on, following `next` links. `break` stops early. */
  iterate(query?: Q, options?: CallOptions): AsyncGenerator<T, void, undefined>;
  /** Like `iterate`, page by page. */
  pages(query?: Q, options?: CallOptions): AsyncGenerator<Page<T>, void, undefined>;
}

export interface ApiClient {
  /** Normalised server root. */
  readonly baseUrl: string;
  categories: ListMethods<ListQuery, S.Category>;
  courses: ListMethods<CourseQuery, S.Course> &
    StructureMethods['courses'] & {
      get(id: string, options?: CallOptions): Promise<S.DraftedCourse>;
    };
  sections: StructureMethods['sections'] & {
    list(courseId: string, query?: ListQuery, options?: CallOptions): Promise<Page<S.DraftedSection>>;
    iterate(
      courseId: string,
      query?: ListQuery,
      options?: CallOptions,
    ): AsyncGenerator<S.DraftedSection, void, undefined>;
    pages(
      courseId: string,
      query?: ListQuery,
      options?: CallOptions,
    ): AsyncGenerator<Page<S.DraftedSection>, void, undefined>;
    get(courseId: string, id: string, options?: CallOptions): Promise<S.DraftedSection>;
    /** Every section with only what a course push's plan reads (catalogue `sections.outline`). */
    iterateOutline(
      courseId: string,
      query?: ListQuery,
      options?: CallOptions,
    ): AsyncGenerator<S.SectionOutline, void, undefined>;
  };
  lessons: {
    get(courseId: string, sectionId: string, id: string, options?: CallOptions): Promise<S.Lesson>;
    create(courseId: string, sectionId: string, body: S.LessonCreateBody, options: CreateOptions): Promise<S.Lesson>;
    update(
      courseId: string,
      sectionId: string,
      id: string,
      body: S.LessonUpdateBody,
      options?: CallOptions,
    ): Promise<S.Lesson>;
    delete(courseId: string, sectionId: string, id: string, options?: CallOptions): Promise<void>;
  };
  quizzes: ListMethods<ListQuery, S.Quiz>;
  assessments: ListMethods<AssessmentQuery, S.Assessment> & {
    get(id: string, options?: CallOptions): Promise<S.Assessment>;
    create(body: S.AssessmentCreateBody, options: CreateOptions): Promise<S.Assessment>;
    update(id: string, body: S.AssessmentUpdateBody, options?: CallOptions): Promise<S.Assessment>;
    delete(id: string, options?: CallOptions): Promise<void>;
  };
  assignments: {
    create(body: S.AssignmentCreateBody, options: CreateOptions): Promise<S.Assignment>;
  };
  uploads: {
    create(body: S.UploadCreateBody, options: CreateOptions): Promise<S.UploadSession>;
    get(id: string, options?: CallOptions): Promise<S.UploadSession>;
    signParts(id: string, partNumbers: number[], options?: CallOptions): Promise<S.PresignedPart[]>;
    listParts(id: string, options?: CallOptions): Promise<S.UploadedPart[]>;
    complete(id: string, parts: S.CompletePart[], options?: CallOptions): Promise<S.UploadSession>;
    /** Best effort: may raise UnsupportedOperation on servers without it. */
    abort(id: string, options?: CallOptions): Promise<void>;
  };
  /** Recent attempts, oldest first (method, path, status, duration, attempt; never headers or bodies). */
  requestLog(): RequestLogEntry[];
  /** Contract deviations this client has seen, one per operation and JSON path. */
  deviations(): DeviationRecord[];
  /** Closes the client's own connection pool. */
  close(): Promise<void>;
}

function lister<Q extends object, T>(core: Core, op: Operation, params: (args: unknown[]) => Record<string, string>) {
  const input = (query: Q | undefined, options: CallOptions | undefined, args: unknown[]): CallInput => ({
    params: params(args),
    query: { ...query },
    signal: options?.signal,
  });
  const fetcher = (query: Q | undefined, options: CallOptions | undefined, args: unknown[]) => {
    const first = input(query, options, args);
    return {
      firstUrl: core.urlFor(op, first),
      first: () => core.call<Page<T>>(op, first),
      follow: (url: string) => core.call<Page<T>>(op, { url, signal: options?.signal }),
    };
  };
  return {
    list: (args: unknown[], query?: Q, options?: CallOptions) => core.call<Page<T>>(op, input(query, options, args)),
    iterate: (args: unknown[], query?: Q, options?: CallOptions) => walkItems<T>(fetcher(query, options, args)),
    pages: (args: unknown[], query?: Q, options?: CallOptions) => walkPages<T>(fetcher(query, options, args)),
  };
}

function topLevel<Q extends object, T>(core: Core, op: Operation): ListMethods<Q, T> {
  const l = lister<Q, T>(core, op, () => ({}));
  return {
    list: (query, options) => l.list([], query, options),
    iterate: (query, options) => l.iterate([], query, options),
    pages: (query, options) => l.pages([], query, options),
  };
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(opts.timeouts) };
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...definedOnly(opts.retry) };
  const ownAgent = opts.dispatcher ? null : createAgent(timeouts);
  const deviationLog = new DeviationLog();
  const core = createCore({
    baseUrl: opts.baseUrl,
    apiKey: bindKeySource(opts.apiKey, parseBaseUrl(opts.baseUrl).origin),
    userAgent: opts.userAgent ?? USER_AGENT,
    timeouts,
    retry,
    dispatcher: opts.dispatcher ?? (ownAgent as Dispatcher),
    logCapacity: opts.logCapacity ?? 500,
    onRequest: opts.onRequest,
    strict: opts.strict,
    sleep: opts.sleep,
    onDeviations: (found) => {
      const at = new Date().toISOString();
      deviationLog
        .record(found, at)
        .forEach(({ record, isNew }, i) => opts.onDeviation?.(record, isNew, found[i]!.count));
    },
  });
  const c = catalogue;
  const call = <T>(op: Operation, input: CallInput): Promise<T> => core.call<T>(op, input);
  const structure = structureMethods(core);
  const inCourse = (a: unknown[]) => ({ course_id: String(a[0]) });
  const sectionList = lister<ListQuery, S.DraftedSection>(core, c['sections.list'], inCourse);
  const sectionOutline = lister<ListQuery, S.SectionOutline>(core, c['sections.outline'], inCourse);

  const complete = async (id: string, parts: S.CompletePart[], options?: CallOptions): Promise<S.UploadSession> => {
    try {
      return await call<S.UploadSession>(c['uploads.complete'], {
        params: { id },
        body: { parts },
        signal: options?.signal,
      });
    } catch (error) {
      // A retried complete may find its first attempt already went through: confirm by retrieving.
      if (isApiError(error) && error.attempts > 1 && ['Conflict', 'Validation', 'BadRequest'].includes(error.kind)) {
        const session = await call<S.UploadSession>(c['uploads.get'], {
          params: { id },
          signal: options?.signal,
        }).catch(() => null);
        if (session?.status === 'COMPLETED') return session;
      }
      throw error;
    }
  };

  return {
    baseUrl: core.baseUrl,
    categories: topLevel<ListQuery, S.Category>(core, c['categories.list']),
    courses: {
      ...topLevel<CourseQuery, S.Course>(core, c['courses.list']),
      get: (id, o) => call(c['courses.get'], { params: { id }, signal: o?.signal }),
      ...structure.courses,
    },
    sections: {
      ...structure.sections,
      list: (courseId, q, o) => sectionList.list([courseId], q, o),
      iterate: (courseId, q, o) => sectionList.iterate([courseId], q, o),
      pages: (courseId, q, o) => sectionList.pages([courseId], q, o),
      get: (courseId, id, o) => call(c['sections.get'], { params: { course_id: courseId, id }, signal: o?.signal }),
      iterateOutline: (courseId, q, o) => sectionOutline.iterate([courseId], q, o),
    },
    lessons: {
      get: (courseId, sectionId, id, o) =>
        call(c['lessons.get'], { params: { course_id: courseId, section_id: sectionId, id }, signal: o?.signal }),
      create: (courseId, sectionId, body, o) =>
        call(c['lessons.create'], {
          params: { course_id: courseId, section_id: sectionId },
          body,
          idempotencyKey: o.idempotencyKey,
          signal: o.signal,
          onSent: o.onSent,
        }),
      update: (courseId, sectionId, id, body, o) =>
        call(c['lessons.update'], {
          params: { course_id: courseId, section_id: sectionId, id },
          body,
          signal: o?.signal,
        }),
      delete: async (courseId, sectionId, id, o) => {
        await call(c['lessons.delete'], {
          params: { course_id: courseId, section_id: sectionId, id },
          signal: o?.signal,
        });
      },
    },
    quizzes: topLevel<ListQuery, S.Quiz>(core, c['quizzes.list']),
    assessments: {
      ...topLevel<AssessmentQuery, S.Assessment>(core, c['assessments.list']),
      get: (id, o) => call(c['assessments.get'], { params: { id }, signal: o?.signal }),
      create: (body, o) =>
        call(c['assessments.create'], { body, idempotencyKey: o.idempotencyKey, signal: o.signal, onSent: o.onSent }),
      update: (id, body, o) => call(c['assessments.update'], { params: { id }, body, signal: o?.signal }),
      delete: async (id, o) => {
        await call(c['assessments.delete'], { params: { id }, signal: o?.signal });
      },
    },
    assignments: {
      create: (body, o) =>
        call(c['assignments.create'], { body, idempotencyKey: o.idempotencyKey, signal: o.signal, onSent: o.onSent }),
    },
    uploads: {
      create: (body, o) =>
        call(c['uploads.create'], { body, idempotencyKey: o.idempotencyKey, signal: o.signal, onSent: o.onSent }),
      get: (id, o) => call(c['uploads.get'], { params: { id }, signal: o?.signal }),
      signParts: async (id, partNumbers, o) => {
        const data = await call<{ presigned_urls: S.PresignedPart[] }>(c['uploads.signParts'], {
          params: { id },
          body: { part_numbers: partNumbers },
          signal: o?.signal,
        });
        return data.presigned_urls;
      },
      listParts: async (id, o) => {
        const data = await call<{ parts: S.UploadedPart[] }>(c['uploads.listParts'], {
          params: { id },
          signal: o?.signal,
        });
        return data.parts;
      },
      complete,
      abort: async (id, o) => {
        await call(c['uploads.abort'], { params: { id }, signal: o?.signal });
      },
    },
    requestLog: () => core.log.snapshot(),
    deviations: () => deviationLog.snapshot(),
    close: async () => {
      if (ownAgent) await ownAgent.close();
    },
  };
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!value) return out;
  for (const [k, v] of Object.entries(value)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
