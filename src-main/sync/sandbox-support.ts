// Main process / plain Node, tests only. Runs the real sandbox server on 127.0.0.1 with a data
// folder (so it can be stopped and started again on the same port) and a real API client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../api/index.ts';
import { startSandbox, type FaultOptions, type RunningSandbox } from '../sandbox/index.ts';
import type { SyncApiClient } from './client.ts';
import { createSyncService, type SyncService, type SyncServiceOptions } from './service.ts';
import type { Fields } from './merge.ts';

// Compile-time proof that the real client fits the narrow interface the sync engine uses.
export const realClientFits = (client: ApiClient): SyncApiClient => client;

/** A sync service on the sandbox's client with short probes and retries, so tests see outcomes quickly. */
export function openSandboxSync(
  sandbox: Pick<TestSandbox, 'client'>,
  dataDir: string,
  extra: Partial<SyncServiceOptions> = {},
): SyncService {
  return createSyncService({
    dataDir,
    profileId: 'p',
    client: sandbox.client,
    connectivity: { offlineProbeMs: 100 },
    retry: { baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 10 },
    ...extra,
  });
}

export interface TestSandbox {
  baseUrl: string;
  apiKey: string;
  /** A client for the sync service under test. */
  client: ApiClient;
  /** A second client acting as "another user" editing on the server. */
  other: ApiClient;
  dir: string;
  setFaults(faults: FaultOptions): void;
  stop(): Promise<void>;
  /** Starts again on the same port and data folder (the server "comes back"). */
  restart(): Promise<void>;
  close(): Promise<void>;
  firstCourse(): Promise<{ courseId: string; sectionId: string }>;
  assessmentIds(count: number): Promise<string[]>;
  /** Assessments whose title contains `title` exactly (list + search, all pages). */
  assessmentsTitled(title: string): Promise<Fields[]>;
}

export async function startTestSandbox(options: { failRate?: number; randomSeed?: number; latencyMs?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-sandbox-'));
  const start = (port?: number) =>
    startSandbox({
      seed: 'demo',
      dataDir: dir,
      port,
      failRate: options.failRate,
      randomSeed: options.randomSeed,
      latencyMs: options.latencyMs,
    });
  let running: RunningSandbox | null = await start();
  const port = Number(new URL(running.baseUrl).port);
  const apiKey = running.keys.tenantAdmin;
  const fast = { maxAttempts: 8, baseDelayMs: 10, maxDelayMs: 200, deadlineMs: 20_000 };
  const client = createApiClient({ baseUrl: running.baseUrl, apiKey, retry: fast, timeouts: { connectMs: 1000 } });
  const other = createApiClient({ baseUrl: running.baseUrl, apiKey, retry: fast });
  let faults: FaultOptions = {};

  const sandbox: TestSandbox = {
    baseUrl: running.baseUrl,
    apiKey,
    client,
    other,
    dir,
    setFaults(update) {
      faults = { ...faults, ...update };
      running?.setFaults(update);
    },
    async stop() {
      await running?.close();
      running = null;
    },
    async restart() {
      await running?.close();
      running = await start(port);
      running.setFaults(faults);
    },
    async close() {
      await running?.close();
      running = null;
      await Promise.all([client.close(), other.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
    async firstCourse() {
      const courses = await other.courses.list({ pageSize: 1 });
      const courseId = courses.results[0]!.id;
      const sections = await other.sections.list(courseId);
      return { courseId, sectionId: sections.results[0]!.id };
    },
    async assessmentIds(count) {
      const page = await other.assessments.list({ pageSize: count });
      return page.results.map((a) => a.id);
    },
    async assessmentsTitled(title) {
      const found: Fields[] = [];
      for await (const item of other.assessments.iterate({ search: title, pageSize: 100 })) {
        if (item.title === title) found.push(item);
      }
      return found;
    },
  };
  return sandbox;
}
