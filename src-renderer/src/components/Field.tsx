/**
 * Renderer. Labelled form fields with a hint and an error line wired through aria-describedby,
 * so a screen reader hears the limit and the problem, and the error sits at the field it names.
 */
import { useId, type ReactNode, type Ref } from 'react';

interface FieldShellProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  name?: string;
  counter?: ReactNode;
}

export function FieldShell({ label, hint, error, children, name, counter }: FieldShellProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`} data-field={name}>
      <div className="field-label-row">
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        {counter && <span className="field-counter">{counter}</span>}
      </div>
      {children({ inputId, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" data-testid={name ? `error-${name}` : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  hint?: ReactNode;
  error?: string | null;
  type?: 'text' | 'url' | 'search';
  inputMode?: 'numeric' | 'text' | 'decimal';
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  maxLengthHint?: number;
  autoComplete?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const {
    label,
    value,
    onChange,
    name,
    hint,
    error,
    type = 'text',
    inputMode,
    placeholder,
    disabled,
    required,
  } = props;
  const counter = props.maxLengthHint !== undefined ? `${[...value].length} / ${props.maxLengthHint}` : undefined;
  return (
    <FieldShell label={label} hint={hint} error={error} name={name} counter={counter}>
      {({ inputId, describedBy, invalid }) => (
        <input
          id={inputId}
          ref={props.inputRef}
          className="input"
          name={name}
          type={type}
          inputMode={inputMode}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          required={required}
          autoComplete={props.autoComplete ?? 'off'}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onBlur={props.onBlur}
        />
      )}
    </FieldShell>
  );
}

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  rows?: number;
  required?: boolean;
}

export function TextAreaField({
  label,
  value,
  onChange,
  name,
  hint,
  error,
  disabled,
  rows = 5,
  required,
}: TextAreaFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} name={name}>
      {({ inputId, describedBy, invalid }) => (
        <textarea
          id={inputId}
          className="input textarea"
          name={name}
          rows={rows}
          value={value}
          disabled={disabled}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  name?: string;
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
}

export function SelectField({ label, value, onChange, options, name, hint, error, disabled }: SelectFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} name={name}>
      {({ inputId, describedBy, invalid }) => (
        <select
          id={inputId}
          className="input select"
          name={name}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
