// Tests (plain Node): OS and SQLite errors reach the renderer as a plain sentence, never with the
// paths or SQL text of their messages; our own typed errors still pass as they are; app.health
// names no path. Real errors from the real fs and node:sqlite, through the real dispatch.
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteTempDir } from '../test-support/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppServices } from '../services/index.ts';
import { ProfileNotFound } from '../workspaces/index.ts';
import { createDispatch, type HandlerTable } from './dispatch.ts';
import { createAppDispatch } from './index.ts';

const APP = 'app://lectern';
const privateFolder = suiteTempDir('lectern-private-user-folder-');

function caught(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

async function throughDispatch(error: unknown): Promise<{ answer: string; logged: unknown[] }> {
  const logged: unknown[] = [];
  const dispatch = createDispatch({
    handlers: {
      'app.info': () => {
        throw error;
      },
    } as unknown as HandlerTable,
    allowedOrigins: () => [APP],
    logInternalError: (_channel, e) => logged.push(e),
  });
  return { answer: JSON.stringify(await dispatch('app.info', undefined, { origin: APP })), logged };
}

describe('errors with an upper-case code from the OS, Node and SQLite', () => {
  it('a file-system error: a human sentence, no path; the error itself goes to the log', async () => {
    const error = caught(() => readFileSync(join(privateFolder.path, 'missing.json')));
    const { answer, logged } = await throughDispatch(error);
    expect(JSON.parse(answer)).toMatchObject({ ok: false, error: { code: 'LOCAL_FILE_ERROR' } });
    expect(answer).toContain('was not found');
    expect(answer).not.toContain(privateFolder.path);
    expect(answer).not.toContain('ENOENT');
    expect(logged).toEqual([error]);
  });

  it('a SQLite error: no SQL text, no file name', async () => {
    const db = new DatabaseSync(join(privateFolder.path, 'local.sqlite'));
    const error = caught(() => db.exec('SELECT secret_column FROM private_table'));
    db.close();
    expect(String((error as Error).message)).toContain('private_table'); // what must not leak
    const { answer, logged } = await throughDispatch(error);
    expect(JSON.parse(answer)).toMatchObject({ ok: false, error: { code: 'LOCAL_DATABASE_ERROR' } });
    expect(answer).not.toMatch(/private_table|secret_column|SQLITE|local\.sqlite/);
    expect(logged).toEqual([error]);
  });

  it('a SQLite "cannot open" error says what to check', async () => {
    const error = caught(() => new DatabaseSync(join(privateFolder.path, 'no-such-folder', 'x.sqlite')));
    const { answer } = await throughDispatch(error);
    expect(answer).toContain('could not open its local database');
    expect(answer).not.toContain(privateFolder.path);
  });

  it('our own typed errors still pass through with their message and details', async () => {
    const { answer, logged } = await throughDispatch(new ProfileNotFound('x'));
    expect(JSON.parse(answer)).toEqual({
      ok: false,
      error: {
        code: 'PROFILE_NOT_FOUND',
        message: 'There is no workspace with the id “x”.',
        details: { profile: 'x' },
      },
    });
    expect(logged).toEqual([]);
  });
});

describe('app.health', () => {
  it('names no path of the data folder', async () => {
    const dataDir = join(privateFolder.path, 'data');
    const services = await createAppServices({
      dataDir,
      transport: 'bridge',
      dialog: createQueuedFileDialog(),
      keyStore: createMemoryKeyStore(),
      sandbox: false,
    });
    try {
      const dispatch = createAppDispatch(services, () => [APP]);
      const health = await dispatch('app.health', undefined, { origin: APP });
      expect(health).toMatchObject({ ok: true });
      expect(JSON.stringify(health)).not.toContain(privateFolder.path);
      expect(JSON.stringify(health)).not.toContain(tmpdir());
    } finally {
      await services.close();
    }
  });
});
