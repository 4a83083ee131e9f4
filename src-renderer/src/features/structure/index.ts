/** Renderer. The course-structure feature's public surface (other features import only this). */
export { CourseStructurePanel } from './CourseStructurePanel.tsx';
export { useStructure } from './store.ts';
