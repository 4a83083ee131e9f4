/**
 * Plain Node entry (Node 24): `node src-main/bridge-host/main.ts [--port N] [--data DIR] [--renderer DIR]`.
 * Starts the main-process services and serves the built renderer to a browser over loopback.
 * First stdout line: {"event":"listening","url":…,"appUrl":…}. SIGINT/SIGTERM stop it cleanly.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { createAppServices } from '../services/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { startBridgeHost } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string', default: '.lectern-data/bridge' },
    renderer: { type: 'string', default: 'out/renderer' },
    open: { type: 'boolean', default: false },
  },
  strict: true,
});

const services = await createAppServices({ dataDir: resolve(values.data), transport: 'bridge', echoLog: false });
const host = await startBridgeHost({
  rendererDir: resolve(values.renderer),
  host: values.host,
  port: Number(values.port),
  events: services.events,
  createDispatch: (allowedOrigins) => createAppDispatch(services, allowedOrigins),
});

process.stdout.write(JSON.stringify({ event: 'listening', url: host.url, appUrl: host.appUrl }) + '\n');
if (values.open) {
  process.stderr.write(`Open Lectern in a browser: ${host.appUrl}\n`);
}

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
