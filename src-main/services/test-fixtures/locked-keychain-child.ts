// Test fixture (plain Node child process, used only by keychain-drafts.test.ts). Runs inside its
// own private GNOME Keyring (scripts/with-keyring.sh), so locking it touches nobody else's tests.
// argv[2]: 'before' | 'after'; argv[3]: JSON { dataDir, baseUrl, apiKey, courseId }. Drives the
// app's own services through a workspace whose key lives in the real keychain. 'before': drafts
// made and one sent; the app closed; the keychain's collection locked; the app started again.
// 'after' (a new process, once the test has unlocked the keychain): the app starts again.
// Prints one JSON line per phase.
import { execFileSync } from 'node:child_process';
import { createSystemKeyStore } from '../../keychain/index.ts';
import { createQueuedFileDialog } from '../../platform/index.ts';
import { createAppServices } from '../index.ts';

const step = process.argv[2];
const input = JSON.parse(process.argv[3] ?? '{}') as {
  dataDir: string;
  baseUrl: string;
  apiKey: string;
  courseId: string;
};
const say = (phase: string, data: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ phase, ...data })}\n`);

const open = () =>
  createAppServices({
    dataDir: input.dataDir,
    transport: 'bridge',
    dialog: createQueuedFileDialog(),
    keyStore: createSystemKeyStore(),
    sandbox: false,
  });

async function until<T>(what: string, read: () => T, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const dbusLock = () =>
  execFileSync('dbus-send', [
    '--session',
    '--print-reply',
    '--dest=org.freedesktop.secrets',
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.Lock',
    'array:objpath:/org/freedesktop/secrets/collection/login',
  ]);
const course = { course_id: input.courseId, description: 'Kept on this computer' };

if (step === 'before') {
  // 1. Keychain working: a workspace with its key in the keychain, two drafts, one of them sent.
  let services = await open();
  const { profile } = await services.workspaces.add({
    name: 'School',
    environment: 'production',
    baseUrl: input.baseUrl,
    keyMode: 'tenant',
    apiKey: input.apiKey,
  });
  await services.workspaces.setActiveProfile(profile.id);
  let sync = services.session().sync;
  const sent = sync.createDraft({ resource: 'assessment', fields: { title: 'Keychain sent', ...course } });
  sync.saveToServer(sent.id);
  await until(
    'first draft sent',
    () => sync.getDraft(sent.id).state,
    (s) => s === 'sent',
  );
  const local = sync.createDraft({ resource: 'assessment', fields: { title: 'Keychain later', ...course } });
  say('working', { sent: sync.getDraft(sent.id).state, local: sync.getDraft(local.id).state });
  await services.close();

  // 2. The keychain is locked, then the app starts again.
  dbusLock();
  services = await open();
  sync = services.session().sync;
  const listed = sync.listDrafts().map((d) => d.id);
  const edited = sync.saveDraftFields(local.id, { title: 'Keychain later (edited offline)' });
  sync.saveToServer(local.id);
  const status = await until(
    'connection says why',
    () => sync.connectivity(),
    (s) => s.state !== 'online',
  );
  // The send ends waiting in the outbox (it must not end failed).
  const waiting = await until(
    'send settled',
    () => sync.getDraft(local.id),
    (d) => d.state !== 'sending',
  );
  say('locked', {
    listed: [sent.id, local.id].every((id) => listed.includes(id)),
    edited: edited.values?.title ?? null,
    state: status.state,
    message: status.lastError?.message ?? null,
    draftState: waiting.state,
    outbox: sync.listOutbox().map((o) => o.state),
  });
  await services.close();
}

if (step === 'after') {
  // 3. Unlocked (between the two runs), the app starts again: the waiting draft goes by itself.
  const services = await open();
  const sync = services.session().sync;
  const waiting = sync.listDrafts().find((d) => d.title === 'Keychain later (edited offline)');
  if (!waiting) throw new Error('the waiting draft is gone');
  await until(
    'draft sent after unlock',
    () => sync.getDraft(waiting.id).state,
    (s) => s === 'sent',
    60_000,
  );
  say('unlocked', { draftState: sync.getDraft(waiting.id).state, state: sync.connectivity().state });
  await services.close();
}
