/**
 * Renderer. The fields of a draft form (assessments and assignments; each feature lists its own
 * specs), their limits (the contract's
 * form schemas, enums and MAX_DURATION, i.e. the reference's) and how raw input becomes a value.
 * Checked on every keystroke; the server's 422 errors still have the last word.
 */
import { ApiResources, FormSchemas, MAX_DURATION } from '../../lib/contract-values.ts';
import { humanize } from '../../lib/format.ts';
import { defineMessage, defineMessages } from 'react-intl';
import { t, type MessageDescriptor } from '../../lib/i18n.ts';

export type FieldKind = 'text' | 'textarea' | 'enum' | 'duration' | 'points';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  options?: readonly string[];
  /** Limit shown as a counter under text fields. */
  maxLength?: number;
}

/** How many whole hours and minutes `minutes` ≥ 60 makes (so 90 min reads "1 h 30 min"). */
export function carryMinutes(hours: number, minutes: number): { hours: number; minutes: number } {
  return { hours: hours + Math.floor(minutes / 60), minutes: minutes % 60 };
}

// Messages, not words: the field lists are built when the module loads, before the language is
// known, so each spec says its words through a getter (`get hint() { return t(HOURS_HINT); }`).
export const HOURS_HINT = defineMessage({
  id: 'drafts.formfields.hoursHint',
  defaultMessage: 'Whole hours, e.g. 2. Use 0 for less than an hour.',
});
export const MINUTES_HINT = defineMessage({
  id: 'drafts.formfields.minutesHint',
  defaultMessage: 'Whole minutes, 0 to 59, e.g. 30.',
});

/** Where a form says a value its own way (the list's own word for it is lib/enum-words.ts). */
const FORM_ENUM_WORDS: Record<string, MessageDescriptor> = defineMessages({
  MANUAL_CREATION: { id: 'drafts.formfields.enum.MANUAL_CREATION', defaultMessage: 'Written by hand' },
  AI_GENERATED: { id: 'drafts.formfields.enum.AI_GENERATED', defaultMessage: 'AI generated' },
  DOCUMENT_EXTRACTION: {
    id: 'drafts.formfields.enum.DOCUMENT_EXTRACTION',
    defaultMessage: 'Extracted from a document',
  },
  SINGLE_CANDIDATE: { id: 'drafts.formfields.enum.SINGLE_CANDIDATE', defaultMessage: 'Single candidate' },
  L: { id: 'drafts.formfields.enum.L', defaultMessage: 'L-shape' },
  U: { id: 'drafts.formfields.enum.U', defaultMessage: 'U-shape' },
});

export function enumLabel(value: string): string {
  const own = Object.hasOwn(FORM_ENUM_WORDS, value) ? FORM_ENUM_WORDS[value] : undefined;
  return own ? t(own) : humanize(value);
}

/** The value to save for raw input, or `undefined` when it cannot be saved as it is. */
export function parseField(spec: FieldSpec, raw: string): unknown {
  switch (spec.kind) {
    case 'duration': {
      const trimmed = raw.trim();
      if (!/^\d+$/.test(trimmed)) return undefined;
      const n = Number(trimmed);
      return Number.isSafeInteger(n) ? n : undefined;
    }
    case 'enum':
      return raw === '' ? null : raw;
    default:
      return raw;
  }
}

const updateShape = FormSchemas.assessmentUpdate.shape;
const createShape = FormSchemas.assignmentCreate.shape;
const totalPoints = ApiResources.assessment.shape.total_points;

/** The message for a field as typed, or null when it is fine. */
export function checkField(spec: FieldSpec, raw: string, form: 'assessment' | 'assignment'): string | null {
  switch (spec.kind) {
    case 'duration': {
      const value = parseField(spec, raw);
      if (raw.trim() === '')
        return form === 'assignment'
          ? null
          : t({ id: 'drafts.formfields.enterAWholeNumber0', defaultMessage: 'Enter a whole number (0 if none).' });
      if (value === undefined)
        return t({
          id: 'drafts.formfields.enterAWholeNumberLike',
          defaultMessage: 'Enter a whole number, like 2 (no decimals, letters or signs).',
        });
      if (!updateShape.duration_hours.safeParse(value).success || (value as number) > MAX_DURATION) {
        return t({
          id: 'drafts.formfields.thatIsFarLongerThan',
          defaultMessage: 'That is far longer than an assessment can last; check the number.',
        });
      }
      return null;
    }
    case 'points':
      if (raw === '') return null;
      return totalPoints.safeParse(raw).success
        ? null
        : t({
            id: 'drafts.formfields.enterANumberWithUp',
            defaultMessage: 'Enter a number with up to 8 digits and up to 2 decimals.',
          });
    case 'enum':
      return null;
    case 'text':
    case 'textarea': {
      const shape = form === 'assessment' ? updateShape : createShape;
      const schema = shape[spec.name as 'title' | 'description'];
      if (schema.safeParse(raw).success) return null;
      if (raw.length === 0)
        return spec.name === 'title'
          ? t({ id: 'drafts.formfields.aTitleIsRequired', defaultMessage: 'A title is required.' })
          : t({ id: 'drafts.formfields.aDescriptionIsRequired', defaultMessage: 'A description is required.' });
      return t(
        { id: 'drafts.formfields.atMostCharactersNow', defaultMessage: 'At most {value} characters (now {count}).' },
        { value: spec.maxLength ?? 255, count: raw.length },
      );
    }
  }
}

export function toFormText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export function formFrom(
  specs: readonly FieldSpec[],
  values: Record<string, unknown>,
  extra: readonly string[] = [],
): Record<string, string> {
  const form: Record<string, string> = {};
  for (const spec of specs) form[spec.name] = toFormText(values[spec.name]);
  for (const name of extra) form[name] = toFormText(values[name]);
  return form;
}
