// Main process / plain Node. Where an upload journal lives, for the app and the CLI alike. The app
// keeps one per workspace, in that workspace's folder. The CLI keeps one per server and key, so a
// command never lists or resumes uploads made to another server or with another key. The key is
// never written down: only a one-way fingerprint of server and key names the CLI's folder.

import { createHash } from 'node:crypto';
import { join } from 'node:path';

export const JOURNAL_FILE = 'uploads.db';

export type JournalOwner =
  /** The app: a workspace's own folder (removed with the workspace). */
  | { workspaceDir: string }
  /** The CLI: its data folder and the server and key the command runs with. */
  | { dataDir: string; baseUrl: string; apiKey: string };

export function uploadJournalPath(owner: JournalOwner): string {
  if ('workspaceDir' in owner) return join(owner.workspaceDir, JOURNAL_FILE);
  const server = new URL(owner.baseUrl);
  const serverId = server.origin + server.pathname.replace(/\/+$/, '');
  const fingerprint = createHash('sha256')
    .update(`lectern upload journal\0${serverId}\0${owner.apiKey}`)
    .digest('hex')
    .slice(0, 16);
  // The host in the name only helps a person find the folder; the fingerprint keeps them apart.
  const host = server.host.replace(/[^a-z0-9.-]+/gi, '_');
  return join(owner.dataDir, 'cli-uploads', `${host}-${fingerprint}`, JOURNAL_FILE);
}
