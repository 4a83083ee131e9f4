/** Renderer. The drag data type of a section dragged in the outline (lessons and folders use others). */
export const SECTION_DRAG_TYPE = 'application/x-lectern-section';
