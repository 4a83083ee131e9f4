// Tests (plain Node): the CLI's upload journal belongs to one server and key. Two sandboxes over
// real HTTP, each saved as a workspace (keys in the real Secret Service of with-keyring.sh): an
// upload to server A is killed; `uploads list` / `uploads resume` with B's workspace (or with A's
// address and another key) neither show nor touch it, and with A's workspace it resumes to the end.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN } from '../cli/test-support/index.ts';
import { requirePrivateKeyring } from '../keychain/test-support/index.ts';
import { suiteTempDir } from '../test-support/index.ts';
import { uploadJournalPath } from './journal-path.ts';
import { assetSha256, makeFile, startHarness, type Harness } from './test-support/index.ts';

requirePrivateKeyring();

const PART = 256 * 1024;
let a: Harness;
let b: Harness;
const data = suiteTempDir('lectern-cli-servers-');

beforeAll(async () => {
  [a, b] = await Promise.all([startHarness({ partSize: PART }), startHarness({ partSize: PART })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  uploads: Record<string, unknown>[] | null;
}

/** The real CLI on our data folder and private session bus; `killWhen` SIGKILLs it mid-run. */
function lectern(
  args: string[],
  options: { stdin?: string; env?: Record<string, string>; killWhen?: (stderr: string) => boolean } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args, '--data-dir', data.path], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
        XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR,
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killWhen = options.killWhen;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (killWhen?.(stderr)) {
        killWhen = undefined;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      let uploads: Result['uploads'] = null;
      try {
        uploads = (JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as { uploads: Result['uploads'] }).uploads;
      } catch {
        // Not a JSON summary (usage error, killed, human output).
      }
      resolve({ code, stdout, stderr, uploads });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

async function addWorkspace(name: string, h: Harness): Promise<void> {
  const args = ['profiles', 'add', '--name', name, '--base-url', h.sandbox.baseUrl];
  const added = await lectern([...args, '--environment', 'staging', '--mode', 'tenant'], {
    stdin: `${h.sandbox.keys.tenantAdmin}\n`,
  });
  expect(added.code, added.stderr).toBe(0);
}

/** A's journal row as stored, read from the file the CLI uses for A's server and key. */
function journalRowOfA(): Record<string, unknown> {
  const path = uploadJournalPath({
    dataDir: data.path,
    baseUrl: a.sandbox.baseUrl,
    apiKey: a.sandbox.keys.tenantAdmin,
  });
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const rows = db.prepare('SELECT * FROM uploads').all();
    expect(rows).toHaveLength(1);
    return { ...rows[0], parts: db.prepare('SELECT * FROM upload_parts ORDER BY part_number').all() };
  } finally {
    db.close();
  }
}

describe('the CLI upload journal is tied to its server and key', () => {
  it("never lists or resumes another server's (or another key's) uploads", { timeout: 90_000 }, async () => {
    await addWorkspace('Alpha', a);
    await addWorkspace('Beta', b);
    const file = join(a.dir, 'tied.mp4');
    const sha = await makeFile(file, 8 * PART + 7, 61);

    // Killed once a few parts are on server A (the rate limit keeps the rest for later).
    const section = `${a.courseId}/${a.sectionId}`;
    const killed = await lectern(['upload', file, '--section', section, '--limit-rate', '512K', '--profile', 'Alpha'], {
      killWhen: (stderr) => /tied\.mp4: \d+%/.test(stderr),
    });
    expect(killed.code, killed.stderr).toBeNull();
    const before = journalRowOfA();
    expect(before.session_id).toEqual(expect.any(String));
    const uploadId = String(before.session_id);
    expect((await a.client.uploads.get(uploadId)).status).not.toBe('COMPLETED');

    // Server B's workspace: nothing to show, nothing to resume.
    const listedB = await lectern(['uploads', 'list', '--json', '--profile', 'Beta']);
    expect([listedB.code, listedB.uploads], listedB.stderr).toEqual([0, []]);
    const resumedB = await lectern(['uploads', 'resume', '--json', '--profile', 'Beta']);
    expect([resumedB.code, resumedB.uploads], resumedB.stderr).toEqual([0, []]);
    // Server A with another key: not its uploads either.
    const otherKey = { LECTERN_API_KEY: a.sandbox.keys.tenantViewer };
    const listedKey = await lectern(['uploads', 'list', '--json', '--base-url', a.sandbox.baseUrl], { env: otherKey });
    expect([listedKey.code, listedKey.uploads], listedKey.stderr).toEqual([0, []]);

    // Untouched: the same journal row and parts, the session still open on A.
    expect(journalRowOfA()).toEqual(before);
    expect((await a.client.uploads.get(uploadId)).status).not.toBe('COMPLETED');
    // One journal folder per server and key; none names the key.
    const folders = readdirSync(join(data.path, 'cli-uploads'));
    expect(folders).toHaveLength(3);
    for (const key of [a.sandbox.keys.tenantAdmin, a.sandbox.keys.tenantViewer, b.sandbox.keys.tenantAdmin]) {
      expect(folders.join('\n')).not.toContain(key);
    }

    // Server A's workspace sees it and finishes it, in the same session.
    const listedA = await lectern(['uploads', 'list', '--json', '--profile', 'Alpha']);
    expect(listedA.uploads!.map((u) => [u.file, u.uploadId])).toEqual([[file, uploadId]]);
    const resumedA = await lectern(['uploads', 'resume', '--json', '--profile', 'Alpha']);
    expect(resumedA.code, resumedA.stderr).toBe(0);
    expect(resumedA.uploads).toEqual([expect.objectContaining({ file, uploadId, status: 'done' })]);
    expect(await assetSha256(a.client, uploadId)).toBe(sha);
  });
});
