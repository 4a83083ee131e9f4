/**
 * Renderer. The form fields of a draft editor, from field specs: checked as the user types, saved
 * through the session, and showing the server's field errors under the fields they name.
 */
import { Fragment } from 'react';
import { SelectField, TextAreaField, TextField } from '../../components/Field.tsx';
import type { DraftSession } from './session.ts';
import { carryMinutes, checkField, enumLabel, parseField, type FieldSpec } from './form-fields.ts';
import { t } from '../../lib/i18n.ts';

export interface DraftFieldsProps {
  specs: readonly FieldSpec[];
  session: DraftSession;
  form: 'assessment' | 'assignment';
  disabled: boolean;
  /** Server / submit field errors by field name. */
  serverErrors: Record<string, string>;
  /** Values the server had (for enums that may be unset there). */
  base?: Record<string, unknown> | null;
}

/** Client-side errors of the whole form, by field. */
export function formErrors(
  specs: readonly FieldSpec[],
  values: Record<string, string>,
  form: 'assessment' | 'assignment',
) {
  const errors: Record<string, string> = {};
  for (const spec of specs) {
    const message = checkField(spec, values[spec.name] ?? '', form);
    if (message) errors[spec.name] = message;
  }
  return errors;
}

export function DraftFields({ specs, session, form, disabled, serverErrors, base }: DraftFieldsProps) {
  const values = session((s) => s.form);
  const change = session((s) => s.change);
  const touched = session((s) => s.touched);
  const revealed = session((s) => s.revealed);
  const clientErrors = formErrors(specs, values, form);

  const onChange = (spec: FieldSpec, raw: string) => change(spec.name, raw, parseField(spec, raw));

  const fields = specs.map((spec) => {
    const value = values[spec.name] ?? '';
    const shown = revealed || touched[spec.name] ? clientErrors[spec.name] : undefined;
    const error = shown ?? serverErrors[spec.name] ?? null;
    const common = { name: spec.name, label: spec.label, hint: spec.hint, error, disabled };
    switch (spec.kind) {
      case 'textarea':
        return (
          <TextAreaField key={spec.name} {...common} value={value} onChange={(raw) => onChange(spec, raw)} required />
        );
      case 'enum': {
        const unsetAllowed = value === '' || base?.[spec.name] === null || base?.[spec.name] === undefined;
        const options = [
          ...(unsetAllowed
            ? [{ value: '', label: t({ id: 'drafts.draftFields.notSet', defaultMessage: 'Not set' }) }]
            : []),
          ...(spec.options ?? []).map((option) => ({ value: option, label: enumLabel(option) })),
        ];
        return (
          <SelectField
            key={spec.name}
            {...common}
            value={value}
            options={options}
            onChange={(raw) => onChange(spec, raw)}
          />
        );
      }
      case 'duration':
        return (
          <Fragment key={spec.name}>
            <TextField {...common} value={value} inputMode="numeric" onChange={(raw) => onChange(spec, raw)} />
            {spec.name === 'duration_minutes' && (
              <CarryNote
                hours={values['duration_hours'] ?? ''}
                minutes={value}
                disabled={disabled}
                onCarry={(hours, minutes) => {
                  change('duration_hours', String(hours), hours);
                  change('duration_minutes', String(minutes), minutes);
                }}
              />
            )}
          </Fragment>
        );
      case 'points':
        return (
          <TextField
            key={spec.name}
            {...common}
            value={value}
            inputMode="decimal"
            onChange={(raw) => onChange(spec, raw)}
          />
        );
      case 'text':
        return (
          <TextField
            key={spec.name}
            {...common}
            value={value}
            maxLengthHint={spec.maxLength}
            onChange={(raw) => onChange(spec, raw)}
            required
          />
        );
    }
  });

  return <div className="form-grid">{fields}</div>;
}

/** Minutes of an hour or more: say what that comes to and offer to carry them into hours. */
function CarryNote(props: {
  hours: string;
  minutes: string;
  disabled: boolean;
  onCarry: (hours: number, minutes: number) => void;
}) {
  const minutes = /^\d+$/.test(props.minutes.trim()) ? Number(props.minutes) : NaN;
  if (!(minutes >= 60)) return null;
  const hours = /^\d+$/.test(props.hours.trim()) ? Number(props.hours) : 0;
  const carried = carryMinutes(hours, minutes);
  const total = `${carried.hours} h${carried.minutes ? ` ${carried.minutes} min` : ''}`;
  return (
    <p className="duration-note" role="status" data-testid="duration-note">
      <span>
        {t(
          {
            id: 'drafts.draftFields.minutesIsAnHourOr',
            defaultMessage: '{minutes} minutes is an hour or more: altogether this is {total}.',
          },
          { minutes, total },
        )}
      </span>
      {!props.disabled && (
        <button
          type="button"
          className="button button--small"
          onClick={() => props.onCarry(carried.hours, carried.minutes)}
        >
          {t({ id: 'drafts.draftFields.makeIt', defaultMessage: 'Make it {total}' }, { total })}
        </button>
      )}
    </p>
  );
}

/** Moves focus to the first field showing a problem (after a refused submit). */
export function focusFirstProblem(): void {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
