// CLI (plain Node). The `lectern` command line as one call, for the processes that run it: its own
// entry (main.ts, bundled into out/cli by `npm run build`) and the packaged app's main process
// started with command-line arguments (src-main/index.ts), where the RunAsNode fuse is off.
export { isCommandName } from './registry.ts';

/** Runs one command line against this process's stdio and signals; resolves to the exit code. */
export async function runCliProcess(argv: string[]): Promise<number> {
  const controller = new AbortController();
  const onSecondInterrupt = () => process.exit(130);
  const onInterrupt = () => {
    // First Ctrl-C cancels the running request cleanly; a second one exits at once.
    controller.abort();
    process.once('SIGINT', onSecondInterrupt);
  };
  // A reader that closed the pipe (e.g. `| head`) is not an error worth a stack trace.
  const onStdoutError = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  };
  process.once('SIGINT', onInterrupt);
  process.stdout.on('error', onStdoutError);
  try {
    const { runCli } = await import('./run.ts');
    return await runCli(
      argv,
      { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env },
      controller.signal,
    );
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGINT', onSecondInterrupt);
    process.stdout.off('error', onStdoutError);
  }
}
