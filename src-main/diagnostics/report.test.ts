// Tests (plain Node): Diagnostics from the real services (in-process sandbox answering with drift,
// a memory keychain, real SQLite): deviations are recorded and kept per workspace across a restart,
// and neither the report nor any other field carries the key or an 8-character piece of it.
import { describe, expect, it } from 'vitest';
import { suiteTempDir } from '../test-support/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { buildDiagnostics, scrubSecrets } from './report.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppServices } from '../services/index.ts';

const data = suiteTempDir('lectern-diag-');

const pieces = (key: string) => Array.from({ length: key.length - 7 }, (_, i) => key.slice(i, i + 8));

describe('diagnostics', () => {
  it('lists deviations (kept across a restart) and never shows the key or a piece of it', async () => {
    const keyStore = createMemoryKeyStore();
    const start = () =>
      createAppServices({
        dataDir: data.path,
        transport: 'bridge',
        dialog: createQueuedFileDialog(),
        keyStore,
        sandbox: {},
      });
    let services = await start();
    const key = services.sandbox()!.keys.tenantAdmin;
    services.sandbox()!.setFaults({ drift: true });
    const courses = await services.session().client.courses.list();
    expect(courses.results[0]!.level).toBe('expert');

    const first = await services.diagnostics();
    expect(first.workspace).toMatchObject({ baseUrl: services.sandbox()!.baseUrl });
    expect(first.deviations).toEqual([
      expect.objectContaining({
        operation: 'courses.list',
        jsonPath: 'data.results[*].level',
        count: courses.results.length,
      }),
    ]);
    expect(first.requests.some((r) => r.path.endsWith('/courses') && r.status === 200)).toBe(true);
    expect(first.dataFolder).toMatchObject({ path: data.path, bytes: expect.any(Number) });
    expect(first.dataFolder.bytes).toBeGreaterThan(0);
    expect(first.report).toContain('data.results[*].level');
    // One unit with the screen and the CLI (binary: KiB, MiB), and the request log grouped by kind, paths whole.
    expect(first.report).toMatch(/Data folder: .* \(\d+(\.\d)? (B|KiB|MiB|GiB)\)/);
    expect(first.report).not.toMatch(/\d (KB|MB|GB)\b/);
    expect(first.report).toMatch(/\n {2}Courses \(\d+, \d+ failed\):\n {4}\S+ {2}GET \/\S*\/courses/);
    const all = JSON.stringify(first);
    for (const piece of pieces(key)) expect(all).not.toContain(piece);
    await services.close();

    services = await start();
    try {
      const again = await services.diagnostics();
      expect(again.deviations.map((d) => d.jsonPath)).toEqual(['data.results[*].level']);
    } finally {
      await services.close();
    }
  });

  it('scrubs the key and every 8-character piece of it, wherever a server put them', () => {
    const key = 'sk_live_0123456789abcdefXYZ';
    const d = buildDiagnostics(
      {
        generatedAt: '2026-01-01T00:00:00Z',
        app: {
          name: 'Lectern',
          version: '1',
          platform: 'linux',
          arch: 'x64',
          versions: { node: '24', electron: null, chrome: null },
          transport: 'bridge',
        },
        workspace: { name: 'W', environment: 'custom', baseUrl: `https://h.example/${key.slice(3, 14)}` },
        connectivity: [{ at: 'now', state: 'key-rejected', message: `Bad key ${key}` }],
        requests: [],
        deviations: [
          {
            operation: 'courses.get',
            jsonPath: 'data.name',
            expected: 'string',
            received: `string "${key.slice(5)}"`,
            count: 1,
            firstSeen: 'now',
            lastSeen: 'now',
          },
        ],
        errors: [{ at: 'now', source: 'app', message: key.slice(10, 20) }],
        dataFolder: { path: '/data', bytes: 1 },
      },
      [key],
    );
    for (const piece of pieces(key)) expect(JSON.stringify(d)).not.toContain(piece);
    expect(d.report).toContain('[redacted]');
    expect(scrubSecrets('nothing secret here', [key])).toBe('nothing secret here');
  });
});
