// CLI entry (plain Node 24): `npm run --silent lectern -- <command>` or `bin/lectern.js`.
import { runCli } from './run.ts';

const controller = new AbortController();
process.once('SIGINT', () => {
  // First Ctrl-C cancels the running request cleanly; a second one exits at once.
  controller.abort();
  process.once('SIGINT', () => process.exit(130));
});
// A reader that closed the pipe (e.g. `| head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCli(
  process.argv.slice(2),
  { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env },
  controller.signal,
);
