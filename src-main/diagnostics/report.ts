/**
 * Main process / plain Node. Diagnostics an instructor can send to support: versions, the
 * workspace's server (never the key), connectivity history, recent requests, contract
 * deviations, recent errors and the data folder. Shared by the app (IPC) and `lectern diagnostics`.
 * The text report is scrubbed of the key and of every 8-character piece of it.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createRedactor } from '../api/index.ts';
import type { DeviationRecord, RequestLogEntry } from '../api/index.ts';
import type { Diagnostics } from '../../src-shared/index.ts';
import { groupRequests } from '../../src-shared/request-groups.ts';
import { formatBytes } from '../../src-shared/units.ts';

export type { Diagnostics };

export interface ConnectivityEvent {
  at: string;
  state: string;
  message: string | null;
}

export interface RecentError {
  at: string;
  source: string;
  message: string;
}

/** Small ring buffers fed from events the app already emits (no change to who emits them). */
export class DiagnosticsRecorder {
  #connectivity: ConnectivityEvent[] = [];
  #errors: RecentError[] = [];
  #capacity: number;

  constructor(capacity = 50) {
    this.#capacity = capacity;
  }

  /** Keeps a connectivity status only when its state changed. */
  connectivity(event: ConnectivityEvent): void {
    const last = this.#connectivity.at(-1);
    if (last && last.state === event.state) return;
    this.#connectivity.push(event);
    if (this.#connectivity.length > this.#capacity) this.#connectivity.shift();
  }

  error(error: RecentError): void {
    this.#errors.push(error);
    if (this.#errors.length > this.#capacity) this.#errors.shift();
  }

  snapshot(): { connectivity: ConnectivityEvent[]; errors: RecentError[] } {
    return { connectivity: [...this.#connectivity], errors: [...this.#errors] };
  }
}

/** Total bytes of the files under `dir` (0 when it does not exist). */
export async function folderSize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderSize(path);
    else if (entry.isFile())
      total += await stat(path).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

export function requestRows(entries: readonly RequestLogEntry[], limit = 100): Diagnostics['requests'] {
  return entries.slice(-limit).map((e) => ({
    at: e.timestamp,
    operation: e.operation,
    method: e.method,
    path: e.path,
    status: e.status,
    durationMs: e.durationMs,
    attempt: e.attempt,
    outcome: e.outcome,
  }));
}

/** Failed attempts of the request log count as recent errors too. */
export function requestErrors(entries: readonly RequestLogEntry[]): RecentError[] {
  return entries
    .filter((e) => e.outcome !== 'ok')
    .map((e) => ({
      at: e.timestamp,
      source: 'request',
      message: `${e.method} ${e.path}: ${e.outcome}${e.status === null ? '' : ` (HTTP ${e.status})`}`,
    }));
}

export function mergeDeviations(...lists: (readonly DeviationRecord[])[]): DeviationRecord[] {
  const byKey = new Map<string, DeviationRecord>();
  for (const list of lists) {
    for (const d of list) {
      const key = `${d.operation} ${d.jsonPath}`;
      if (!byKey.has(key)) byKey.set(key, { ...d });
    }
  }
  return [...byKey.values()];
}

/** Replaces every secret, and every 8-character (or longer) piece of one, with `[redacted]`: the
 * API client's own redactor, once per secret. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return secrets.map(createRedactor).reduce((out, redact) => redact(out), text);
}

/** The plain-text report ("Copy report"), scrubbed of `secrets`. */
export function formatReport(d: Omit<Diagnostics, 'report'>, secrets: readonly string[]): string {
  const lines: string[] = [];
  const v = d.app.versions;
  lines.push(`Lectern diagnostics — ${d.generatedAt}`);
  lines.push('');
  lines.push(`App: ${d.app.name} ${d.app.version} (${d.app.transport})`);
  lines.push(
    `Platform: ${d.app.platform} ${d.app.arch} · Node ${v.node}` +
      (v.electron ? ` · Electron ${v.electron}` : '') +
      (v.chrome ? ` · Chrome ${v.chrome}` : ''),
  );
  lines.push(
    d.workspace
      ? `Workspace: ${d.workspace.name} (${d.workspace.environment}) · server ${d.workspace.baseUrl}`
      : 'Workspace: none',
  );
  lines.push(`Data folder: ${d.dataFolder.path} (${formatBytes(d.dataFolder.bytes)})`);
  lines.push('');
  lines.push(`Connectivity (${d.connectivity.length}):`);
  for (const c of d.connectivity) lines.push(`  ${c.at}  ${c.state}${c.message ? ` — ${c.message}` : ''}`);
  lines.push('');
  lines.push(`Contract deviations (${d.deviations.length}):`);
  for (const x of d.deviations) {
    lines.push(
      `  ${x.operation}  ${x.jsonPath}: expected ${x.expected}, got ${x.received} ` +
        `(×${x.count}, first ${x.firstSeen}, last ${x.lastSeen})`,
    );
  }
  lines.push('');
  lines.push(`Recent errors (${d.errors.length}):`);
  for (const e of d.errors) lines.push(`  ${e.at}  [${e.source}] ${e.message}`);
  lines.push('');
  lines.push(`Recent requests (${d.requests.length}), by kind, newest first:`);
  for (const group of groupRequests(d.requests)) {
    // The report is for support and stays English: the kind by its own name.
    const kind = group.kind[0]!.toUpperCase() + group.kind.slice(1);
    lines.push(`  ${kind} (${group.requests.length}, ${group.failed} failed):`);
    for (const r of group.requests) {
      lines.push(
        `    ${r.at}  ${r.method} ${r.path}  ${r.status ?? '—'}  ${r.durationMs} ms  attempt ${r.attempt}  ${r.outcome}`,
      );
    }
  }
  return scrubSecrets(lines.join('\n') + '\n', secrets);
}

/** Builds the whole answer; every free-text field is scrubbed too, not only the report. */
export function buildDiagnostics(parts: Omit<Diagnostics, 'report'>, secrets: readonly string[]): Diagnostics {
  const scrubbed = JSON.parse(scrubSecrets(JSON.stringify(parts), secrets.map(jsonSafe))) as Omit<
    Diagnostics,
    'report'
  >;
  return { ...scrubbed, report: formatReport(scrubbed, secrets) };
}

/** A secret as it would appear inside a JSON string (quotes and backslashes escaped). */
function jsonSafe(secret: string): string {
  return JSON.stringify(secret).slice(1, -1);
}
