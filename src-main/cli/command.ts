// CLI (plain Node). The shape of one `lectern` command. Each command lives in its own file under
// commands/ and is listed once in registry.ts.
import type { ParseArgsOptionDescriptor } from 'node:util';
import type { ApiClient } from '../api/index.ts';
import type { Connection } from './connection.ts';
import type { GlobalOptions } from './globals.ts';
import type { CommandName } from './help.ts';
import type { CliIo, Output } from './output.ts';

export type { CliIo };

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CommandContext {
  /** Positional arguments after the command name. */
  args: string[];
  /** This command's own options (globals are in `globals`). */
  options: OptionValues;
  globals: GlobalOptions;
  io: CliIo;
  out: Output;
  /** The server and key this command runs with (`--profile`, or `--base-url` + LECTERN_API_KEY). */
  connection(): Promise<Connection>;
  /** The API client for the resolved connection (created on first use, closed by the runner). */
  client(): Promise<ApiClient>;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
}

export interface Command {
  /** Its summary and usage lines live in help.ts, so `--help` loads no command. */
  name: CommandName;
  options?: Record<string, ParseArgsOptionDescriptor>;
  /** Runs the command; a thrown UsageError exits 2, an ApiError 3/4/5. Returns an exit code or nothing (0). */
  run(ctx: CommandContext): Promise<number | void>;
}
