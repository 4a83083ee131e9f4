/**
 * Main process / plain Node. Handlers for the course structure (ASSUMPTIONS.md "Course structure"):
 * sections created, edited, moved and deleted through the outbox, the course's details draft, and
 * the operations this workspace's server does not offer.
 */
import { SECTION_DELETE_DELAY_MS } from '../../../src-shared/index.ts';
import { toDraft, toMissingOperation, toPendingSectionDelete } from '../../ipc-views/index.ts';
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type StructureChannels =
  | 'sections.create'
  | 'sections.edit'
  | 'sections.move'
  | 'sections.rename'
  | 'sections.delete'
  | 'sections.undoDelete'
  | 'sections.pending'
  | 'courses.edit'
  | 'structure.missing'
  | 'structure.recheck';

export function structureHandlers(services: AppServices): Pick<HandlerTable, StructureChannels> {
  const structure = () => services.session().sync.structure;
  return {
    'sections.create': ({ courseId, ...fields }) => toDraft(structure().createSection(courseId, fields)),
    'sections.edit': async (ref) => toDraft(await structure().editSection(ref)),
    'sections.move': async ({ position, ...ref }) => {
      await structure().moveSection(ref, position);
      return { ok: true as const };
    },
    'sections.rename': async ({ title, description, ...ref }) => {
      await structure().renameSection(ref, { title, ...(description === undefined ? {} : { description }) });
      return { ok: true as const };
    },
    'sections.delete': ({ withLessons, ...ref }) =>
      toPendingSectionDelete(
        structure().scheduleSectionDelete(ref, SECTION_DELETE_DELAY_MS, withLessons ? { withLessons } : {}),
      ),
    'sections.undoDelete': ({ draftId }) => {
      structure().undoSectionDelete(draftId);
      return { ok: true as const };
    },
    'sections.pending': ({ courseId }) => {
      const { deletes, creates, renames } = structure().pending(courseId);
      return { deletes: deletes.map(toPendingSectionDelete), creates, renames };
    },
    'courses.edit': async ({ id }) => toDraft(await structure().editCourse(id)),
    'structure.missing': () => structure().missing().map(toMissingOperation),
    'structure.recheck': () => {
      structure().recheck();
      return { ok: true as const };
    },
  };
}
