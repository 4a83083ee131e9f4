/** Renderer. The course-structure feature's public surface (other features import only this). */
export { CourseDetailsEditor } from './CourseDetailsEditor.tsx';
export { CoursePreviewVideo } from './CoursePreviewVideo.tsx';
export { SectionCardHeader, SectionCardStandIn } from './SectionCardHeader.tsx';
export { AddSection, PendingSection, SectionDeleteDialog } from './SectionForms.tsx';
export { placePendingSections, usePendingPositions } from './pending-positions.ts';
export { SectionsNote, useStructureOf } from './SectionsNote.tsx';
export { useStructure } from './store.ts';
export { focusInPlace, reveal } from '../../lib/focus.ts';
export { useFocusCreatedSection, useSectionDrop, useSectionReasons } from './use-section-actions.ts';
export type { SectionReasons } from './use-section-actions.ts';
