/**
 * Main process / plain Node. Typed errors of the workspace service. Each has an UPPER_SNAKE `code`,
 * a plain message and plain `details`, so the IPC dispatch can pass it on as `{code, message,
 * details}`. None of them ever carries a key. The message is said in the app's language when the
 * error is made (main's t(); the CLI's stay English).
 */

import { connectionSentence } from '../../src-shared/connection-words.ts';
import { defineMessages } from '../../src-shared/messages.ts';
import { t } from '../i18n/index.ts';

type Details = Record<string, string | number | boolean | null>;

abstract class WorkspaceError extends Error {
  abstract readonly code: string;
  readonly details: Details;
  constructor(message: string, details: Details = {}) {
    super(message);
    this.details = details;
  }
}

/** The server answered 401: the key is wrong, revoked, or for another server. */
export class KeyRejected extends WorkspaceError {
  readonly code = 'KEY_REJECTED';
  override name = 'KeyRejected';
  constructor(baseUrl: string, saved: boolean) {
    super(
      t(
        {
          id: 'workspaces.errors.keyRejected',
          defaultMessage:
            'Key not accepted: {baseUrl} answered 401 (missing or invalid API key). Check that you copied the whole key and that it belongs to this server.{saved, select, yes {} other { The key was not saved.}}',
        },
        { baseUrl, saved: saved ? 'yes' : 'no' },
      ),
      { baseUrl },
    );
  }
}

/**
 * No HTTP answer at all (connection refused, DNS, TLS, timeout). The message is the decoded
 * sentence (`connectionSentence`); the raw code and the client's own text stay in `details`, which
 * the app shows behind "Details" — so a certificate problem never reads as "nothing answered".
 */
export class Unreachable extends WorkspaceError {
  readonly code = 'SERVER_UNREACHABLE';
  override name = 'Unreachable';
  constructor(baseUrl: string, failure: { systemCode: string | null; technical: string }, saved: boolean) {
    super(
      t(
        {
          id: 'workspaces.errors.unreachable',
          defaultMessage:
            '{sentence} ({baseUrl}){saved, select, yes {} other { The key was not saved, because it could not be checked.}}',
        },
        { sentence: connectionSentence(failure.systemCode, t), baseUrl, saved: saved ? 'yes' : 'no' },
      ),
      { baseUrl, systemCode: failure.systemCode, technical: failure.technical },
    );
  }
}

/** How the server answered when that answer does not let us accept the key. */
export type VerificationProblem =
  /** 404, a missing operation or an answer of the wrong shape: not the Learning Content API here. */
  | { kind: 'not-the-api' }
  /** Any other refusal; `technical` is the API client's own (English) words, for "Details". */
  | { kind: 'answered'; status: number | null; technical: string };

/** The server answered, but not in a way that lets us accept the key (404, 5xx, wrong kind of server…). */
export class VerificationFailed extends WorkspaceError {
  readonly code = 'KEY_NOT_VERIFIED';
  override name = 'VerificationFailed';
  constructor(baseUrl: string, problem: VerificationProblem, saved: boolean) {
    const said = { baseUrl, saved: saved ? 'yes' : 'no' };
    super(
      problem.kind === 'not-the-api'
        ? t(
            {
              id: 'workspaces.errors.notTheApi',
              defaultMessage:
                'Lectern could not verify the key against {baseUrl}: it does not answer like the Learning Content API. Check the base URL (the server root, without /v1/…).{saved, select, yes {} other { The key was not saved.}}',
            },
            said,
          )
        : t(
            {
              id: 'workspaces.errors.answeredOtherwise',
              defaultMessage:
                'Lectern could not verify the key against {baseUrl}: the server answered {status, select, none {without a status} other {with HTTP {status}}}.{saved, select, yes {} other { The key was not saved.}}',
            },
            { ...said, status: problem.status === null ? 'none' : String(problem.status) },
          ),
      problem.kind === 'not-the-api' ? { baseUrl } : { baseUrl, status: problem.status, technical: problem.technical },
    );
  }
}

/**
 * No workspace has this id: it was never there (or is gone), or it was removed while its new key
 * was being verified.
 */
