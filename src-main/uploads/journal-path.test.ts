// Tests (plain Node): the CLI journal folder's salted name, on real files. The salt file is 0600
// and the same for every command (also several started at once, in child processes); the name is
// not the old unsalted hash; two keys get two folders. An upload left unfinished by the real CLI in
// a folder named the old way is found and finished after the upgrade (sandbox over real HTTP).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN } from '../cli/test-support/index.ts';
import { suiteTempDir, tempDir } from '../test-support/index.ts';
import { INSTALL_SALT_FILE, JOURNAL_FILE, uploadJournalPath } from './journal-path.ts';
import { assetSha256, makeFile, startHarness, type Harness } from './test-support/index.ts';

const SERVER = 'https://lms.example.edu/api/';
const KEY = 'lk_live_guessable';

/** The folder name before salting, as older Lectern computed it (kept here to prove we moved on). */
function unsaltedFolder(dataDir: string, baseUrl: string, apiKey: string): string {
  const server = new URL(baseUrl);
  const serverId = server.origin + server.pathname.replace(/\/+$/, '');
  const hash = createHash('sha256').update(`lectern upload journal\0${serverId}\0${apiKey}`).digest('hex');
  return join(dataDir, 'cli-uploads', `${server.host.replace(/[^a-z0-9.-]+/gi, '_')}-${hash.slice(0, 16)}`);
}

