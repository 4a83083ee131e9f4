/** Renderer. The course-structure feature's public surface (other features import only this). */
export { CourseDetailsEditor } from './CourseDetailsEditor.tsx';
export { CoursePreviewVideo } from './CoursePreviewVideo.tsx';
export { SectionCardHeader } from './SectionCardHeader.tsx';
export { AddSection, PendingSections, SectionDeleteDialog } from './SectionForms.tsx';
export { SectionsNote, useStructureOf } from './SectionsNote.tsx';
export { useStructure } from './store.ts';
export { focusInPlace, reveal } from './focus.ts';
export { useFocusCreatedSection, useSectionDrop, useSectionReasons } from './use-section-actions.ts';
