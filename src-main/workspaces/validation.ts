/**
 * Main process / plain Node. Checks and normalizes what the user types for a workspace: name,
 * environment, base URL, key mode and the key itself. Every problem is an InvalidProfile with a
 * sentence the user can act on.
 */
import { isLoopbackHost } from '../platform/index.ts';
import { InvalidProfile } from './errors.ts';
import { KEY_MODES, USER_ENVIRONMENTS, type KeyMode, type UserEnvironment } from '../../src-shared/index.ts';

export const NAME_MAX = 80;
/** Keys shorter than this get no hint: four characters would give away too much of them. */
export const HINT_MIN_KEY_LENGTH = 16;
const KEY_MAX = 4096;
const API_PREFIX = '/v1/external/learning';

export function normalizeName(value: unknown): string {
  if (typeof value !== 'string') throw new InvalidProfile('name', 'Give the workspace a name.');
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length === 0) throw new InvalidProfile('name', 'Give the workspace a name.');
  if (name.length > NAME_MAX)
    throw new InvalidProfile('name', `A workspace name can have at most ${NAME_MAX} characters.`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw new InvalidProfile('name', 'A workspace name cannot contain control characters.');
  return name;
}

export function normalizeEnvironment(value: unknown): UserEnvironment {
  if (value === 'sandbox') {
    throw new InvalidProfile(
      'environment',
      'The Sandbox environment is reserved for the built-in Sandbox workspace; use "custom" for another sandbox server.',
    );
  }
  if (!USER_ENVIRONMENTS.includes(value as UserEnvironment)) {
    throw new InvalidProfile('environment', `The environment must be one of ${USER_ENVIRONMENTS.join(', ')}.`);
  }
  return value as UserEnvironment;
}

export function normalizeKeyMode(value: unknown): KeyMode {
  if (!KEY_MODES.includes(value as KeyMode)) {
    throw new InvalidProfile('keyMode', `The key mode must be one of ${KEY_MODES.join(', ')}.`);
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
    throw new InvalidProfile('baseUrl', 'Enter the server address, e.g. https://api.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidProfile('baseUrl', 'The address must start with http:// or https://');
  }
  if (url.username || url.password) {
    throw new InvalidProfile(
      'baseUrl',
      'The address must not contain a user name or password; the key is entered separately.',
    );
  }
  if (url.search || url.hash) {
    throw new InvalidProfile('baseUrl', 'The address must not contain a query (?…) or fragment (#…).');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new InvalidProfile(
      'baseUrl',
      'Use https:// for servers other than this computer, so the key is not sent in clear text.',
    );
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path.toLowerCase().endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length).replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** The key as it will be stored: trimmed (pasted keys often carry a newline), otherwise untouched. */
export function normalizeApiKey(value: unknown): string {
  const key = typeof value === 'string' ? value.trim() : '';
  if (key.length === 0) throw new InvalidProfile('apiKey', 'Paste the API key.');
  if (key.length > KEY_MAX) throw new InvalidProfile('apiKey', 'That is too long to be an API key.');
  // A Bearer token is one token68; anything with spaces or control characters was mis-pasted.
  if (/\s/.test(key) || !/^[\x21-\x7e]+$/.test(key)) {
    throw new InvalidProfile('apiKey', 'An API key cannot contain spaces or unusual characters; paste just the key.');
  }
  if (/^bearer$/i.test(key)) throw new InvalidProfile('apiKey', 'Paste just the key, without "Bearer".');
  return key;
}

/** The only part of a key SQLite ever sees: its last four characters, for keys long enough. */
export function keyHint(key: string): string | null {
  return key.length >= HINT_MIN_KEY_LENGTH ? key.slice(-4) : null;
}
