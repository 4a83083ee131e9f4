/**
 * Renderer. Assessments: the paged list (all, or one course's), the one assessment open in the
 * editor (read through the cache), its editing session, and deletion.
 */
import type { Assessment, ContentStatus } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { createCachedRead } from '../../lib/cached-read.ts';
import { createPagedList, pageInput } from '../../lib/paged-list.ts';
import { createDraftSession } from '../drafts/index.ts';

export interface AssessmentQuery {
  search: string;
  courseId: string | null;
  status: ContentStatus | null;
}

export const useAssessmentList = createPagedList<Assessment, AssessmentQuery>({
  kinds: ['assessments'],
  fetchPage: (query, page, pageSize, refresh) =>
    call((b) =>
      b.assessments.list({
        ...pageInput(page, pageSize, refresh, query.search),
        ...(query.courseId ? { courseId: query.courseId } : {}),
        ...(query.status ? { status: query.status } : {}),
      }),
    ),
});

export const useAssessment = createCachedRead<Assessment, string>({
  kinds: ['assessment'],
  // Opening asks main for the server's copy as well: the cached one may predate another's change.
  fetch: (id, { opening }) => call((b) => b.assessments.get({ id, ...(opening ? { refresh: true as const } : {}) })),
});

export const useAssessmentSession = createDraftSession({
  async open(serverId) {
    const draft = await call((b) => b.drafts.edit({ resource: 'assessment', serverId }));
    return { draft, consumed: false };
  },
});

export async function deleteAssessment(id: string): Promise<void> {
  await call((b) => b.assessments.delete({ id }));
  useAssessment.getState().reset();
  useAssessmentList.getState().markDeleted(id);
  useAssessmentList.getState().reread();
}
