/** Renderer. The fields an assessment's draft form edits, in order. */
import { Enums } from '../../lib/contract-values.ts';
import { HOURS_HINT, MINUTES_HINT, type FieldSpec } from '../drafts/index.ts';

export const ASSESSMENT_FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', hint: '1 to 255 characters.', maxLength: 255 },
  { name: 'description', label: 'Description', kind: 'textarea', hint: 'Required.' },
  { name: 'source', label: 'Source', kind: 'enum', options: Enums.sources },
  { name: 'type', label: 'Type', kind: 'enum', options: Enums.assessmentTypes },
  { name: 'organization_strategy', label: 'Organization', kind: 'enum', options: Enums.organizationStrategies },
  { name: 'seat_layout', label: 'Seat layout', kind: 'enum', options: Enums.seatLayouts },
  { name: 'duration_hours', label: 'Duration, hours', kind: 'duration', hint: HOURS_HINT },
  { name: 'duration_minutes', label: 'Duration, minutes', kind: 'duration', hint: MINUTES_HINT },
  { name: 'total_points', label: 'Total points', kind: 'points', hint: 'Up to 8 digits and 2 decimals, e.g. 85.50.' },
];
