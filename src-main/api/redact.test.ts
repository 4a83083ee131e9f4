// Tests (plain Node): the API key never reaches the renderer through a contract error, whole or in
// pieces: a stub server echoes an 85-character key (and slices of it) where the schema expects
// something else, and the error goes through the real IPC dispatch.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, type HandlerTable } from '../ipc/index.ts';
import { ContractError } from './errors.ts';
import { createApiClient, type ApiClient } from './index.ts';
import { createRedactor } from './redact.ts';
import * as fx from './test-support/index.ts';

const KEY = 'lk_live_' + 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'.repeat(2) + 'abcde'; // 8 + 72 + 5
let stub: fx.Stub | undefined;
let client: ApiClient | undefined;

afterEach(async () => {
  await client?.close();
  await stub?.close();
  client = undefined;
  stub = undefined;
});

/** Every run of 8 characters of the key that occurs in `text`. */
function keyRuns(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 8))) found.push(KEY.slice(i, i + 8));
  return found;
}

/** The key echoed in a course's `id`: a field read strictly, so the answer is a contract error. */
async function errorThroughIpc(value: unknown): Promise<string> {
  stub = await fx.startStub(() => ({ status: 200, json: fx.ok(fx.page([{ ...fx.course(), id: value }])) }));
  client = createApiClient({ baseUrl: stub.baseUrl, apiKey: KEY, retry: { maxAttempts: 1 } });
  const error = await client.courses.list().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContractError);
  const dispatch = createDispatch({
    handlers: {
      'app.info': () => {
        throw error;
      },
    } as unknown as HandlerTable,
    allowedOrigins: () => ['app://lectern'],
  });
  const result = await dispatch('app.info', undefined, { origin: 'app://lectern' });
  expect(result).toMatchObject({ ok: false, error: { code: 'API_CONTRACT' } });
  return JSON.stringify(result);
}

describe('redaction of the key', () => {
  it('is 85 characters long here', () => expect(KEY).toHaveLength(85));

  it('an echoed 85-character key reaches IPC redacted, not truncated to a 56-character piece', async () => {
    const text = await errorThroughIpc(KEY);
    expect(keyRuns(text)).toEqual([]);
    expect(text).toContain('[redacted]');
  });

  it('a 20-character slice of the key inside other text is redacted too', async () => {
    const text = await errorThroughIpc(`status for ${KEY.slice(30, 50)} is unknown`);
    expect(keyRuns(text)).toEqual([]);
    expect(text).toContain('status for [redacted] is unknown');
  });

  it('an echoed key in a field read tolerantly is kept as a deviation without the key', async () => {
    stub = await fx.startStub(() => ({
      status: 200,
      json: fx.ok(fx.page([{ ...fx.course(), status: `${KEY} and ${KEY.slice(30, 50)}` }])),
    }));
    client = createApiClient({ baseUrl: stub.baseUrl, apiKey: KEY, retry: { maxAttempts: 1 } });
    await client.courses.list();
    const kept = JSON.stringify(client.deviations());
    expect(kept).toContain('data.results[*].status');
    expect(keyRuns(kept)).toEqual([]);
    expect(kept).toContain('[redacted]');
  });

  it('runs shorter than 8 characters and unrelated text stay as they are', () => {
    const redact = createRedactor(KEY);
    expect(redact(`x${KEY.slice(3, 10)}y`)).toBe(`x${KEY.slice(3, 10)}y`);
    expect(redact(`a${KEY.slice(3, 11)}b${KEY.slice(60, 80)}c`)).toBe('a[redacted]b[redacted]c');
    expect(redact('PUBLISHED')).toBe('PUBLISHED');
  });
});
