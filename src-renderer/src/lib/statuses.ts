/** Renderer. Content statuses for filters that load with the first screen (no zod needed for a list of three words). */
import type { ContentStatus } from '../../../src-shared/index.ts';

export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const satisfies readonly ContentStatus[];

/** Known values of other full enums the screens label (a value not listed is shown as it came). */
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const ASSESSMENT_TYPES = ['VIRTUAL', 'PHYSICAL'] as const;
export const LEARNER_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'COMPLETED'] as const;
