/**
 * Renderer. Add or edit a workspace, and replace a key. The key field is an uncontrolled
 * password input: its value is read once on save, handed to main, and the field is cleared —
 * it never sits in React state, a store, or a DOM attribute.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Profile } from '../../../../src-shared/index.ts';
import { KEY_MODES, ProfileDraftSchema } from '../../lib/contract-values.ts';
import { SelectField, TextField } from '../../components/Field.tsx';
import { Modal } from '../../components/Modal.tsx';
import { describeError, errorCode, errorParts, fieldErrorsOf } from '../../lib/errors.ts';
import { useWorkspaces, type Verification } from './store.ts';

const ENVIRONMENT_OPTIONS = [
  { value: 'production', label: 'Production' },
  { value: 'staging', label: 'Staging' },
  { value: 'custom', label: 'Custom server' },
];

const MODE_TEXT: Record<(typeof KEY_MODES)[number], { label: string; hint: string }> = {
  tenant: { label: 'Tenant key', hint: 'Your organisation’s learning workspace: courses, assessments, assignments.' },
  'service-provider': {
    label: 'Service-provider key',
    hint: 'Admin training content; assessments and assignments are not available.',
  },
};

type Errors = Record<string, string>;

/** Main's workspace errors name the field they are about; put them there. */
function keyError(error: unknown): Errors {
  const code = errorCode(error);
  const { message, details } = errorParts(error);
  switch (code) {
    case 'KEY_REJECTED':
    case 'Unauthorized':
      return { apiKey: 'The server did not accept this key. Check it and try again.' };
    case 'KEY_REQUIRED':
      return { apiKey: 'Enter the API key for the new address.' };
    case 'SERVER_UNREACHABLE':
      return { baseUrl: 'Nothing answered at this address.' };
    case 'PROFILE_NAME_TAKEN':
      return { name: message };
    case 'INVALID_PROFILE': {
      const field = (details as { field?: unknown } | undefined)?.field;
      return typeof field === 'string' ? { [field]: message } : {};
    }
    default:
      return {};
  }
}

export interface ProfileDialogProps {
  open: boolean;
  /** Absent: add a new workspace. */
  profile?: Profile;
  onClose: () => void;
  onSaved: (verification: Verification | null, profile: Profile) => void;
}

