// Main process / plain Node. Plan first: read the folder, the course and what Lectern remembers,
// hash the videos it must compare, and plan. Sends no write.
import { fullSha256 } from '../uploads/index.ts';
import { scanFolder } from './folder-scan.ts';
import { planPush, videoHashesNeeded, type PushPlan } from './plan.ts';
import { readCourse, untilAnswered, type PushApi } from './push-api.ts';
import type { PushState } from './push-state.ts';

export interface PrepareInput {
  dir: string;
  courseId: string;
  deleteOthers: boolean;
  api: PushApi;
  state: PushState;
  signal: AbortSignal;
  onWaiting?: (waiting: boolean) => void;
}

export async function preparePush(input: PrepareInput): Promise<PushPlan> {
  const folder = await scanFolder(input.dir);
  const course = await untilAnswered(() => readCourse(input.api, input.courseId, input.signal), {
    signal: input.signal,
    onWaiting: input.onWaiting ?? (() => undefined),
  });
  const remembered = input.state.remembered(input.courseId);
  const { read, known } = videoHashesNeeded(folder, remembered);
  const paths = new Map(folder.sections.flatMap((s) => s.lessons.map((l) => [l.key, l.path])));
  for (const key of read) known.set(key, await fullSha256(paths.get(key)!));
  return planPush({ folder, course, remembered, videoSha256: known, deleteOthers: input.deleteOthers });
}
