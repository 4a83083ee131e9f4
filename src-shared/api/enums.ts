// Shared (every process). The API's full enums as plain lists, without zod, so the renderer's
// first screen can label and filter by them before zod loads.
export const SOURCES = ['MANUAL_CREATION', 'AI_GENERATED', 'DOCUMENT_EXTRACTION'] as const;
export const ASSESSMENT_TYPES = ['VIRTUAL', 'PHYSICAL'] as const;
export const ORGANIZATION_STRATEGIES = ['SINGLE_CANDIDATE', 'GROUP'] as const;
export const SEAT_LAYOUTS = ['CIRCLE', 'GRID', 'L', 'U', 'RECTANGLE'] as const;
export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const LEARNER_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'COMPLETED'] as const;
