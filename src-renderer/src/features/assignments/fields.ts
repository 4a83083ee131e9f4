/** Renderer. The fields an assignment's draft form edits, in order. */
import { HOURS_HINT, MINUTES_HINT, type FieldSpec } from '../drafts/index.ts';

export const ASSIGNMENT_FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', hint: '1 to 255 characters.', maxLength: 255 },
  { name: 'description', label: 'Description', kind: 'textarea', hint: 'Required.' },
  { name: 'duration_hours', label: 'Duration, hours', kind: 'duration', hint: HOURS_HINT },
  { name: 'duration_minutes', label: 'Duration, minutes', kind: 'duration', hint: MINUTES_HINT },
];
