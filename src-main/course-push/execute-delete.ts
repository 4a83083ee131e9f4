// Main process / plain Node. Step 5 of a folder push (execute.ts): the sections and lessons not in
// the folder that were chosen (delete-choice.ts marks them "delete") are deleted, each said as an
// event. A section chosen goes with its lessons (they first, then it); a lesson chosen alone goes
// alone, its section stays. What is already gone (a re-run after a kill) counts as deleted.
import type { PushEvent } from '../../src-shared/push-events.ts';
import { isApiError } from '../api/index.ts';
import type { OtherLesson, PushPlan } from './plan.ts';
import type { PushApi, SectionWrite } from './push-api.ts';
import type { PushState } from './push-state.ts';

export interface DeleteStep {
  api: PushApi;
  state: PushState;
  signal: AbortSignal;
  /** Server ids of the plan's sections by key (made or matched in step 1). */
  sectionIds: ReadonlyMap<string, string>;
  call: <T>(fn: () => Promise<T>) => Promise<T>;
  /** A section write: a server that does not offer it stops the push with one sentence. */
  structure: <T>(write: SectionWrite, fn: () => Promise<T>) => Promise<T>;
  record: (event: PushEvent) => void;
}

export async function deleteChosen(
  plan: PushPlan,
  step: DeleteStep,
  /** The push's counts of what it deleted (execute.ts's PushOutcome). */
  outcome: { lessonsDeleted: number; sectionsDeleted: number },
): Promise<void> {
  const { api, state, signal, call, record } = step;
  const courseId = plan.courseId;
  const deleteLesson = async (sectionId: string, sectionTitle: string, lesson: OtherLesson) => {
    await call(() => ignoreGone(api.lessons.delete(courseId, sectionId, lesson.id, { signal })));
    state.forgetServerId(courseId, lesson.id);
    outcome.lessonsDeleted++;
    record({ kind: 'deleted', what: 'lesson', title: lesson.title ?? lesson.id, sectionTitle });
  };
  for (const s of plan.sections)
    for (const other of s.others)
      if (other.action === 'delete') await deleteLesson(step.sectionIds.get(s.key)!, s.title, other);
  for (const section of plan.otherSections) {
    const title = section.title ?? section.id;
    const gone = section.action === 'delete';
    for (const lesson of section.lessons)
      if (gone || lesson.action === 'delete') await deleteLesson(section.id, title, lesson);
    if (!gone) continue;
    await step.structure('delete', () => ignoreGone(api.sections.delete(courseId, section.id, { signal })));
    state.forgetServerId(courseId, section.id);
    outcome.sectionsDeleted++;
    record({ kind: 'deleted', what: 'section', title, sectionTitle: null });
  }
}

/** Deleting what is already gone (a re-run after a kill) is done. */
async function ignoreGone(deleting: Promise<void>): Promise<void> {
  try {
    await deleting;
  } catch (error) {
    if (!(isApiError(error) && error.kind === 'NotFound')) throw error;
  }
}
