// CLI (plain Node). Printing: JSON for scripts (`--json`), aligned tables and key/value blocks for
// people. Writes to the given streams only (no console.log).
import { escapeControls } from '../../src-shared/text-controls.ts';
import type { Readable, Writable } from 'node:stream';

/** The streams and environment a command runs with (the process's own, or a test's). */
export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  env: NodeJS.ProcessEnv;
}

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /** Truncate longer cells (default 48). IDs should pass Infinity. */
  max?: number;
}

export class Output {
  readonly json: boolean;
  // The streams are read from `io` at each write: a process's stdio streams are made on first use
  // (about 5 ms each at a command's start), and a command that prints nothing yet needs none.
  #io: Pick<CliIo, 'stdout' | 'stderr'>;

  constructor(json: boolean, io: Pick<CliIo, 'stdout' | 'stderr'>) {
    this.json = json;
    this.#io = io;
  }

  // Lines and notes carry names and titles from servers and other people's folders: their control
  // characters are shown as escapes, never run by the terminal (`ESC[1A` would move up a line).
  line(text = ''): void {
    this.#io.stdout.write(`${escapeControls(text, true)}\n`);
  }

  /** Messages for people that must not pollute stdout (e.g. a generated idempotency key). */
  note(text: string): void {
    this.#io.stderr.write(`${escapeControls(text, true)}\n`);
  }

  printJson(value: unknown): void {
    this.#io.stdout.write(`${JSON.stringify(value ?? null, null, 2)}\n`);
  }

  table<T>(rows: readonly T[], columns: readonly Column<T>[]): void {
    const cells = rows.map((row) => columns.map((c) => cell(c.value(row), c.max ?? 48)));
    const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i]!.length)));
    const fmt = (values: string[]) =>
      values
        .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd();
    this.line(fmt(columns.map((c) => c.header)));
    for (const r of cells) this.line(fmt(r));
  }

  /** A key/value block for one resource. */
  details(pairs: readonly [string, unknown][]): void {
    const width = Math.max(...pairs.map(([k]) => k.length));
    for (const [k, v] of pairs) this.line(`${k.padEnd(width)}  ${cell(v, 200)}`);
  }
}

export function cell(value: unknown, max: number): string {
  let text: string;
  if (value === null || value === undefined || value === '') text = '-';
  else if (Array.isArray(value)) text = value.map((v) => cell(v, Infinity)).join(', ') || '-';
  else if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const label = o.name ?? o.title ?? o.id;
    text = typeof label === 'string' || typeof label === 'number' ? String(label) : JSON.stringify(o);
  } else text = typeof value === 'string' ? value : JSON.stringify(value);
  text = text.replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}

export function duration(hours: unknown, minutes: unknown): string {
  const h = Number(hours ?? 0);
  const m = Number(minutes ?? 0);
  return h || m ? `${h}h${String(m).padStart(2, '0')}m` : '-';
}
