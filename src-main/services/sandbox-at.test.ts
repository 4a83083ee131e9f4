// Main process / plain Node tests. The app's services on a sandbox server running elsewhere (the
// benchmarks' set-up): its Sandbox workspace opens at the first start and again at a restart on
// the same data, the key handed over before the workspace's session opens (it is never stored).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { startTestSandbox, tempDir, type TestSandbox } from '../test-support/index.ts';
import { createAppServices } from './index.ts';

let server: TestSandbox;
beforeAll(async () => {
  server = await startTestSandbox({ seed: 'demo' });
});
afterAll(async () => {
  await server.close();
});

describe('services on a sandbox server running elsewhere', () => {
  it('open its Sandbox workspace at the first start and at a restart on the same data', async () => {
    const dataDir = tempDir('lectern-sandbox-at-');
    const keyStore = createMemoryKeyStore();
    const start = () =>
      createAppServices({
        dataDir,
        transport: 'bridge',
        dialog: createQueuedFileDialog(),
        keyStore,
        sandbox: false,
        sandboxAt: { baseUrl: server.baseUrl, apiKey: server.keys.tenantAdmin },
      });
    for (const run of ['first start', 'restart']) {
      const services = await start();
      try {
        const courses = await services.session().sync.refreshCache({ kind: 'courses' });
        expect(courses.data?.results.length, run).toBeGreaterThan(0);
        expect(services.workspaces.getActiveProfile()?.environment, run).toBe('sandbox');
      } finally {
        await services.close();
      }
    }
  });
});
