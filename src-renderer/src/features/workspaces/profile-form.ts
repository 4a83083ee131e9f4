/**
 * Renderer. What the workspace dialogs do, apart from how they look: the add/edit form's state and
 * its save, the key replacement, and where main's workspace errors go. An error about one field is
 * said at that field only; the form-level line holds only what no field shows (said once).
 */
import { useRef, useState, type FormEvent } from 'react';
import type { Profile } from '../../../../src-shared/index.ts';
import { ProfileDraftSchema } from '../../lib/contract-values.ts';
import { describeError, errorCode, errorDetail, errorParts, fieldErrorsOf } from '../../lib/errors.ts';
import { useWorkspaces, type Verification } from './store.ts';
import { t } from '../../lib/i18n.ts';

export type Errors = Record<string, string>;

/** A failure in words, with its technical side for "Details". */
export interface Failure {
  message: string | null;
  detail: string | null;
}

const NO_FAILURE: Failure = { message: null, detail: null };

/** Main's workspace errors name the field they are about; put them there, in main's words. */
export function keyError(error: unknown): Errors {
  const code = errorCode(error);
  const { message, details } = errorParts(error);
  switch (code) {
    case 'KEY_REJECTED':
    case 'Unauthorized':
      return { apiKey: 'The server did not accept this key. Check it and try again.' };
    case 'KEY_REQUIRED':
      return { apiKey: 'Enter the API key for the new address.' };
    case 'SERVER_UNREACHABLE':
    case 'Network':
    case 'Timeout':
      // The decoded sentence (a certificate for another address, refused, not found…).
      return { baseUrl: code === 'SERVER_UNREACHABLE' ? message : describeError(error) };
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

/** Field errors and the form-level failure of one rejected save, each said once. */
export function splitFailure(error: unknown): { errors: Errors; failure: Failure } {
  const errors = { ...fieldErrorsOf(error), ...keyError(error) };
  const onAField = Object.keys(errors).length > 0;
  return { errors, failure: { message: onAField ? null : describeError(error), detail: errorDetail(error) } };
}

export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const next: Errors = {};
  for (const issue of issues) next[String(issue.path[0])] ??= issue.message;
  return next;
}

type Saved = (verification: Verification | null, profile: Profile) => void;

export function useProfileForm(profile: Profile | undefined, onSaved: Saved) {
  const [name, setName] = useState(profile?.name ?? '');
  const [environment, setEnvironment] = useState<string>(
    profile && profile.environment !== 'sandbox' ? profile.environment : 'production',
  );
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [keyMode, setKeyMode] = useState<Profile['keyMode']>(profile?.keyMode ?? 'tenant');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const [saving, setSaving] = useState(false);
  const keyRef = useRef<HTMLInputElement>(null);

  // A key is only ever sent to the address it was checked against: moving needs the new one's key.
  const moved = profile !== undefined && profile.hasKey && baseUrl.trim().replace(/\/+$/, '') !== profile.baseUrl;
  const askKey = !profile || moved;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const apiKey = keyRef.current?.value ?? '';
    const parsed = ProfileDraftSchema.safeParse({
      name,
      environment,
      baseUrl,
      keyMode,
      apiKey: askKey ? apiKey : 'x'.repeat(8),
    });
    if (moved && apiKey.trim() === '') return setErrors({ apiKey: 'Enter the API key for the new address.' });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    setFailure(NO_FAILURE);
    setSaving(true);
    const store = useWorkspaces.getState();
    const { apiKey: checkedKey, ...rest } = parsed.data;
    const work: Promise<{ verification: Verification | null; profile: Profile }> = profile
      ? store
          .update({ id: profile.id, ...rest, ...(moved ? { apiKey: checkedKey } : {}) })
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
        const split = splitFailure(error);
        setErrors(split.errors);
        setFailure(split.failure);
      },
    );
  };

  const fields = { name, setName, environment, setEnvironment, baseUrl, setBaseUrl, keyMode, setKeyMode };
  return { fields, errors, failure, saving, keyRef, moved, askKey, submit };
}

export function useKeyReplace(profile: Profile, onSaved: (v: Verification) => void) {
  const keyRef = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const [saving, setSaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const apiKey = keyRef.current?.value.trim() ?? '';
    if (apiKey.length < 8)
      return setFailure({
        message: t({
          id: 'workspaces.profileform.thatIsTooShortTo',
          defaultMessage: 'That is too short to be an API key.',
        }),
        detail: null,
      });
    setSaving(true);
    setFailure(NO_FAILURE);
    useWorkspaces
      .getState()
      .setKey(profile.id, apiKey)
      .then(
        (verification) => {
          if (keyRef.current) keyRef.current.value = '';
          setSaving(false);
          onSaved(verification);
        },
        (error: unknown) => {
          setSaving(false);
          const onField = keyError(error);
          setFailure({
            message: onField['apiKey'] ?? onField['baseUrl'] ?? describeError(error),
            detail: errorDetail(error),
          });
        },
      );
  };
  return { keyRef, failure, saving, submit };
}
