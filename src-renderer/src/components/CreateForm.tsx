/**
 * Renderer. The one "create X" form every feature uses, so each looks, reads and answers the
 * keyboard alike. The feature renders its own fields and says what is wrong with them; the form
 * refuses to send while anything is (showing every problem at its field and focusing the first),
 * shows the send as pending, shows the server's refusal once in plain words beside the button,
 * and, once the thing exists, hands it to `onCreated` (which opens it) exactly once.
 *
 * Keyboard: Enter in a one-line field submits (a plain form), Ctrl/Cmd+Enter submits from
 * anywhere (a description too), Escape cancels when there is a cancel.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { describeError, fieldErrorsOf, type ErrorSubject } from '../lib/errors.ts';
import { t } from '../lib/i18n.ts';

export interface CreateFormFields {
  /** The problem to show at field `name`: its own once touched or tried, else the server's. */
  errorFor: (name: string) => string | null;
  /** Marks a field as touched (call on blur or change), so its problem shows as the user types. */
  touch: (name: string) => void;
  pending: boolean;
}

export interface CreateFormProps<T> {
  /** The form's name for screen readers: "New assessment". */
  label: string;
  /** The button's words: "Create assessment". */
  submitLabel: string;
  pendingLabel?: string;
  /** Problems with what was typed, by field name: while any, nothing is sent. */
  problems: Readonly<Record<string, string>>;
  /** The server's field problems from the last refusal, by field name. */
  serverProblems?: Readonly<Record<string, string>>;
  /** Sending right now (a request, or a draft on its way). */
  pending: boolean;
  /** The server's refusal of the last try, already in plain words; shown once, here. */
  serverError: string | null;
  /** Sends; called only while there are no problems and nothing is pending. */
  onSubmit: () => void;
  /** The created thing once the server made it; `onCreated` runs once for it. */
  created: T | null;
  onCreated: (created: T) => void;
  /** Leaves the form (Escape, and a Cancel button). */
  onCancel?: () => void;
  cancelLabel?: string;
  /** After a send, nothing can change (e.g. the draft waits in the outbox to be sent). */
  locked?: boolean;
  /** Why creating is not possible here (e.g. this key may not create these): the button is disabled with it. */
  blockedReason?: string | null;
  /** Say `blockedReason` under the button too; false when the screen already says it (said once). */
  sayBlocked?: boolean;
  /** Tells the feature every problem is to be shown (fields that track their own "touched"). */
  onRevealProblems?: () => void;
  /** One line under the fields: what happens next, what is set up later. */
  note?: ReactNode;
  submitTestId?: string;
  className?: string;
  children: ReactNode | ((fields: CreateFormFields) => ReactNode);
}

export function CreateForm<T>(props: CreateFormProps<T>) {
  const { problems, pending, locked = false, created, onCreated } = props;
  const [revealed, setRevealed] = useState(false);
  const [touched, setTouched] = useState<Record<string, true>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const hasProblems = Object.keys(problems).length > 0;

  useOnce(created, onCreated);
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const submit = () => {
    if (pending || locked || props.blockedReason) return;
    if (hasProblems) {
      setRevealed(true);
      props.onRevealProblems?.();
      setFocusRequest((n) => n + 1);
      return;
    }
    props.onSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && props.onCancel && !pending) {
      event.preventDefault();
      props.onCancel();
    }
  };

  const touch = useCallback((name: string) => setTouched((t) => (t[name] ? t : { ...t, [name]: true })), []);
  const errorFor = (name: string) =>
    ((revealed || touched[name]) && problems[name]) || props.serverProblems?.[name] || null;
  const fields = typeof props.children === 'function' ? props.children({ errorFor, touch, pending }) : props.children;

  return (
    <form
      ref={formRef}
      className={props.className ?? 'editor-form editor-form--narrow'}
      aria-label={props.label}
      aria-busy={pending || undefined}
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      {fields}
      {props.note && <p className="muted form-note">{props.note}</p>}
      <CreateActions {...props} revealed={revealed} hasProblems={hasProblems} />
    </form>
  );
}

function CreateActions<T>(props: CreateFormProps<T> & { revealed: boolean; hasProblems: boolean }) {
  const { pending, locked } = props;
  return (
    <>
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={pending || locked || Boolean(props.blockedReason)}
          title={props.blockedReason ?? undefined}
          data-testid={props.submitTestId}
        >
          {pending
            ? (props.pendingLabel ?? t({ id: 'components.createForm.creating', defaultMessage: 'Creating…' }))
            : props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="button button--ghost" onClick={props.onCancel} disabled={pending}>
            {props.cancelLabel ?? t({ id: 'components.createForm.cancel', defaultMessage: 'Cancel' })}
          </button>
        )}
        {props.hasProblems && props.revealed && (
          <span className="text-danger">
            {t({ id: 'components.createForm.fixTheMarkedFieldsFirst', defaultMessage: 'Fix the marked fields first.' })}
          </span>
        )}
      </div>
      {props.blockedReason && props.sayBlocked !== false && (
        <p className="muted form-note" data-testid="write-refused">
          {props.blockedReason}
        </p>
      )}
      {props.serverError && (
        <p className="inline-alert" role="alert" data-testid="submit-error">
          {props.serverError}
        </p>
      )}
    </>
  );
}

/** Runs `effect` once for each new non-null `value` (a created thing is opened once, not per render). */
function useOnce<T>(value: T | null, effect: (value: T) => void): void {
  const done = useRef<T | null>(null);
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (value === null || done.current === value) return;
    done.current = value;
    latest.current(value);
  }, [value]);
}

export interface CreateRequest<T> {
  pending: boolean;
  serverError: string | null;
  /** The server's field problems from the last refusal (`details.fields`), by field name. */
  serverProblems: Record<string, string>;
  created: T | null;
  send: () => void;
}

/**
 * For a create that is one request (not a draft): its pending state, its refusal in plain words
 * and what it made, ready to hand to `CreateForm`.
 */
export function useCreateRequest<T>(
  request: () => Promise<T>,
  options: { subject?: ErrorSubject; fieldProblems?: (error: unknown) => Record<string, string> } = {},
): CreateRequest<T> {
  const [state, setState] = useState<Omit<CreateRequest<T>, 'send'>>({
    pending: false,
    serverError: null,
    serverProblems: {},
    created: null,
  });
  const latest = useRef({ request, options });
  useEffect(() => {
    latest.current = { request, options };
  });
  const send = useCallback(() => {
    setState((s) => ({ ...s, pending: true, serverError: null, serverProblems: {} }));
    const { request: run, options: opts } = latest.current;
    run().then(
      (created) => setState({ pending: false, serverError: null, serverProblems: {}, created }),
      (error: unknown) =>
        setState({
          pending: false,
          serverError: describeError(error, opts.subject ? { subject: opts.subject } : {}),
          serverProblems: (opts.fieldProblems ?? fieldErrorsOf)(error),
          created: null,
        }),
    );
  }, []);
  return { ...state, send };
}
