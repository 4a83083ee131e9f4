/** Renderer. The fields an assignment's draft form edits, in order. */
import { t } from '../../lib/i18n.ts';
import { HOURS_HINT, MINUTES_HINT, type FieldSpec } from '../drafts/index.ts';

export const ASSIGNMENT_FIELDS: readonly FieldSpec[] = [
  {
    name: 'title',
    get label() {
      return t({ id: 'assignments.fields.title.label', defaultMessage: 'Title' });
    },
    kind: 'text',
    get hint() {
      return t({ id: 'assignments.fields.title.hint', defaultMessage: '1 to 255 characters.' });
    },
    maxLength: 255,
  },
  {
    name: 'description',
    get label() {
      return t({ id: 'assignments.fields.description.label', defaultMessage: 'Description' });
    },
    kind: 'textarea',
    get hint() {
      return t({ id: 'assignments.fields.description.hint', defaultMessage: 'Required.' });
    },
  },
  {
    name: 'duration_hours',
    get label() {
      return t({ id: 'assignments.fields.duration_hours.label', defaultMessage: 'Duration, hours' });
    },
    kind: 'duration',
    get hint() {
      return t(HOURS_HINT);
    },
  },
  {
    name: 'duration_minutes',
    get label() {
      return t({ id: 'assignments.fields.duration_minutes.label', defaultMessage: 'Duration, minutes' });
    },
    kind: 'duration',
    get hint() {
      return t(MINUTES_HINT);
    },
  },
];
