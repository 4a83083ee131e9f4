// CLI (plain Node). Parses the command line, runs one command from the registry and maps every
// outcome to an exit code: 0 ok, 2 usage, 3 API error, 4 network/timeout, 5 contract violation,
// 6 a fault of this machine (disk full, a local file busy or damaged; local-faults.ts).
// Only what a command uses is loaded: help needs none of the modules below the command line
// (the API client, its schemas and HTTP stack come in with the first `ctx.client()`).
import { parseArgs } from 'node:util';
import type { ApiClient, DeviationRecord } from '../api/index.ts';
import type { CliIo, CommandContext } from './command.ts';
import { resolveConnection, type Connection } from './connection.ts';
import { GLOBAL_OPTIONS, UsageError, defaultDataDir, readGlobals } from './globals.ts';
import { commandUsage, helpText } from './help.ts';
import { EXIT, STOPPED_SENTENCE } from './exit-codes.ts';
import { Output } from './output.ts';
import { isCommandName, loadCommand } from './registry.ts';

export { EXIT } from './exit-codes.ts';

export async function runCli(
  argv: string[],
  io: CliIo,
  signal: AbortSignal = new AbortController().signal,
): Promise<number> {
  let client: ApiClient | undefined;
  let closeDeviations: (() => void) | undefined;
  // Known once the options are read; a fault met before that is told against the default folder.
  let dataDir = defaultDataDir(io.env);
  let json = false;
  try {
    const first = parseArgs({ args: argv, options: GLOBAL_OPTIONS, strict: false, allowPositionals: true });
    const name = first.positionals[0];
    if (name === undefined || name === 'help') {
      const topic = name === 'help' ? first.positionals[1] : undefined;
      if (topic !== undefined && !isCommandName(topic))
        throw new UsageError(`unknown command ${JSON.stringify(topic)}`);
      const text = topic === undefined ? helpText() : commandUsage(topic);
      if (name === undefined && first.values.help !== true) {
        io.stderr.write(text);
        return EXIT.usage;
      }
      io.stdout.write(text);
      return EXIT.ok;
    }
    if (!isCommandName(name)) throw new UsageError(`unknown command ${JSON.stringify(name)} (see lectern --help)`);
    // A command's help needs none of its code (nor a valid rest of the line).
    if (first.values.help === true) {
      io.stdout.write(commandUsage(name));
      return EXIT.ok;
    }
    const command = await loadCommand(name);

    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        options: { ...GLOBAL_OPTIONS, ...command.options },
        strict: true,
        allowPositionals: true,
      });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const values = parsed.values as Record<string, unknown>;
    const globals = readGlobals(values, io.env);
    dataDir = globals.dataDir;
    json = globals.json;
    const commandOptions = Object.fromEntries(
      Object.keys(command.options ?? {}).map((k) => [k, values[k]]),
    ) as CommandContext['options'];
    let resolving: Promise<Connection> | undefined;
    const connect = () => (resolving ??= resolveConnection(globals, io.env));
    const ctx: CommandContext = {
      args: parsed.positionals.slice(1),
      options: commandOptions,
      globals,
      io,
      out: new Output(globals.json, io),
      signal,
      connection: connect,
      client: async () => {
        if (!client) {
          const connection = await connect();
          // The schemas are built at the first answer, after the request left (catalogue.ts).
          const { createApiClient } = await import('../api/index.ts');
          // With a saved workspace, deviations are kept in its database like the app keeps them.
          const saved = connection.profileId
            ? await import('../store/index.ts').then((m) =>
                m.openDeviationStore(globals.dataDir, connection.profileId!),
              )
            : undefined;
          closeDeviations = saved ? () => saved.close() : undefined;
          client = createApiClient({
            baseUrl: connection.baseUrl,
            apiKey: connection.apiKey,
            strict: globals.strict,
            // One line per deviation new to this run; stdout stays clean for scripts.
            onDeviation: (d, isNew, added) => {
              if (isNew) io.stderr.write(`${deviationWarning(d)}\n`);
              try {
                saved?.record(d, added);
              } catch {
                // The warning was printed; a busy or damaged local database must not fail the command.
              }
            },
          });
        }
        return client;
      },
    };
    const code = (await command.run(ctx)) ?? EXIT.ok;
    return signal.aborted ? stopped(io) : code;
  } catch (error) {
    // Whatever a stopped command was waiting for ends in a cancellation: that is no error to show.
    if (signal.aborted) return stopped(io);
    return await report(error, io, dataDir, json);
  } finally {
    await client?.close();
    closeDeviations?.();
  }
}

export function deviationWarning(d: DeviationRecord): string {
  return (
    `lectern: warning: contract deviation in ${d.operation} at ${d.jsonPath}: ` +
    `expected ${d.expected}, got ${d.received} (tolerated; --strict refuses it)`
  );
}

function stopped(io: CliIo): number {
  io.stderr.write(`${STOPPED_SENTENCE}\n`);
  return EXIT.interrupted;
}

async function report(error: unknown, io: CliIo, dataDir: string, json: boolean): Promise<number> {
  if (error instanceof UsageError) {
    io.stderr.write(`lectern: ${error.message}\n`);
    return EXIT.usage;
  }
  // Loaded already when the error came from the client; a usage error above never loads it.
  const { exitCodeFor, isApiError } = await import('../api/index.ts');
  if (isApiError(error)) {
    // One JSON line: status, code, message, errors (+ kind, method, path) — never the key.
    io.stderr.write(`${JSON.stringify(error.toJSON())}\n`);
    return exitCodeFor(error);
  }
  const { describeLocalFault } = await import('./local-faults.ts');
  const local = describeLocalFault(error, dataDir);
  if (local) {
    const { exitCode, ...fields } = local;
    io.stderr.write(json ? `${JSON.stringify(fields)}\n` : `lectern: ${local.message}\n`);
    return exitCode;
  }
  io.stderr.write(`lectern: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT.failure;
}
