// Main process / plain Node. Where an upload journal lives, for the app and the CLI alike. The app
// keeps one per workspace, in that workspace's folder. The CLI keeps one per server and key, so a
// command never lists or resumes uploads made to another server or with another key. The key is
// never written down: the CLI's folder is named by a keyed hash of server and key, keyed with a
// random salt of this install (a 0600 file in the data folder), so someone who can list the folder
// but not read the salt cannot test a guessed key against the name offline.

import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export const JOURNAL_FILE = 'uploads.db';
/** The install's salt, beside (not inside) cli-uploads so that folder lists journals only. */
export const INSTALL_SALT_FILE = 'install-salt';
const CLI_FOLDER = 'cli-uploads';
const SALT = /^[0-9a-f]{64}$/;

export type JournalOwner =
  /** The app: a workspace's own folder (removed with the workspace). */
  | { workspaceDir: string }
  /** The CLI: its data folder and the server and key the command runs with. `onNote` hears what
   * the move from an older folder name left for the user to know (never the key). */
  | { dataDir: string; baseUrl: string; apiKey: string; onNote?: (message: string) => void };

/**
 * The journal's file. For the CLI this creates the install's salt on first use, and moves a folder
 * named the older, unsalted way to its salted name, so uploads left unfinished before the upgrade
 * are still found.
 */
export function uploadJournalPath(owner: JournalOwner): string {
  if ('workspaceDir' in owner) return join(owner.workspaceDir, JOURNAL_FILE);
  const server = new URL(owner.baseUrl);
  const serverId = server.origin + server.pathname.replace(/\/+$/, '');
  const identity = `lectern upload journal\0${serverId}\0${owner.apiKey}`;
  const fingerprint = createHmac('sha256', installSalt(owner.dataDir)).update(identity).digest('hex').slice(0, 16);
  // The host in the name only helps a person find the folder; the fingerprint keeps them apart.
  const host = server.host.replace(/[^a-z0-9.-]+/gi, '_');
  const root = join(owner.dataDir, CLI_FOLDER);
  const folder = join(root, `${host}-${fingerprint}`);
  const unsalted = join(root, `${host}-${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`);
  adoptUnsaltedFolder(unsalted, folder, owner.onNote);
  return join(folder, JOURNAL_FILE);
}

/** Before the salt, the folder was named by a plain hash: rename it (atomically, so a second
 * command at the same moment finds either name whole). If both exist, the salted one is in use. */
function adoptUnsaltedFolder(unsalted: string, salted: string, onNote?: (message: string) => void): void {
  if (!existsSync(unsalted)) return;
  if (existsSync(salted)) {
    onNote?.(`An upload journal from an older Lectern (${unsalted}) was left as it was: ${salted} is the one in use.`);
    return;
  }
  try {
    renameSync(unsalted, salted);
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Moved by another command meanwhile (ENOENT), or it made the salted folder first (ENOTEMPTY).
    if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
}

/** The install's salt: read, or made once. Written under a temporary name and linked into place,
 * so a reader never sees half a salt and two commands starting together agree on one. */
export function installSalt(dataDir: string): Buffer {
  const path = join(dataDir, INSTALL_SALT_FILE);
  const existing = readSalt(path);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = join(dataDir, `.${INSTALL_SALT_FILE}-${process.pid}-${randomBytes(6).toString('hex')}`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    fchmodSync(fd, 0o600); // whatever the umask
    writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  return readSalt(path)!;
}

function readSalt(path: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  // Never replaced silently: a new salt would hide every unfinished CLI upload.
  if (!SALT.test(text)) throw new Error(`${path} is damaged (expected 64 hexadecimal digits).`);
  return Buffer.from(text, 'hex');
}
