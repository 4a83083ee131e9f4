/**
 * Renderer. Assessments: the paged list (all, or one course's), the one assessment open in the
 * editor (read through the cache), its editing session, and deletion (held back for Undo).
 */
import type { Assessment, ContentStatus } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { createCachedRead } from '../../lib/cached-read.ts';
import { describeError } from '../../lib/errors.ts';
import { notifyUndoable } from '../../lib/notices.ts';
import { createPagedList, pageInput } from '../../lib/paged-list.ts';
import { createDraftSession } from '../drafts/index.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { t } from '../../lib/i18n.ts';

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

/**
 * Deletes an assessment with Undo. The server's delete cannot be taken back, so it is held back:
 * the list shows the row deleted at once, and the delete (then the local draft's discard) is sent
 * when the toast leaves without Undo — faded, dismissed, or just before a workspace switch. Undo
 * only shows the row again; a delete that fails shows it again and says why.
 */
export function deleteAssessment(id: string, title: string, draftId: string | null): void {
  useAssessmentList.getState().markDeleted(id);
  notifyUndoable({
    key: `assessment-delete:${id}`,
    message: t(
      {
        id: 'assessments.store.theAssessmentWillBeDeleted',
        defaultMessage: 'The assessment “{title}” will be deleted in a few seconds.',
      },
      { title },
    ),
    undone: `“${title}” was kept; nothing was sent.`,
    restore: () => useAssessmentList.getState().unmarkDeleted(id),
    commit: async () => {
      await call((b) => b.assessments.delete({ id }));
      if (draftId) await call((b) => b.drafts.discard({ id: draftId })).catch(() => undefined);
      if (useAssessment.getState().param === id) useAssessment.getState().reset();
      useAssessmentList.getState().reread();
    },
    failed: (error) =>
      t(
        {
          id: 'assessments.store.theAssessmentWasNotDeleted',
          defaultMessage: 'The assessment “{title}” was not deleted. {error}',
        },
        { title, error: describeError(error, { subject: 'thisAssessment', keyMode: activeKeyMode() }) },
      ),
  });
}
