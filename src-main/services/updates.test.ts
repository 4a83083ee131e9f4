// Main process / plain Node tests. The update channels through the app's own services and
// dispatch (payloads and answers checked against the contract, senders checked), an
// administrator's policy file read from disk, and what counts as running work in a workspace.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppDispatch } from '../ipc/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { tempDir } from '../test-support/index.ts';
import { createAppServices } from './index.ts';
import { busyWorkOf } from './updates.ts';
import type { ProfileSession } from './profile-session.ts';

const APP = 'app://lectern';

async function app(options: { policy?: unknown } = {}) {
  const dataDir = tempDir('lectern-app-updates-');
  const policyFile = join(dataDir, 'policy.json');
  if (options.policy !== undefined) writeFileSync(policyFile, JSON.stringify(options.policy));
  const services = await createAppServices({
    dataDir,
    transport: 'bridge',
    dialog: createQueuedFileDialog(),
    keyStore: createMemoryKeyStore(),
    sandbox: false,
    updatePolicyFile: policyFile,
  });
  const dispatch = createAppDispatch(services, () => [APP]);
  return {
    services,
    send: (channel: string, input?: unknown, origin = APP) => dispatch(channel, input, { origin }),
  };
}

describe('the update channels', () => {
  it('a copy without an installer says so; Check now and Restart now are refused with a sentence', async () => {
    const { services, send } = await app();
    try {
      expect(await send('updates.status')).toMatchObject({
        ok: true,
        value: { state: 'unsupported', canCheck: false, canRestart: false, currentVersion: expect.any(String) },
      });
      expect(await send('updates.check')).toMatchObject({ ok: false, error: { code: 'CANNOT_CHECK' } });
      expect(await send('updates.restart')).toMatchObject({ ok: false, error: { code: 'NO_UPDATE' } });
    } finally {
      await services.close();
    }
  });

  it('refuse what the contract does not carry and senders other than the app', async () => {
    const { services, send } = await app();
    try {
      expect(await send('updates.setAutomatic', { automatic: 'no' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
      expect(await send('updates.setAutomatic', { automatic: false, feedUrl: 'https://evil.example' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
      expect(await send('updates.restart', undefined, 'https://evil.example')).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER' },
      });
      expect(await send('updates.setAutomatic', { automatic: false })).toMatchObject({
        ok: true,
        value: { automatic: false },
      });
    } finally {
      await services.close();
    }
  });

  it('an administrator’s policy file turns checks off, and the setting cannot turn them back on', async () => {
    const { services, send } = await app({ policy: { updates: { checks: false } } });
    try {
      const status = await send('updates.status');
      expect(status).toMatchObject({ ok: true, value: { state: 'off', lockedByPolicy: true } });
      expect(await send('updates.setAutomatic', { automatic: true })).toMatchObject({
        ok: false,
        error: { code: 'LOCKED_BY_POLICY' },
      });
    } finally {
      await services.close();
    }
  });
});

describe('work an install would interrupt', () => {
  /** A session as far as busyWorkOf reads it. */
  function sessionWith(parts: {
    uploads?: string[];
    pushing?: boolean;
    outbox?: { queued: number; sending: number };
    online?: boolean;
  }): ProfileSession {
    return {
      uploads: { list: () => (parts.uploads ?? []).map((state) => ({ state })) },
      folderPush: { running: () => (parts.pushing ? { planId: 'p', courseId: 'c' } : null) },
      sync: {
        outboxSummary: () => ({
          count: 0,
          queued: 0,
          sending: 0,
          failed: 0,
          conflicts: 0,
          deletedOnServer: 0,
          ...parts.outbox,
        }),
        connectivity: () => ({ state: parts.online === false ? 'offline' : 'online' }),
      },
    } as unknown as ProfileSession;
  }

  it('uploads on their way, a push, or changes being sent; never paused or finished uploads, nor changes waiting offline', () => {
    expect(busyWorkOf(null)).toBeNull();
    expect(busyWorkOf(sessionWith({ uploads: ['done', 'paused', 'failed', 'cancelled'] }))).toBeNull();
    expect(busyWorkOf(sessionWith({ uploads: ['uploading', 'waiting', 'queued', 'done'] }))).toEqual({
      uploads: 3,
      pushing: false,
      sending: 0,
    });
    expect(busyWorkOf(sessionWith({ pushing: true }))).toEqual({ uploads: 0, pushing: true, sending: 0 });
    expect(busyWorkOf(sessionWith({ outbox: { queued: 2, sending: 1 } }))).toEqual({
      uploads: 0,
      pushing: false,
      sending: 3,
    });
    expect(busyWorkOf(sessionWith({ outbox: { queued: 2, sending: 0 }, online: false }))).toBeNull();
  });
});
