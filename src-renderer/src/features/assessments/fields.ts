/** Renderer. The fields an assessment's draft form edits, in order. */
import { Enums } from '../../lib/contract-values.ts';
import { t } from '../../lib/i18n.ts';
import { HOURS_HINT, MINUTES_HINT, type FieldSpec } from '../drafts/index.ts';

export const ASSESSMENT_FIELDS: readonly FieldSpec[] = [
  {
    name: 'title',
    get label() {
      return t({ id: 'assessments.fields.title.label', defaultMessage: 'Title' });
    },
    kind: 'text',
    get hint() {
      return t({ id: 'assessments.fields.title.hint', defaultMessage: '1 to 255 characters.' });
    },
    maxLength: 255,
  },
  {
    name: 'description',
    get label() {
      return t({ id: 'assessments.fields.description.label', defaultMessage: 'Description' });
    },
    kind: 'textarea',
    get hint() {
      return t({ id: 'assessments.fields.description.hint', defaultMessage: 'Required.' });
    },
  },
  {
    name: 'source',
    get label() {
      return t({ id: 'assessments.fields.source.label', defaultMessage: 'Source' });
    },
    kind: 'enum',
    options: Enums.sources,
  },
  {
    name: 'type',
    get label() {
      return t({ id: 'assessments.fields.type.label', defaultMessage: 'Type' });
    },
    kind: 'enum',
    options: Enums.assessmentTypes,
  },
  {
    name: 'organization_strategy',
    get label() {
      return t({ id: 'assessments.fields.organization_strategy.label', defaultMessage: 'Organization' });
    },
    kind: 'enum',
    options: Enums.organizationStrategies,
  },
  {
    name: 'seat_layout',
    get label() {
      return t({ id: 'assessments.fields.seat_layout.label', defaultMessage: 'Seat layout' });
    },
    kind: 'enum',
    options: Enums.seatLayouts,
  },
  {
    name: 'duration_hours',
    get label() {
      return t({ id: 'assessments.fields.duration_hours.label', defaultMessage: 'Duration, hours' });
    },
    kind: 'duration',
    get hint() {
      return t(HOURS_HINT);
    },
  },
  {
    name: 'duration_minutes',
    get label() {
      return t({ id: 'assessments.fields.duration_minutes.label', defaultMessage: 'Duration, minutes' });
    },
    kind: 'duration',
    get hint() {
      return t(MINUTES_HINT);
    },
  },
  {
    name: 'total_points',
    get label() {
      return t({ id: 'assessments.fields.total_points.label', defaultMessage: 'Total points' });
    },
    kind: 'points',
    get hint() {
      return t({
        id: 'assessments.fields.total_points.hint',
        defaultMessage: 'Up to 8 digits and 2 decimals, e.g. 85.50.',
      });
    },
  },
];
