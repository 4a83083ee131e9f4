/**
 * Main process / plain Node. Checks and normalizes what the user types for a workspace: name,
 * environment, base URL, key mode and the key itself. Every problem is an InvalidProfile with a
 * sentence the user can act on, said in the app's language (main's t(); the CLI's stay English).
 */
import { t } from '../i18n/index.ts';
import { isLoopbackHost } from '../platform/index.ts';
import { defineMessages } from '../../src-shared/messages.ts';
import { InvalidProfile } from './errors.ts';
import { KEY_MODES, USER_ENVIRONMENTS, type KeyMode, type UserEnvironment } from '../../src-shared/index.ts';

export const NAME_MAX = 80;
/** Keys shorter than this get no hint: four characters would give away too much of them. */
export const HINT_MIN_KEY_LENGTH = 16;
const KEY_MAX = 4096;
const API_PREFIX = '/v1/external/learning';

const messages = defineMessages({
  nameMissing: { id: 'workspaces.validation.nameMissing', defaultMessage: 'Give the workspace a name.' },
  nameTooLong: {
    id: 'workspaces.validation.nameTooLong',
    defaultMessage: 'A workspace name can have at most {max, number} characters.',
  },
  nameControlCharacters: {
    id: 'workspaces.validation.nameControlCharacters',
    defaultMessage: 'A workspace name cannot contain control characters.',
  },
  sandboxReserved: {
    id: 'workspaces.validation.sandboxReserved',
    defaultMessage:
      'The Sandbox environment is reserved for the built-in Sandbox workspace; use "custom" for another sandbox server.',
  },
  environmentUnknown: {
    id: 'workspaces.validation.environmentUnknown',
    defaultMessage: 'The environment must be one of {choices}.',
  },
  keyModeUnknown: {
    id: 'workspaces.validation.keyModeUnknown',
    defaultMessage: 'The key mode must be one of {choices}.',
  },
  addressMissing: {
    id: 'workspaces.validation.addressMissing',
    defaultMessage: 'Enter the server address, e.g. https://api.example.com',
  },
  addressScheme: {
    id: 'workspaces.validation.addressScheme',
    defaultMessage: 'The address must start with http:// or https://',
  },
  addressCredentials: {
    id: 'workspaces.validation.addressCredentials',
    defaultMessage: 'The address must not contain a user name or password; the key is entered separately.',
  },
  addressQuery: {
    id: 'workspaces.validation.addressQuery',
    defaultMessage: 'The address must not contain a query (?…) or fragment (#…).',
  },
  addressPlainHttp: {
    id: 'workspaces.validation.addressPlainHttp',
    defaultMessage: 'Use https:// for servers other than this computer, so the key is not sent in clear text.',
  },
  keyMissing: { id: 'workspaces.validation.keyMissing', defaultMessage: 'Paste the API key.' },
  keyTooLong: { id: 'workspaces.validation.keyTooLong', defaultMessage: 'That is too long to be an API key.' },
  keyCharacters: {
    id: 'workspaces.validation.keyCharacters',
    defaultMessage: 'An API key cannot contain spaces or unusual characters; paste just the key.',
  },
  keyBearer: { id: 'workspaces.validation.keyBearer', defaultMessage: 'Paste just the key, without "Bearer".' },
});

export function normalizeName(value: unknown): string {
  if (typeof value !== 'string') throw new InvalidProfile('name', t(messages.nameMissing));
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length === 0) throw new InvalidProfile('name', t(messages.nameMissing));
  if (name.length > NAME_MAX) throw new InvalidProfile('name', t(messages.nameTooLong, { max: NAME_MAX }));
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new InvalidProfile('name', t(messages.nameControlCharacters));
  return name;
}

export function normalizeEnvironment(value: unknown): UserEnvironment {
  if (value === 'sandbox') {
    throw new InvalidProfile('environment', t(messages.sandboxReserved));
  }
  if (!USER_ENVIRONMENTS.includes(value as UserEnvironment)) {
    throw new InvalidProfile('environment', t(messages.environmentUnknown, { choices: USER_ENVIRONMENTS.join(', ') }));
  }
  return value as UserEnvironment;
}

export function normalizeKeyMode(value: unknown): KeyMode {
  if (!KEY_MODES.includes(value as KeyMode)) {
    throw new InvalidProfile('keyMode', t(messages.keyModeUnknown, { choices: KEY_MODES.join(', ') }));
  }
  return value as KeyMode;
}

/**
 * `https://host[:port][/path]` without trailing slash, query or fragment. Plain http is accepted
 * only for loopback addresses (local sandboxes): anywhere else the key would cross the network in
 * clear text. A pasted `/v1/external/learning` suffix is dropped because the client adds it.
 */
export function normalizeBaseUrl(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidProfile('baseUrl', t(messages.addressMissing));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidProfile('baseUrl', t(messages.addressScheme));
  }
  if (url.username || url.password) {
    throw new InvalidProfile('baseUrl', t(messages.addressCredentials));
  }
  if (url.search || url.hash) {
    throw new InvalidProfile('baseUrl', t(messages.addressQuery));
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new InvalidProfile('baseUrl', t(messages.addressPlainHttp));
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path.toLowerCase().endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length).replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** The key as it will be stored: trimmed (pasted keys often carry a newline), otherwise untouched. */
export function normalizeApiKey(value: unknown): string {
  const key = typeof value === 'string' ? value.trim() : '';
  if (key.length === 0) throw new InvalidProfile('apiKey', t(messages.keyMissing));
  if (key.length > KEY_MAX) throw new InvalidProfile('apiKey', t(messages.keyTooLong));
  // A Bearer token is one token68; anything with spaces or control characters was mis-pasted.
  if (/\s/.test(key) || !/^[\x21-\x7e]+$/.test(key)) {
    throw new InvalidProfile('apiKey', t(messages.keyCharacters));
  }
  if (/^bearer$/i.test(key)) throw new InvalidProfile('apiKey', t(messages.keyBearer));
  return key;
}

/** The only part of a key SQLite ever sees: its last four characters, for keys long enough. */
export function keyHint(key: string): string | null {
  return key.length >= HINT_MIN_KEY_LENGTH ? key.slice(-4) : null;
}
