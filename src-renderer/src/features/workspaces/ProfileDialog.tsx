/**
 * Renderer. Add or edit a workspace, and replace a key. The key field is an uncontrolled
 * password input: its value is read once on save, handed to main, and the field is cleared —
 * it never sits in React state, a store, or a DOM attribute. What the dialogs do lives in
 * `profile-form.ts`; this file is how they look.
 */
import { useId, type ReactNode, type RefObject } from 'react';
import type { Profile } from '../../../../src-shared/index.ts';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { SelectField, TextField } from '../../components/Field.tsx';
import { Modal } from '../../components/Modal.tsx';
import { KEY_MODES } from '../../lib/contract-values.ts';
import { useKeyReplace, useProfileForm, type Failure } from './profile-form.ts';
import type { Verification } from './store.ts';
import { t } from '../../lib/i18n.ts';

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
      title={
        profile
          ? t({ id: 'workspaces.profileDialog.edit', defaultMessage: 'Edit “{name}”' }, { name: profile.name })
          : t({ id: 'workspaces.profileDialog.addAWorkspace', defaultMessage: 'Add a workspace' })
      }
      onClose={onClose}
      description={
        profile
          ? undefined
          : t({
              id: 'workspaces.profileDialog.lecternChecksTheKeyWith',
              defaultMessage: 'Lectern checks the key with the server before saving it in your system keychain.',
            })
      }
      testId="profile-dialog"
    >
      <ProfileForm profile={profile} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function ProfileForm({ profile, onClose, onSaved }: Omit<ProfileDialogProps, 'open'>) {
  const form = useProfileForm(profile, onSaved);
  const { fields: f, errors } = form;
  const busyLabel = form.askKey ? 'Checking the key…' : 'Saving…';
  return (
    <form className="modal-form" onSubmit={form.submit} noValidate data-testid="profile-form">
      <TextField
        label={t({ id: 'workspaces.profileDialog.name', defaultMessage: 'Name' })}
        name="name"
        value={f.name}
        onChange={f.setName}
        error={errors['name']}
        hint={t({
          id: 'workspaces.profileDialog.shownInTheWorkspaceSwitcher',
          defaultMessage: 'Shown in the workspace switcher.',
        })}
      />
      <SelectField
        label={t({ id: 'workspaces.profileDialog.environment', defaultMessage: 'Environment' })}
        name="environment"
        value={f.environment}
        onChange={f.setEnvironment}
        options={ENVIRONMENT_OPTIONS}
        error={errors['environment']}
      />
      <TextField
        label={t({ id: 'workspaces.profileDialog.serverAddress', defaultMessage: 'Server address' })}
        name="baseUrl"
        type="url"
        value={f.baseUrl}
        onChange={f.setBaseUrl}
        error={errors['baseUrl']}
        placeholder="https://api.example.com"
      />
      <KeyModeField value={f.keyMode} onChange={f.setKeyMode} />
      {form.askKey && <ApiKeyField keyRef={form.keyRef} moved={form.moved} error={errors['apiKey']} />}
      <FailureLine failure={form.failure} testId="profile-form-error" />
      <DialogActions onCancel={onClose}>
        <button type="submit" className="button button--primary" disabled={form.saving}>
          {form.saving
            ? busyLabel
            : profile
              ? t({ id: 'workspaces.profileDialog.save', defaultMessage: 'Save' })
              : t({ id: 'workspaces.profileDialog.addWorkspace', defaultMessage: 'Add workspace' })}
        </button>
      </DialogActions>
    </form>
  );
}

function KeyModeField({
  value,
  onChange,
}: {
  value: Profile['keyMode'];
  onChange: (mode: Profile['keyMode']) => void;
}) {
  const modeName = useId();
  return (
    <fieldset className="field radio-group">
      <legend className="field-label">
        {t({ id: 'workspaces.profileDialog.keyType', defaultMessage: 'Key type' })}
      </legend>
      {KEY_MODES.map((mode) => (
        <label key={mode} className="radio">
          <input type="radio" name={modeName} value={mode} checked={value === mode} onChange={() => onChange(mode)} />
          <span>
            <strong>{MODE_TEXT[mode].label}</strong>
            <span className="muted"> — {MODE_TEXT[mode].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function ApiKeyField(props: { keyRef: RefObject<HTMLInputElement | null>; moved: boolean; error?: string }) {
  const { keyRef, moved, error } = props;
  const keyId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`} data-field="apiKey">
      <label htmlFor={keyId} className="field-label">
        {moved
          ? t({ id: 'workspaces.profileDialog.apiKeyForTheNew', defaultMessage: 'API key for the new address' })
          : t({ id: 'workspaces.profileDialog.apiKey', defaultMessage: 'API key' })}
      </label>
      <input
        id={keyId}
        ref={keyRef}
        className="input"
        name="apiKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        data-testid="api-key-input"
      />
      <p id={hintId} className="field-hint">
        {moved
          ? t({
              id: 'workspaces.profileDialog.aSavedKeyIsOnly',
              defaultMessage:
                'A saved key is only ever sent to the address it was checked against. Lectern checks this key with the new address and replaces the old one.',
            })
          : t({
              id: 'workspaces.profileDialog.storedOnlyInYourSystem',
              defaultMessage: 'Stored only in your system keychain. Lectern shows at most its last four characters.',
            })}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level failure (said once: a field's own error is not repeated here) and its Details. */
function FailureLine({ failure, testId }: { failure: Failure; testId: string }) {
  if (!failure.message && !failure.detail) return null;
  return (
    <div className="form-failure">
      {failure.message && (
        <p className="form-error" role="alert" data-testid={testId}>
          {failure.message}
        </p>
      )}
      <ErrorDetails detail={failure.detail} />
    </div>
  );
}

/** Cancel and the primary action; they stay in view while the dialog's body scrolls (words.css). */
function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="modal-actions">
      <button type="button" className="button" onClick={onCancel}>
        {t({ id: 'workspaces.profileDialog.cancel', defaultMessage: 'Cancel' })}
      </button>
      {children}
    </div>
  );
}

export function KeyDialog(props: {
  open: boolean;
  profile: Profile;
  onClose: () => void;
  onSaved: (v: Verification) => void;
}) {
  const { open, profile, onClose, onSaved } = props;
  const { keyRef, failure, saving, submit } = useKeyReplace(profile, onSaved);
  const keyId = useId();
  const errorId = useId();
  const error = failure.message;
  return (
    <Modal
      open={open}
      title={t(
        { id: 'workspaces.profileDialog.replaceTheKeyOf', defaultMessage: 'Replace the key of “{name}”' },
        { name: profile.name },
      )}
      onClose={onClose}
      size="small"
      testId="key-dialog"
    >
      <form className="modal-form" onSubmit={submit} noValidate>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={keyId} className="field-label">
            {t({ id: 'workspaces.profileDialog.newApiKey', defaultMessage: 'New API key' })}
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
          <ErrorDetails detail={failure.detail} />
        </div>
        <DialogActions onCancel={onClose}>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving
              ? t({ id: 'workspaces.profileDialog.checkingTheKey', defaultMessage: 'Checking the key…' })
              : t({ id: 'workspaces.profileDialog.replaceKey', defaultMessage: 'Replace key' })}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}
