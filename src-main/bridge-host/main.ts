/**
 * Plain Node entry (Node 24): `node src-main/bridge-host/main.ts [options]`.
 * Starts the main-process services (with the built-in Sandbox workspace) and serves the built
 * renderer to a browser over loopback. First stdout line:
 * {"event":"listening","url":…,"appUrl":…,"token":…}. `appUrl` carries a one-time launch code in
 * its fragment (valid for a few seconds) that the page exchanges for a browser token of its own;
 * `token` is the owner secret, for the process that started the host (it reads this line from a
 * pipe: never pass it on a command line). POST /__bridge/launch-code with it (and our Origin)
 * gives a fresh `appUrl`. SIGINT/SIGTERM stop it cleanly.
 *
 *   --port N             bridge port (0 = random, default)
 *   --data DIR           app data folder (default .lectern-data/bridge)
 *   --renderer DIR       built renderer (default out/renderer)
 *   --sandbox-seed S     demo | large | empty for a new built-in sandbox (default demo)
 *   --no-sandbox         start without the built-in sandbox server
 *   --sandbox-url URL    with --test-hooks: no built-in sandbox; the Sandbox workspace talks to a
 *                        sandbox server already running at URL (its key in LECTERN_SANDBOX_KEY), so
 *                        a benchmark can measure the app's memory apart from the fake server's
 *   --test-hooks         let tests answer the file dialog, stop/start the sandbox and make it drift;
 *                        only with LECTERN_TEST_HOOKS=1 in the environment (a test asking for them),
 *                        and only for the owner secret
 *   --video-poll-speed N with --test-hooks: the uploads' processing polls run on a clock N times
 *                        faster (the first check 10 s / N after the attach)
 *   --update-feed URL    with --test-hooks: the app's updates from this feed (electron-updater under
 *                        plain Node, src-main/updates/node-feed.ts); what it would install is printed
 *                        on stdout as {"event":"update-install","file":…} (the host replaces nothing)
 */
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { APP_VERSION, createAppServices, loadNodeFeed } from '../services/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { startBridgeHost } from './server.ts';
import { fasterTime } from '../../src-shared/retry.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string', default: '.lectern-data/bridge' },
    renderer: { type: 'string', default: 'out/renderer' },
    'sandbox-seed': { type: 'string', default: 'demo' },
    'no-sandbox': { type: 'boolean', default: false },
    'sandbox-url': { type: 'string' },
    'test-hooks': { type: 'boolean', default: false },
    'video-poll-speed': { type: 'string' },
    'update-feed': { type: 'string' },
    open: { type: 'boolean', default: false },
  },
  strict: true,
});

if (values['test-hooks'] && process.env['LECTERN_TEST_HOOKS'] !== '1') {
  process.stderr.write('--test-hooks is for end-to-end tests: it needs LECTERN_TEST_HOOKS=1 in the environment.\n');
  process.exit(2);
}

if (values['video-poll-speed'] !== undefined && !values['test-hooks']) {
  process.stderr.write('--video-poll-speed is a test hook: it needs --test-hooks.\n');
  process.exit(2);
}

if (values['update-feed'] !== undefined && !values['test-hooks']) {
  process.stderr.write('--update-feed is a test hook: it needs --test-hooks.\n');
  process.exit(2);
}

const outsideSandbox = values['sandbox-url'];
if (outsideSandbox !== undefined && (!values['test-hooks'] || !process.env['LECTERN_SANDBOX_KEY'])) {
  process.stderr.write('--sandbox-url is a test hook: it needs --test-hooks and LECTERN_SANDBOX_KEY.\n');
  process.exit(2);
}

const seed = z.enum(['demo', 'large', 'empty']).parse(values['sandbox-seed']);
const pollSpeed = z.coerce.number().min(1).max(100).optional().parse(values['video-poll-speed']);
const dialog = createQueuedFileDialog();
const updater = await bridgeUpdater(values['update-feed'], resolve(values.data));
const services = await createAppServices({
  dataDir: resolve(values.data),
  transport: 'bridge',
  dialog,
  sandbox: values['no-sandbox'] || outsideSandbox !== undefined ? false : { seed },
  ...(outsideSandbox !== undefined && {
    sandboxAt: { baseUrl: outsideSandbox, apiKey: process.env['LECTERN_SANDBOX_KEY']! },
  }),
  ...(pollSpeed !== undefined && { videoPollTime: fasterTime(pollSpeed) }),
  ...(updater && { updater }),
});

const hookInput = {
  dialog: z.object({ paths: z.array(z.string().min(1)).min(1) }),
  sandbox: z.object({
    running: z.boolean(),
    drift: z.boolean().optional(),
    noStructure: z.boolean().optional(),
    processingMs: z.number().int().min(0).max(86_400_000).optional(),
  }),
};

const host = await startBridgeHost({
  rendererDir: resolve(values.renderer),
  host: values.host,
  port: Number(values.port),
  events: services.events,
  createDispatch: (allowedOrigins) => createAppDispatch(services, allowedOrigins),
  testHooks: values['test-hooks']
    ? async (action, body) => {
        if (action === 'dialog') {
          dialog.answer(hookInput.dialog.parse(body).paths);
          return { queued: true };
        }
        if (action === 'sandbox') {
          const input = hookInput.sandbox.parse(body);
          await services.setSandboxRunning(input.running);
          const sandbox = services.sandbox();
          if (sandbox && input.drift !== undefined) sandbox.setFaults({ drift: input.drift });
          if (sandbox && input.noStructure !== undefined) sandbox.setFaults({ noStructure: input.noStructure });
          if (sandbox && input.processingMs !== undefined) sandbox.setProcessingMs(input.processingMs);
          return sandbox ? { running: true, baseUrl: sandbox.baseUrl, keys: sandbox.keys } : { running: false };
        }
        throw new Error(`unknown test hook ${action}`);
      }
    : undefined,
});

process.stdout.write(
  JSON.stringify({ event: 'listening', url: host.url, appUrl: host.appUrl, token: host.token }) + '\n',
);
if (values.open) process.stderr.write(`Open Lectern in a browser: ${host.appUrl}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host.close();
  await services.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

/** With a feed, electron-updater itself reads it (loaded only then); without one, no updates. */
async function bridgeUpdater(feedUrl: string | undefined, dataDir: string) {
  if (feedUrl === undefined) return null;
  const { createNodeFeedUpdater } = await loadNodeFeed();
  return () =>
    createNodeFeedUpdater({
      feedUrl,
      currentVersion: APP_VERSION,
      cacheDir: join(dataDir, 'updater'),
      onInstall: (file) => process.stdout.write(JSON.stringify({ event: 'update-install', file }) + '\n'),
    });
}