/** uploadJournalPath in a separate Node process, as a separate CLI command would call it. */
function pathFromChild(dataDir: string): Promise<string> {
  const module = new URL('./journal-path.ts', import.meta.url).href;
  const script = `const { uploadJournalPath } = await import(${JSON.stringify(module)});
process.stdout.write(uploadJournalPath({ dataDir: ${JSON.stringify(dataDir)}, baseUrl: ${JSON.stringify(SERVER)}, apiKey: ${JSON.stringify(KEY)} }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
  });
}

describe('the CLI journal folder name', () => {
  it('is keyed by a 0600 salt file that every command, even several at once, agrees on', async () => {
    const dataDir = join(tempDir('lectern-salt-'), 'Lectern');
    const paths = await Promise.all([1, 2, 3, 4].map(() => pathFromChild(dataDir)));
    expect(new Set(paths).size).toBe(1);
    const saltFile = join(dataDir, INSTALL_SALT_FILE);
    expect(statSync(saltFile).mode & 0o777).toBe(0o600);
    const salt = readFileSync(saltFile, 'utf8');
    expect(salt).toMatch(/^[0-9a-f]{64}\n$/);
    // Later runs read it and change nothing; no temporary file is left behind.
    expect(uploadJournalPath({ dataDir, baseUrl: SERVER, apiKey: KEY })).toBe(paths[0]);
    expect(await pathFromChild(dataDir)).toBe(paths[0]);
    expect(readFileSync(saltFile, 'utf8')).toBe(salt);
    expect(readdirSync(dataDir)).toEqual([INSTALL_SALT_FILE]);
  });

  it('is not the unsalted hash, differs per install, and gives two keys two folders', () => {
    const dataDir = tempDir('lectern-salt-');
    const path = uploadJournalPath({ dataDir, baseUrl: SERVER, apiKey: KEY });
    expect(basename(path)).toBe(JOURNAL_FILE);
    expect(dirname(path)).not.toBe(unsaltedFolder(dataDir, SERVER, KEY));
    expect(basename(dirname(path))).toMatch(/^lms\.example\.edu-[0-9a-f]{16}$/);
    expect(path).not.toContain(KEY);
    const otherKey = uploadJournalPath({ dataDir, baseUrl: SERVER, apiKey: `${KEY}2` });
    expect(dirname(otherKey)).not.toBe(dirname(path));
    // Another install (another salt): another name for the same server and key.
    const elsewhere = tempDir('lectern-salt-');
    expect(basename(dirname(uploadJournalPath({ dataDir: elsewhere, baseUrl: SERVER, apiKey: KEY })))).not.toBe(
      basename(dirname(path)),
    );
  });

  it('refuses a damaged salt file instead of replacing it (that would hide every journal)', () => {
    const dataDir = tempDir('lectern-salt-');
    writeFileSync(join(dataDir, INSTALL_SALT_FILE), 'abc\n', { mode: 0o600 });
    expect(() => uploadJournalPath({ dataDir, baseUrl: SERVER, apiKey: KEY })).toThrow(/install-salt is damaged/);
  });

  it('moves an old unsalted folder to its salted name; with both, keeps the salted one and says so', () => {
    const dataDir = tempDir('lectern-salt-');
    const old = unsaltedFolder(dataDir, SERVER, KEY);
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, JOURNAL_FILE), 'old journal');
    const notes: string[] = [];
    const path = uploadJournalPath({ dataDir, baseUrl: SERVER, apiKey: KEY, onNote: (m) => notes.push(m) });
    expect(readFileSync(path, 'utf8')).toBe('old journal');
    expect(existsSync(old)).toBe(false);
    expect(notes).toEqual([]);

    mkdirSync(old);
    writeFileSync(join(old, JOURNAL_FILE), 'an older copy');
    expect(uploadJournalPath({ dataDir, baseUrl: SERVER, apiKey: KEY, onNote: (m) => notes.push(m) })).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe('old journal');
    expect(readFileSync(join(old, JOURNAL_FILE), 'utf8')).toBe('an older copy');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(old);
    expect(notes[0]).toContain('left as it was');
    expect(notes[0]).not.toContain(KEY);
  });
});

describe('an upgrade from the unsalted folder name (real CLI)', () => {
  const PART = 256 * 1024;
  let h: Harness;
  const data = suiteTempDir('lectern-salt-cli-');
  beforeAll(async () => {
    h = await startHarness({ partSize: PART });
  });
  afterAll(async () => {
    await h?.close();
  });

  function lectern(args: string[], killWhen?: (stderr: string) => boolean) {
    return new Promise<{ code: number | null; stderr: string; uploads: Record<string, unknown>[] | null }>(
      (resolve, reject) => {
        const child = spawn(
          process.execPath,
          [MAIN, ...args, '--base-url', h.sandbox.baseUrl, '--data-dir', data.path],
          {
            env: { PATH: process.env.PATH, HOME: process.env.HOME, LECTERN_API_KEY: h.sandbox.keys.tenantAdmin },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let stdout = '';
        let stderr = '';
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
          let uploads = null;
          try {
            uploads = (JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as { uploads: Record<string, unknown>[] })
              .uploads;
          } catch {
            // Killed, or not JSON.
          }
          resolve({ code, stderr, uploads });
        });
      },
    );
  }

  it('finds an unfinished upload in the old folder and finishes it', { timeout: 90_000 }, async () => {
    const file = join(h.dir, 'before-upgrade.mp4');
    const sha = await makeFile(file, 8 * PART + 5, 71);
    const section = `${h.courseId}/${h.sectionId}`;
    const killed = await lectern(['upload', file, '--section', section, '--limit-rate', '512K'], (stderr) =>
      /before-upgrade\.mp4: \d+%/.test(stderr),
    );
    expect(killed.code, killed.stderr).toBeNull();

    // Lay the journal out as an older Lectern left it: the unsalted folder, no salt file yet.
    const apiKey = h.sandbox.keys.tenantAdmin;
    const salted = dirname(uploadJournalPath({ dataDir: data.path, baseUrl: h.sandbox.baseUrl, apiKey }));
    const old = unsaltedFolder(data.path, h.sandbox.baseUrl, apiKey);
    renameSync(salted, old);
    rmSync(join(data.path, INSTALL_SALT_FILE));

    const listed = await lectern(['uploads', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.uploads!.map((u) => [u.file, u.status])).toEqual([[file, expect.not.stringMatching(/^done$/)]]);
    const uploadId = String(listed.uploads![0]!.uploadId);
    expect(existsSync(old)).toBe(false);
    expect(readdirSync(join(data.path, 'cli-uploads'))).toHaveLength(1);

    const resumed = await lectern(['uploads', 'resume', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.uploads).toEqual([expect.objectContaining({ file, uploadId, status: 'done' })]);
    expect(await assetSha256(h.client, uploadId)).toBe(sha);
  });
});
