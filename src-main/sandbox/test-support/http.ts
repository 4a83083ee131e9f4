// Main process / tests only. A small HTTP client over undici for the black-box conformance suite:
// every call is a real request to a sandbox listening on 127.0.0.1.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { startTestSandbox } from '../../test-support/index.ts';
import type { RunningSandbox, SandboxOptions } from '../index.ts';

export const API = '/v1/external/learning';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // Tests read into the JSON freely; the reference schemas check its shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface CallOptions {
  /** API key; null sends no Authorization header. Default: the tenant admin key. */
  key?: string | null;
  body?: unknown;
  /** Raw body bytes (sent as is, with contentType). */
  raw?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Idempotency-Key header; `true` generates one. */
  idem?: string | true;
}

export interface Client {
  sandbox: RunningSandbox;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  get(path: string, options?: CallOptions): Promise<Reply>;
  post(path: string, body: unknown, options?: CallOptions): Promise<Reply>;
  patch(path: string, body: unknown, options?: CallOptions): Promise<Reply>;
  del(path: string, options?: CallOptions): Promise<Reply>;
  /** POST with a fresh Idempotency-Key. */
  create(path: string, body: unknown, options?: CallOptions): Promise<Reply>;
}

export async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<Reply> {
  const response = await request(url, {
    method: method as 'GET',
    headers,
    body,
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

export function clientFor(sandbox: RunningSandbox): Client {
  const call = (method: string, path: string, options: CallOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const key = options.key === undefined ? sandbox.keys.tenantAdmin : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    if (options.idem !== undefined) headers['idempotency-key'] = options.idem === true ? randomUUID() : options.idem;
    let body: string | Buffer | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType !== undefined) headers['content-type'] = options.contentType;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const url = path.startsWith('http') ? path : `${sandbox.baseUrl}${path.startsWith('/storage') ? '' : API}${path}`;
    return send(url, method, headers, body);
  };
  return {
    sandbox,
    call,
    get: (path, options) => call('GET', path, options),
    post: (path, body, options) => call('POST', path, { ...options, body }),
    patch: (path, body, options) => call('PATCH', path, { ...options, body }),
    del: (path, options) => call('DELETE', path, options),
    create: (path, body, options) => call('POST', path, { idem: true, ...options, body }),
  };
}

/** Starts a sandbox on a free port (the shared test harness); remember to close it (afterAll). */
export async function startClient(options: SandboxOptions = {}): Promise<Client> {
  return clientFor(await startTestSandbox(options));
}

/** The error envelope of a documented row: status, code, message, data null, errors []. */
export function expectedError(status: number, message: string, code = 'REQUEST_FAILED') {
  return { status, success: false, code, message, data: null, errors: [] };
}

export const MESSAGES = {
  400: 'Bad request.',
  401: 'Missing or invalid API key.',
  403: 'Permission denied, inactive service provider, or unsupported key mode.',
  404: 'Resource not found.',
  409: 'Idempotency conflict or request already in progress.',
  422: 'Validation failed.',
  429: 'Rate limit exceeded.',
  500: 'Internal server error.',
} as const;

/** First id of a list endpoint (tenant admin). */
export async function firstId(client: Client, path: string, key?: string): Promise<string> {
  const reply = await client.get(path, { key });
  const body = reply.json as { data?: { results?: { id?: unknown }[] } } | undefined;
  const id = body?.data?.results?.[0]?.id;
  if (typeof id !== 'string') throw new Error(`No results at ${path}: ${reply.text.slice(0, 200)}`);
  return id;
}
