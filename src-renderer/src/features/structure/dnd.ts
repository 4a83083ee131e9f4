/** Renderer. The drag data type of a section dragged in the outline (lessons and folders use others). */
export const SECTION_DRAG_TYPE = 'application/x-lectern-section';

/** The section being dragged (a drop's own data may be empty: not every drag hands it over). */
export const sectionDrag: { id: string | null } = { id: null };
