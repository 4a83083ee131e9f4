// Child process of kill-points-*.test.ts (plain Node 24): the upload engine the app and the CLI
// share, over a real API client and a journal in the given folder, uploading the given files as
// one bulk upload into one section (reusing journal rows like `lectern upload`). It writes one
// line per engine event, so the parent can SIGKILL it at a seeded event, and a JSON summary when
// it finishes. Leaner than the whole CLI, so a hundred kills fit in a CI budget.
import { writeSync } from 'node:fs';
import { createApiClient } from '../../api/index.ts';
import { createUploadManager } from '../manager.ts';

interface KillChildConfig {
  journalPath: string;
  baseUrl: string;
  courseId: string;
  sectionId: string;
  files: string[];
}

const config = JSON.parse(process.env.LECTERN_KILL_CONFIG ?? '{}') as KillChildConfig;
const say = (line: string) => writeSync(1, `${line}\n`);

const client = createApiClient({ baseUrl: config.baseUrl, apiKey: process.env.LECTERN_KILL_KEY ?? '' });
const manager = createUploadManager({
  journalPath: config.journalPath,
  api: client,
  concurrency: 3,
  md5Workers: 0,
  onEvent: (e) => say(`event ${e.type} ${e.row.state}`),
});
const rows = await manager.add(
  config.files.map((path) => ({
    path,
    lessonTarget: { kind: 'new' as const, courseId: config.courseId, sectionId: config.sectionId, title: '' },
  })),
  { reuseExisting: true },
);
say('started');
manager.start(rows.map((r) => r.id));
await manager.whenIdle();
const final = rows.map((r) => manager.get(r.id)!);
say(
  `summary ${JSON.stringify(final.map((r) => ({ state: r.state, uploadId: r.uploadId, lessonId: r.lessonId, bytesResent: r.bytesResent, error: r.error })))}`,
);
await manager.close();
await client.close();