export function ProfileDialog({ open, profile, onClose, onSaved }: ProfileDialogProps) {
  return (
    <Modal
      open={open}
      title={profile ? `Edit “${profile.name}”` : 'Add a workspace'}
      onClose={onClose}
      description={
        profile ? undefined : 'Lectern checks the key with the server before saving it in your system keychain.'
      }
      testId="profile-dialog"
    >
      <ProfileForm profile={profile} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function ProfileForm({ profile, onClose, onSaved }: Omit<ProfileDialogProps, 'open'>) {
  const [name, setName] = useState(profile?.name ?? '');
  const [environment, setEnvironment] = useState<string>(
    profile && profile.environment !== 'sandbox' ? profile.environment : 'production',
  );
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [keyMode, setKeyMode] = useState<Profile['keyMode']>(profile?.keyMode ?? 'tenant');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const keyRef = useRef<HTMLInputElement>(null);
  const modeName = useId();
  const keyId = useId();
  const keyHintId = useId();
  const keyErrorId = useId();

  // A key is only ever sent to the address it was checked against: moving needs the new one's key.
  const moved = profile !== undefined && profile.hasKey && baseUrl.trim().replace(/\/+$/, '') !== profile.baseUrl;
  const askKey = !profile || moved;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const apiKey = keyRef.current?.value ?? '';
    const candidate = { name, environment, baseUrl, keyMode, apiKey: askKey ? apiKey : 'x'.repeat(8) };
    const parsed = ProfileDraftSchema.safeParse(candidate);
    if (moved && apiKey.trim() === '') {
      setErrors({ apiKey: 'Enter the API key for the new address.' });
      return;
    }
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    const store = useWorkspaces.getState();
    const work: Promise<{ verification: Verification | null; profile: Profile }> = profile
      ? store
          .update({
            id: profile.id,
            name: parsed.data.name,
            environment: parsed.data.environment,
            baseUrl: parsed.data.baseUrl,
            keyMode: parsed.data.keyMode,
            ...(moved ? { apiKey: parsed.data.apiKey } : {}),
          })
          .then((updated) => ({ verification: null, profile: updated }))
      : store.add(parsed.data).then((verification) => ({ verification, profile: verification.profile }));
    work.then(
      (result) => {
        if (keyRef.current) keyRef.current.value = '';
        setSaving(false);
        onSaved(result.verification, result.profile);
      },
      (error: unknown) => {
        setSaving(false);
        setErrors({ ...fieldErrorsOf(error), ...keyError(error) });
        setFormError(describeError(error));
      },
    );
  };

  return (
    <form className="modal-form" onSubmit={submit} noValidate data-testid="profile-form">
      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={setName}
        error={errors['name']}
        hint="Shown in the workspace switcher."
      />
      <SelectField
        label="Environment"
        name="environment"
        value={environment}
        onChange={setEnvironment}
        options={ENVIRONMENT_OPTIONS}
        error={errors['environment']}
      />
      <TextField
        label="Server address"
        name="baseUrl"
        type="url"
        value={baseUrl}
        onChange={setBaseUrl}
        error={errors['baseUrl']}
        placeholder="https://api.example.com"
      />
      <fieldset className="field radio-group">
        <legend className="field-label">Key type</legend>
        {KEY_MODES.map((mode) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name={modeName}
              value={mode}
              checked={keyMode === mode}
              onChange={() => setKeyMode(mode)}
            />
            <span>
              <strong>{MODE_TEXT[mode].label}</strong>
              <span className="muted"> — {MODE_TEXT[mode].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {askKey && (
        <div className={`field${errors['apiKey'] ? ' field--invalid' : ''}`} data-field="apiKey">
          <label htmlFor={keyId} className="field-label">
            {moved ? 'API key for the new address' : 'API key'}
          </label>
          <input
            id={keyId}
            ref={keyRef}
            className="input"
            name="apiKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors['apiKey'] ? true : undefined}
            aria-describedby={[keyHintId, errors['apiKey'] ? keyErrorId : ''].filter(Boolean).join(' ')}
            data-testid="api-key-input"
          />
          <p id={keyHintId} className="field-hint">
            {moved
              ? 'A saved key is only ever sent to the address it was checked against. Lectern checks this key with the new address and replaces the old one.'
              : 'Stored only in your system keychain. Lectern shows at most its last four characters.'}
          </p>
          {errors['apiKey'] && (
            <p id={keyErrorId} className="field-error">
              {errors['apiKey']}
            </p>
          )}
        </div>
      )}
      {formError && (
        <p className="form-error" role="alert" data-testid="profile-form-error">
          {formError}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? (askKey ? 'Checking the key…' : 'Saving…') : profile ? 'Save' : 'Add workspace'}
        </button>
      </div>
    </form>
  );
}

export function KeyDialog({
  open,
  profile,
  onClose,
  onSaved,
}: {
  open: boolean;
  profile: Profile;
  onClose: () => void;
  onSaved: (v: Verification) => void;
}) {
  const keyRef = useRef<HTMLInputElement>(null);
  const keyId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const apiKey = keyRef.current?.value.trim() ?? '';
    if (apiKey.length < 8) {
      setError('That is too short to be an API key.');
      return;
    }
    setSaving(true);
    setError(null);
    useWorkspaces
      .getState()
      .setKey(profile.id, apiKey)
      .then(
        (verification) => {
          if (keyRef.current) keyRef.current.value = '';
          setSaving(false);
          onSaved(verification);
        },
        (e: unknown) => {
          setSaving(false);
          setError(keyError(e)['apiKey'] ?? describeError(e));
        },
      );
  };

  return (
    <Modal
      open={open}
      title={`Replace the key of “${profile.name}”`}
      onClose={onClose}
      size="small"
      testId="key-dialog"
    >
      <form className="modal-form" onSubmit={submit} noValidate>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={keyId} className="field-label">
            New API key
          </label>
          <input
            id={keyId}
            ref={keyRef}
            className="input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-autofocus
            data-testid="replace-key-input"
          />
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Checking the key…' : 'Replace key'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
