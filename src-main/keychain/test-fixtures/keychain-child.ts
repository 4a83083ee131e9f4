// Test fixture (plain Node child process, used only by keychain tests). Runs keychain operations in
// a fresh process, so each test can choose its own D-Bus environment (libsecret keeps one bus
// connection per process) and a call stuck in a hung daemon cannot hold up the test runner.
// argv[2]: JSON { timeoutMs?, ops: [{ op: 'get'|'set'|'delete', account, key? }] }.
// Prints one JSON line per operation: { ok, value?, name?, code?, reason?, message?, elapsedMs }.
import { createSystemKeyStore, isKeychainError } from '../index.ts';

interface Op {
  op: 'get' | 'set' | 'delete';
  account: string;
  key?: string;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as { timeoutMs?: number; ops: Op[] };
const store = createSystemKeyStore(plan.timeoutMs === undefined ? {} : { timeoutMs: plan.timeoutMs });

for (const step of plan.ops) {
  const started = Date.now();
  try {
    const value =
      step.op === 'get'
        ? await store.get(step.account)
        : step.op === 'set'
          ? await store.set(step.account, step.key ?? '')
          : await store.delete(step.account);
    process.stdout.write(`${JSON.stringify({ ok: true, value: value ?? null, elapsedMs: Date.now() - started })}\n`);
  } catch (error) {
    const e = error as Error & { code?: string; reason?: string };
    process.stdout.write(
      `${JSON.stringify({
        ok: false,
        typed: isKeychainError(error),
        name: e.name,
        code: e.code ?? null,
        reason: e.reason ?? null,
        message: e.message,
        elapsedMs: Date.now() - started,
      })}\n`,
    );
  }
}
process.stdout.write('DONE\n');
