/**
 * Renderer. The API's enums that filters and labels on the first screen need, from the shared
 * zod-free list (a value not listed is shown as it came).
 */
export { ASSESSMENT_TYPES, CONTENT_STATUSES, COURSE_LEVELS } from '../../../src-shared/api/enums.ts';
