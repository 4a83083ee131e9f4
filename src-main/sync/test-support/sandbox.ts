// Main process / plain Node, tests only. The sync tests' view of the shared sandbox harness: a
// restartable server, the client under test and a second one acting as another user.
import type { ApiClient } from '../../api/index.ts';
import type { FaultOptions } from '../../sandbox/index.ts';
import { startTestSandbox } from '../../test-support/index.ts';
import type { SyncApiClient } from '../client.ts';
import { createSyncService, type SyncService, type SyncServiceOptions } from '../service.ts';
import type { Fields } from '../merge.ts';

// Compile-time proof that the real client fits the narrow interface the sync engine uses.
export const realClientFits = (client: ApiClient): SyncApiClient => client;

/** A sync service on the sandbox's client with short probes and retries, so tests see outcomes quickly. */
export function openSandboxSync(
  sandbox: Pick<SyncSandbox, 'client'>,
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

export interface SyncSandbox {
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

/** The shared sandbox harness (restartable, demo seed) with two clients and a few sync-specific reads. */
export async function startSyncSandbox(options: { failRate?: number; randomSeed?: number; latencyMs?: number } = {}) {
  const server = await startTestSandbox({ seed: 'demo', restartable: true, ...options });
  const fast = { maxAttempts: 8, baseDelayMs: 10, maxDelayMs: 200, deadlineMs: 20_000 };
  const client = server.client({ retry: fast, timeouts: { connectMs: 1000 } });
  const other = server.client({ retry: fast });

  const sandbox: SyncSandbox = {
    baseUrl: server.baseUrl,
    apiKey: server.keys.tenantAdmin,
    client,
    other,
    dir: server.dataDir!,
    setFaults: (update) => server.setFaults(update),
    stop: () => server.stop(),
    restart: () => server.restart(),
    close: () => server.close(),
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
