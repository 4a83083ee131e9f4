// Shared (every process; pure zod). The scalar formats and the full enums of the Learning Content
// External API, used by the resource tables (schemas.ts) and the request bodies (bodies.ts).
import { z } from 'zod';
import { ASSESSMENT_TYPES, CONTENT_STATUSES, ORGANIZATION_STRATEGIES, SEAT_LAYOUTS, SOURCES } from './enums.ts';
import { isDateText, isDateTimeText, isUuidText } from './formats.ts';

// ---------- scalars ----------

/** Identifiers are UUID strings: 8-4-4-4-12 hex digits, any version (as z.guid(), checked faster). */
export const uuid = z.string().refine(isUuidText, 'string in uuid format');
/** ISO 8601 date-time with `Z` or an offset, any sub-second precision (as z.iso.datetime({ offset: true })). */
export const dateTime = z.string().refine(isDateTimeText, 'string in date-time format');
/** `YYYY-MM-DD`. */
export const date = z.string().refine(isDateText, 'A date like 2026-03-31');
export const int = z.int();
/** Decimal string: optional sign, up to 8 integer digits, up to 2 decimals (DRF DecimalField(10, 2)). */
export const TOTAL_POINTS_PATTERN = /^-?\d{0,8}(?:\.\d{0,2})?$/;
export const totalPoints = z.string().regex(TOTAL_POINTS_PATTERN, 'Points: a number with up to 2 decimals, like 12.5');
/** Request limits shared by assessment update/create and assignment create. */
export const MAX_INT32 = 2147483647;
export const duration = z.int().min(0).max(MAX_INT32);

// ---------- enums (the lists are in enums.ts) ----------

export const source = z.enum(SOURCES);
export const assessmentType = z.enum(ASSESSMENT_TYPES);
export const organizationStrategy = z.enum(ORGANIZATION_STRATEGIES);
export const seatLayout = z.enum(SEAT_LAYOUTS);
export const contentStatus = z.enum(CONTENT_STATUSES);

/** Open enums (ASSUMPTIONS.md: lesson, media and upload types, upload session, quiz and learning
 * class statuses): any string is accepted and shown as it came. */
export const openEnum = z.string();
