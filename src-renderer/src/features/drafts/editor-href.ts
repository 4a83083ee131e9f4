/** Renderer. Where a stored change is edited: its editor when it has one, else its Change screen. */
import type { DraftSummary } from '../../../../src-shared/index.ts';
import { href } from '../../lib/router.ts';

export function editorHref(draft: Pick<DraftSummary, 'id' | 'resource' | 'serverId' | 'parent' | 'operation'>): string {
  if (draft.resource === 'assessment' && draft.serverId) return href({ name: 'assessment', id: draft.serverId });
  if (draft.resource === 'assignment' && draft.operation === 'create')
    return href({ name: 'assignment-new', draftId: draft.id });
  const { courseId, sectionId } = draft.parent;
  if (draft.resource === 'lesson' && courseId && sectionId && draft.operation !== 'delete') {
    return draft.serverId
      ? href({ name: 'lesson', courseId, sectionId, id: draft.serverId })
      : href({ name: 'lesson-new', courseId, sectionId, draftId: draft.id });
  }
  if (draft.resource === 'lesson' && courseId) return href({ name: 'course', id: courseId });
  return href({ name: 'draft', id: draft.id });
}
