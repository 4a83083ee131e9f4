// Main process / plain Node. CLI: `npm run --silent sandbox -- [options]`. The first stdout line is one
// JSON object {"event":"listening","baseUrl":…,"keys":{…}}; request logs go to stderr; SIGINT/SIGTERM
// close cleanly (exit 0); bad options exit 2.
import { startSandbox } from './index.ts';
import { parseCliArgs, SandboxOptionError, USAGE } from './options.ts';

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\nTry --help.\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(USAGE);
    return;
  }
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox(parsed.options);
  } catch (error) {
    process.stderr.write(`sandbox: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof SandboxOptionError ? 2 : 1);
  }
  process.stdout.write(`${JSON.stringify({ event: 'listening', baseUrl: sandbox.baseUrl, keys: sandbox.keys })}\n`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    if (parsed.options.quiet !== true) process.stderr.write(`[sandbox] ${signal}: closing\n`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: close failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

await main();
