// Test fixture (plain Node child process, used only by workspace tests). Adds a workspace with a
// key through the real WorkspaceService and the real OS keychain, in a process whose D-Bus
// environment the test chose (e.g. no Secret Service). argv: dataDir baseUrl; the key on stdin.
// Prints one JSON line: { ok, profileId? } or { ok: false, name, code, message }.
import { text } from 'node:stream/consumers';
import { createSystemKeyStore } from '../../keychain/index.ts';
import { WorkspaceService } from '../index.ts';

const [dataDir, baseUrl] = process.argv.slice(2);
const apiKey = await text(process.stdin);
const service = new WorkspaceService({ dataDir: dataDir!, keyStore: createSystemKeyStore() });
try {
  const result = await service.add({
    name: 'Production',
    environment: 'production',
    baseUrl: baseUrl!,
    keyMode: 'tenant',
    apiKey,
  });
  process.stdout.write(`${JSON.stringify({ ok: true, profileId: result.profile.id })}\n`);
} catch (error) {
  const e = error as Error & { code?: string };
  process.stdout.write(`${JSON.stringify({ ok: false, name: e.name, code: e.code ?? null, message: e.message })}\n`);
} finally {
  service.close();
}
