// Test support (plain Node, tests only): the one way tests run the real sandbox server. A sandbox on
// a free 127.0.0.1 port with the options a test needs, real API clients for it, faults that
// survive a restart, and (restartable) the same server going away and coming back on the same
// port with the same data. Only the sandbox's own tests call startSandbox directly.
import { afterAll, beforeAll } from 'vitest';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/index.ts';
import {
  startSandbox,
  type FaultOptions,
  type RunningSandbox,
  type SandboxKeys,
  type SandboxOptions,
} from '../sandbox/index.ts';
import { makeTempDir, removeDir } from './temp-dir.ts';

export interface TestSandboxOptions extends SandboxOptions {
  /** Keep the server's data in a folder (its own unless `dataDir` is given), so `stop()` and
   * `restart()` bring the same server back. */
  restartable?: boolean;
}

/** Fits where a RunningSandbox is expected (baseUrl, keys, setFaults, close). */
export interface TestSandbox extends RunningSandbox {
  readonly baseUrl: string;
  readonly keys: SandboxKeys;
  readonly port: number;
  /** Where the server keeps its data (restartable or given), else undefined (in memory). */
  readonly dataDir: string | undefined;
  readonly running: boolean;
  /** A real API client with the tenant admin key unless `options` say otherwise; closed by close(). */
  client(options?: Partial<ApiClientOptions>): ApiClient;
  /** Applies now and again after every restart. */
  setFaults(faults: FaultOptions): void;
  /** The server goes away, every connection dropped (restartable only). */
  stop(): Promise<void>;
  /** The same server comes back on the same port with the same data (restartable only). */
  restart(): Promise<void>;
  /** Stops the server, closes the clients, removes the folder the harness made. */
  close(): Promise<void>;
}

export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const { restartable = false, ...sandboxOptions } = options;
  const ownDir = restartable && sandboxOptions.dataDir === undefined ? makeTempDir('lectern-sandbox-') : undefined;
  const dataDir = sandboxOptions.dataDir ?? ownDir;
  const start = (port?: number) => startSandbox({ quiet: true, ...sandboxOptions, dataDir, port });

  let server: RunningSandbox | null = await start(sandboxOptions.port);
  const { baseUrl, keys } = server;
  const port = Number(new URL(baseUrl).port);
  let faults: FaultOptions = {};
  const clients: ApiClient[] = [];
  const needsData = (what: string) => {
    if (dataDir === undefined) throw new Error(`${what}: the sandbox needs restartable: true (or a dataDir)`);
  };

  return {
    baseUrl,
    keys,
    port,
    dataDir,
    get running() {
      return server !== null;
    },
    client(clientOptions = {}) {
      const client = createApiClient({ baseUrl, apiKey: keys.tenantAdmin, ...clientOptions });
      clients.push(client);
      return client;
    },
    setFaults(update) {
      faults = { ...faults, ...update };
      server?.setFaults(update);
    },
    setProcessingMs(ms) {
      server?.setProcessingMs(ms);
    },
    async stop() {
      needsData('stop');
      await server?.close();
      server = null;
    },
    async restart() {
      needsData('restart');
      await server?.close();
      server = null;
      server = await start(port);
      server.setFaults(faults);
    },
    async close() {
      await server?.close();
      server = null;
      await Promise.all(clients.splice(0).map((client) => client.close()));
      if (ownDir !== undefined) removeDir(ownDir);
    },
  };
}

/**
 * A sandbox for every test of the enclosing file or describe block: started before them, closed
 * after them. Call where the tests are declared; use the returned object from the tests.
 */
export function useTestSandbox(options: TestSandboxOptions = {}): TestSandbox {
  let current: TestSandbox | null = null;
  beforeAll(async () => {
    current = await startTestSandbox(options);
  });
  afterAll(async () => {
    await current?.close();
    current = null;
  });
  const now = (): TestSandbox => {
    if (current === null) throw new Error('useTestSandbox: use the sandbox from a test or hook');
    return current;
  };
  return {
    get baseUrl() {
      return now().baseUrl;
    },
    get keys() {
      return now().keys;
    },
    get port() {
      return now().port;
    },
    get dataDir() {
      return now().dataDir;
    },
    get running() {
      return now().running;
    },
    client: (clientOptions) => now().client(clientOptions),
    setFaults: (faults) => now().setFaults(faults),
    setProcessingMs: (ms) => now().setProcessingMs(ms),
    stop: () => now().stop(),
    restart: () => now().restart(),
    close: () => now().close(),
  };
}
