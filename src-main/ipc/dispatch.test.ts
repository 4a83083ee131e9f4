import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createAppServices } from '../services/index.ts';
import { createAppDispatch } from './index.ts';
import { createDispatch, originOf } from './dispatch.ts';
import { createHandlers } from './handlers.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';

const APP = 'app://lectern';

async function realDispatch() {
  const services = await createAppServices({
    dataDir: tempDir('lectern-ipc-'),
    transport: 'bridge',
    dialog: createQueuedFileDialog(),
    keyStore: createMemoryKeyStore(),
    sandbox: false,
  });
  return { services, dispatch: createAppDispatch(services, () => [APP, 'http://127.0.0.1:4000']) };
}

describe('shared IPC dispatch', () => {
  it('answers a valid request from our own origin', async () => {
    const { dispatch, services } = await realDispatch();
    const result = await dispatch('app.echo', { text: 'hello' }, { origin: `${APP}/index.html#/courses` });
    expect(result).toMatchObject({ ok: true, value: { text: 'hello' } });
    await services.close();
  });

  it('rejects a payload that fails its schema with a typed, serializable error', async () => {
    const { dispatch, services } = await realDispatch();
    const result = await dispatch('app.echo', { text: 42, extra: true }, { origin: APP });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(JSON.parse(JSON.stringify(result.error))).toEqual(result.error);
    expect(JSON.stringify(result.error)).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    await services.close();
  });

  it('refuses a sender from a wrong origin, including look-alike prefixes', async () => {
    const { dispatch, services } = await realDispatch();
    for (const origin of [
      'https://evil.example',
      'app://lectern.evil',
      'http://127.0.0.1:4000.evil.example/',
      'http://127.0.0.1:40001',
      'file:///etc/passwd',
      null,
    ]) {
      const result = await dispatch('app.info', undefined, { origin });
      expect(result, String(origin)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
    await services.close();
  });

  it('refuses unknown channels, including prototype names', async () => {
    const { dispatch, services } = await realDispatch();
    for (const channel of ['nope.nothing', '__proto__', 'constructor', 'toString']) {
      expect(await dispatch(channel, undefined, { origin: APP })).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL' },
      });
    }
    await services.close();
  });

  it('turns thrown errors into typed errors without leaking internals', async () => {
    const logged: unknown[] = [];
    const { services } = await realDispatch();
    const handlers = {
      ...createHandlers(services),
      'app.info': () => {
        throw new Error('secret internal detail /home/user/key');
      },
      'app.health': () => {
        // One of our own error classes with an UPPER_SNAKE code (a bare Error with a code is Node's).
        throw new (class NetworkProblem extends Error {
          readonly code = 'NETWORK';
        })('Lectern could not reach the server.');
      },
      'app.echo': () => ({ text: 1 }) as unknown as { text: string; receivedAt: string },
    };
    const dispatch = createDispatch({
      handlers,
      allowedOrigins: () => [APP],
      logInternalError: (_c, e) => logged.push(e),
    });
    const internal = await dispatch('app.info', undefined, { origin: APP });
    expect(internal).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(internal)).not.toContain('secret internal detail');
    expect(await dispatch('app.health', undefined, { origin: APP })).toEqual({
      ok: false,
      error: { code: 'NETWORK', message: 'Lectern could not reach the server.' },
    });
    // A handler answering off-contract is caught before anything leaves main.
    expect(await dispatch('app.echo', { text: 'x' }, { origin: APP })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
    expect(logged).toHaveLength(2);
    await services.close();
  });

  it('parses origins instead of comparing prefixes', () => {
    expect(originOf('app://lectern/index.html')).toBe('app://lectern');
    expect(originOf('http://127.0.0.1:5173/x?y')).toBe('http://127.0.0.1:5173');
    expect(originOf('not a url')).toBeNull();
  });
});