export class ProfileNotFound extends WorkspaceError {
  readonly code = 'PROFILE_NOT_FOUND';
  override name = 'ProfileNotFound';
  constructor(profileId: string, when: 'looked-up' | 'removed-while-verifying' = 'looked-up') {
    super(
      when === 'looked-up'
        ? t(
            { id: 'workspaces.errors.notFound', defaultMessage: 'There is no workspace with the id “{profileId}”.' },
            { profileId },
          )
        : t({
            id: 'workspaces.errors.removedWhileVerifying',
            defaultMessage: 'The workspace was removed while its key was being verified; the key was not saved.',
          }),
      { profile: profileId },
    );
  }
}

export class ProfileNameTaken extends WorkspaceError {
  readonly code = 'PROFILE_NAME_TAKEN';
  override name = 'ProfileNameTaken';
  constructor(name: string) {
    super(
      t(
        {
          id: 'workspaces.errors.nameTaken',
          defaultMessage: 'A workspace named “{name}” already exists. Choose another name.',
        },
        { name },
      ),
      { name },
    );
  }
}

export class InvalidProfile extends WorkspaceError {
  readonly code = 'INVALID_PROFILE';
  override name = 'InvalidProfile';
  constructor(field: string, problem: string) {
    super(problem, { field });
  }
}

/** Removing a workspace deletes its key and local data; the caller must say so explicitly. */
export class ConfirmationRequired extends WorkspaceError {
  readonly code = 'CONFIRMATION_REQUIRED';
  override name = 'ConfirmationRequired';
  constructor(name: string) {
    super(
      t(
        {
          id: 'workspaces.errors.confirmRemove',
          defaultMessage:
            'Removing the workspace “{name}” deletes its API key and its local data (cache, drafts, uploads). Confirm to go ahead.',
        },
        { name },
      ),
      { name },
    );
  }
}

export class NoKey extends WorkspaceError {
  readonly code = 'NO_KEY';
  override name = 'NoKey';
  constructor(name: string, missingFromKeychain = false) {
    super(
      missingFromKeychain
        ? t(
            {
              id: 'workspaces.errors.keyMissingFromKeychain',
              defaultMessage:
                'The API key of the workspace “{name}” is not in your system keychain any more: the keychain may be locked (unlock it), or the key was deleted there (enter it again in the workspace settings).',
            },
            { name },
          )
        : t(
            {
              id: 'workspaces.errors.noKeyYet',
              defaultMessage: 'The workspace “{name}” has no API key yet. Add one in its settings.',
            },
            { name },
          ),
      { name, missingFromKeychain },
    );
  }
}

/**
 * A workspace with a key moves to another address: its key is never sent there, so a key for the
 * new address must be entered (and verified) in the same step.
 */
export class KeyRequired extends WorkspaceError {
  readonly code = 'KEY_REQUIRED';
  override name = 'KeyRequired';
  constructor(name: string, baseUrl: string) {
    super(
      t(
        {
          id: 'workspaces.errors.keyRequired',
          defaultMessage:
            'Enter the API key for {baseUrl}. The saved key of “{name}” was verified for its old address and is never sent to another one; it is replaced by the key you enter.',
        },
        { baseUrl, name },
      ),
      { field: 'apiKey', name, baseUrl },
    );
  }
}

/** What was asked of the built-in Sandbox workspace that only Lectern may do. */
export type SandboxChange = 'move' | 'remove' | 'replace-key';

const SANDBOX_FIXED = defineMessages({
  move: {
    id: 'workspaces.errors.sandboxMove',
    defaultMessage:
      'The built-in Sandbox workspace is managed by Lectern: it can be renamed, but not moved to another server or given another key or key mode.',
  },
  remove: {
    id: 'workspaces.errors.sandboxRemove',
    defaultMessage: 'The built-in Sandbox workspace is managed by Lectern and cannot be removed.',
  },
  'replace-key': {
    id: 'workspaces.errors.sandboxReplaceKey',
    defaultMessage: 'The built-in Sandbox workspace is managed by Lectern and cannot be given another key.',
  },
});

/** The built-in Sandbox is managed by the app: it can be renamed, nothing else. */
export class SandboxProfileFixed extends WorkspaceError {
  readonly code = 'SANDBOX_PROFILE_FIXED';
  override name = 'SandboxProfileFixed';
  constructor(change: SandboxChange) {
    super(t(SANDBOX_FIXED[change]), { action: change });
  }
}
