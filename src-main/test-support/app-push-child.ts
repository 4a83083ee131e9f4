// Child process of course-push/push-kill-states.test.ts (plain Node 24): the app's folder push, as
// the IPC handlers call it — the workspace's session (its API client, upload engine, journal and
// outbox) planning a folder and pushing it — in a process the test SIGKILLs, as a force-quit or a
// power cut would end the app. Reopened on the same data folder, it pushes the same folder again.
// Prints `FINISHED <status> <message>` when the push ends.
import { writeSync } from 'node:fs';
import type { AppPushEnd } from '../course-push/index.ts';
import { createLogger } from '../platform/index.ts';
import { openProfileSession } from '../services/index.ts';

interface AppPushChildConfig {
  dataDir: string;
  baseUrl: string;
  courseId: string;
  dir: string;
}

const config = JSON.parse(process.env.LECTERN_APP_PUSH_CONFIG ?? '{}') as AppPushChildConfig;
const apiKey = process.env.LECTERN_APP_PUSH_KEY ?? '';
let finished: (end: AppPushEnd) => void = () => undefined;
const ended = new Promise<AppPushEnd>((resolve) => (finished = resolve));

const session = openProfileSession({
  dataDir: config.dataDir,
  connection: {
    profileId: 'app-push-child',
    baseUrl: config.baseUrl,
    keyMode: 'tenant',
    apiKey: async () => ({ key: apiKey, origin: new URL(config.baseUrl).origin }),
  },
  events: {
    emit: (event, payload) => {
      if (event === 'folderPush.finished') finished(payload as AppPushEnd);
    },
    subscribe: () => () => undefined,
  },
  log: createLogger(null),
});
const planned = await session.folderPush.plan({ courseId: config.courseId, dir: config.dir });
session.folderPush.start(planned.planId, { confirmDelete: false });
const end = await ended;
writeSync(1, `FINISHED ${end.status} ${end.message}\n`);
await session.close();
process.exitCode = end.status === 'done' ? 0 : 3;
