// CLI (plain Node). The `lectern` command line as one call, for the processes that run it: its own
// entry (main.ts, bundled into out/cli by `npm run build`) and the packaged app's main process
// started with command-line arguments (src-main/index.ts), where the RunAsNode fuse is off.
import type { CliIo } from './command.ts';
import { EXIT } from './exit-codes.ts';
import type { runCli as RunCli } from './run.ts';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export { isCommandName } from './registry.ts';

/** Runs one command line against this process's stdio and signals; resolves to the exit code.
 * `run` is runCli (from run.ts) when the caller has it already (the CLI's own entry does), else it is
 * loaded here (the app's main process, where most starts are not CLI ones). */
export async function runCliProcess(argv: string[], run?: typeof RunCli): Promise<number> {
  const controller = new AbortController();
  // A second signal exits at once: the journal commits every step, so no state is left half-written.
  const onSecondInterrupt = () => process.exit(EXIT.interrupted);
  const onInterrupt = () => {
    // The first Ctrl-C (or SIGTERM, SIGHUP) stops the command cleanly: run.ts says so in one sentence.
    controller.abort();
    for (const signal of STOP_SIGNALS) process.once(signal, onSecondInterrupt);
  };
  // A reader that closed the pipe (e.g. `| head`) is not an error worth a stack trace.
  const onStdoutError = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  };
  let stdoutWatched = false;
  // Node makes each stdio stream on first use, and making one costs about 5 ms of a command's start
  // (stdin more when it is a pipe): a command gets each from here when it first writes or reads.
  const io: CliIo = {
    get stdout() {
      if (!stdoutWatched) {
        stdoutWatched = true;
        process.stdout.on('error', onStdoutError);
      }
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    env: process.env,
  };
  for (const signal of STOP_SIGNALS) process.once(signal, onInterrupt);
  try {
    const runCli = run ?? (await import('./run.ts')).runCli;
    return await runCli(argv, io, controller.signal);
  } finally {
    for (const signal of STOP_SIGNALS) {
      process.off(signal, onInterrupt);
      process.off(signal, onSecondInterrupt);
    }
    if (stdoutWatched) process.stdout.off('error', onStdoutError);
  }
}
