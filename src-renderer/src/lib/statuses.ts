/** Renderer. Content statuses for filters that load with the first screen (no zod needed for a list of three words). */
import type { Course } from '../../../src-preload/contract.ts';

export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const satisfies readonly Course['status'][];
