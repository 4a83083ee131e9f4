/**
 * Main process / plain Node. Typed keychain errors. Their messages say in plain words what to
 * install or unlock; they never contain a key (keytar's own messages never do either, and we only
 * keep those in `details.system` for the log). They are said in the app's language when the error is
 * made (main's t(); the CLI's stay English).
 */
import { defineMessages, type MessageDescriptor } from '../../src-shared/messages.ts';
import { t } from '../i18n/index.ts';

export type KeychainOperation = 'get' | 'set' | 'delete';

export type UnavailableReason =
  /** No D-Bus session bus, or nothing provides org.freedesktop.secrets on it. */
  | 'no-secret-service'
  /** A Secret Service is running but its default collection is locked (or missing) and no prompt can be shown. */
  | 'locked'
  /** keytar's native addon (or libsecret under it) could not be loaded. */
  | 'library-missing'
  /** Anything else the keychain refused. */
  | 'failed';

interface ErrorDetails {
  operation: KeychainOperation;
  [key: string]: string | number | boolean | null;
}

const messages = defineMessages({
  intro: { id: 'keychain.errors.intro', defaultMessage: 'Lectern keeps API keys in your system keychain.' },
  notSaved: { id: 'keychain.errors.notSaved', defaultMessage: 'The key was not saved.' },
  mayNotBeSaved: { id: 'keychain.errors.mayNotBeSaved', defaultMessage: 'The key may not have been saved; try again.' },
  notRemoved: { id: 'keychain.errors.notRemoved', defaultMessage: 'The key was not removed from the keychain.' },
  notRead: { id: 'keychain.errors.notRead', defaultMessage: 'The key could not be read.' },
  macLocked: {
    id: 'keychain.errors.macLocked',
    defaultMessage: 'Your login keychain is locked: unlock it in Keychain Access, then try again.',
  },
  macFailed: {
    id: 'keychain.errors.macFailed',
    defaultMessage:
      'The macOS keychain could not be used: open Keychain Access, check that your login keychain exists and is unlocked, then try again.',
  },
  windowsFailed: {
    id: 'keychain.errors.windowsFailed',
    defaultMessage:
      'Windows Credential Manager could not be used: check that the Credential Manager service is running, then try again.',
  },
  linuxNoSecretService: {
    id: 'keychain.errors.linuxNoSecretService',
    defaultMessage:
      'No Secret Service is running: install and unlock GNOME Keyring or KWallet (e.g. `sudo apt install gnome-keyring`), then try again.',
  },
  linuxLocked: {
    id: 'keychain.errors.linuxLocked',
    defaultMessage:
      'Your keyring is locked (or has no default keyring) and Lectern cannot show an unlock prompt here: unlock it, for example in "Passwords and Keys" (Seahorse) or by logging in to the desktop again, then try again.',
  },
  linuxLibraryMissing: {
    id: 'keychain.errors.linuxLibraryMissing',
    defaultMessage:
      'The keychain library could not be loaded: install libsecret and a Secret Service (e.g. `sudo apt install libsecret-1-0 gnome-keyring`), then try again.',
  },
  linuxFailed: {
    id: 'keychain.errors.linuxFailed',
    defaultMessage:
      'The keychain refused the request: check that GNOME Keyring or KWallet is running and unlocked, then try again.',
  },
  timeout: {
    id: 'keychain.errors.timeout',
    defaultMessage:
      'Your system keychain did not answer within {seconds, number} s (the keyring daemon may be hung or waiting for an unlock prompt). Unlock or restart it (GNOME Keyring or KWallet), then try again.',
  },
  stillWaiting: {
    id: 'keychain.errors.stillWaiting',
    defaultMessage:
      'Your system keychain has still not answered an earlier request (the keyring daemon may be hung or waiting for an unlock prompt). Unlock or restart it (GNOME Keyring or KWallet), then try again.',
  },
});

/** What happened to the key, appended to every message so the user knows where they stand. */
function outcome(operation: KeychainOperation, timedOut = false): string {
  if (operation === 'set') return t(timedOut ? messages.mayNotBeSaved : messages.notSaved);
  if (operation === 'delete') return t(messages.notRemoved);
  return t(messages.notRead);
}

function remedy(reason: UnavailableReason, platform: NodeJS.Platform): MessageDescriptor {
  if (platform === 'darwin') return reason === 'locked' ? messages.macLocked : messages.macFailed;
  if (platform === 'win32') return messages.windowsFailed;
  switch (reason) {
    case 'no-secret-service':
      return messages.linuxNoSecretService;
    case 'locked':
      return messages.linuxLocked;
    case 'library-missing':
      return messages.linuxLibraryMissing;
    case 'failed':
      return messages.linuxFailed;
  }
}

export class KeychainUnavailable extends Error {
  readonly code = 'KEYCHAIN_UNAVAILABLE';
  readonly reason: UnavailableReason;
  readonly operation: KeychainOperation;
  readonly details: ErrorDetails;
  constructor(
    reason: UnavailableReason,
    operation: KeychainOperation,
    systemMessage: string | null,
    platform: NodeJS.Platform = process.platform,
  ) {
    super(`${t(messages.intro)} ${t(remedy(reason, platform))} ${outcome(operation)}`);
    this.name = 'KeychainUnavailable';
    this.reason = reason;
    this.operation = operation;
    this.details = { operation, reason, system: systemMessage };
  }
}

export class KeychainTimeout extends Error {
  readonly code = 'KEYCHAIN_TIMEOUT';
  readonly operation: KeychainOperation;
  readonly timeoutMs: number;
  readonly details: ErrorDetails;
  constructor(operation: KeychainOperation, timeoutMs: number, stillWaitingOnEarlierCall = false) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    const delay = stillWaitingOnEarlierCall ? t(messages.stillWaiting) : t(messages.timeout, { seconds });
    super(`${delay} ${outcome(operation, true)}`);
    this.name = 'KeychainTimeout';
    this.operation = operation;
    this.timeoutMs = timeoutMs;
    this.details = { operation, timeoutMs, stillWaitingOnEarlierCall };
  }
}

export type KeychainError = KeychainUnavailable | KeychainTimeout;

export function isKeychainError(error: unknown): error is KeychainError {
  return error instanceof KeychainUnavailable || error instanceof KeychainTimeout;
}

/** Maps a libsecret / macOS / Windows message from keytar to a reason. */
export function reasonFromSystemMessage(message: string): UnavailableReason {
  if (
    /autolaunch D-Bus|Could not connect|DBUS_SESSION_BUS_ADDRESS|not provided by any \.service files|ServiceUnknown|NameHasNoOwner|Error spawning command line|Connection refused|Connection reset|Connection closed|Underlying GIOStream returned 0 bytes/i.test(
      message,
    )
  ) {
    return 'no-secret-service';
  }
  // "Cannot create an item in a locked collection", a dismissed or impossible unlock prompt, or no
  // default collection ("Object does not exist at path …/collection/login") after a failed prompt.
  if (
    /locked|prompt|dismissed|cancel|collection\/login|User interaction is not allowed|errSecInteractionNotAllowed/i.test(
      message,
    )
  ) {
    return 'locked';
  }
  return 'failed';
}
