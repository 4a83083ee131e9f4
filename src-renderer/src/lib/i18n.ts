/**
 * Renderer. The words on screen in the app's language (react-intl over ICU MessageFormat).
 * `t()` gives a sentence as a string, `tx()` one with React elements inside (rich text). Both read
 * the one intl object main's language state built; until it arrives (and in unit tests) the
 * messages' own English words are used. Messages are written where they are used:
 *   t({ id: 'courses.empty', defaultMessage: 'No courses yet' })
 * and `npm run i18n:extract` gathers them into the catalogue (docs/i18n.md).
 */
import type { ReactNode } from 'react';
import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { AppLocale, LanguageState } from '../../../src-shared/index.ts';

export type { MessageDescriptor };
type Values = Record<string, string | number | Date | null | undefined>;
type RichValues = Record<string, ReactNode | Date | ((chunks: ReactNode[]) => ReactNode)>;

const cache = createIntlCache();
// A message missing from a catalogue falls back to its English; no console noise about it.
const ignore = () => {};
let intl: IntlShape = createIntl({ locale: 'en', messages: {}, onError: ignore }, cache);
let locale: AppLocale = 'en';
const listeners = new Set<() => void>();

/** What ICU MessageFormat reads as syntax: placeholders, tags, quoting, plural's `#`. */
const MESSAGE_SYNTAX = /[{}<>'#]/;

/**
 * The words of a message the catalogue does not have (every message in English) when they hold no
 * syntax: formatjs would give the same words, after parsing them and setting up a formatter with
 * its locale lookups, per message, the first time each is said (most of a first render's
 * sentences are of this kind).
 */
function plainDefault(descriptor: MessageDescriptor): string | null {
  const { id, defaultMessage } = descriptor;
  if (!id || !defaultMessage || typeof defaultMessage !== 'string' || MESSAGE_SYNTAX.test(defaultMessage)) return null;
  return Object.prototype.hasOwnProperty.call(intl.messages, id) ? null : defaultMessage;
}

// react-intl's overloads type each call from its descriptor; this wrapper is typed once here.
function formatjs(descriptor: MessageDescriptor, values: unknown): unknown {
  return (intl.formatMessage as unknown as (d: MessageDescriptor, v?: unknown) => unknown)(descriptor, values);
}

type Compiled = { format: (values?: Values) => unknown };
/**
 * Each message with syntax, compiled once per language: formatjs finds its compiled message by
 * turning the message, locale and formats into one JSON key on every call, which was a tenth of
 * a long outline's first render (sixty section headings say one plural each). null: formatjs says it.
 */
let compiled = new Map<string, Compiled | null>();

function compiledFor(descriptor: MessageDescriptor): Compiled | null {
  const { id, defaultMessage } = descriptor;
  if (!id) return null;
  const known = compiled.get(id);
  if (known !== undefined) return known;
  // As formatjs compiles them (no time zone is set): the catalogue's message in the app's locale
  // and formats, else the source words in the default locale and formats.
  const own = Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.messages[id] : undefined;
  let made: Compiled | null = null;
  try {
    if (own) made = intl.formatters.getMessageFormat(own, intl.locale, intl.formats, { formatters: intl.formatters });
    else if (typeof defaultMessage === 'string' && defaultMessage)
      made = intl.formatters.getMessageFormat(defaultMessage, intl.defaultLocale, intl.defaultFormats);
  } catch {
    made = null;
  }
  compiled.set(id, made);
  return made;
}

/** A sentence in the app's language. */
export function t(descriptor: MessageDescriptor, values?: Values): string {
  const plain = plainDefault(descriptor);
  if (plain !== null) return plain;
  const message = compiledFor(descriptor);
  if (message) {
    try {
      const said = message.format(values);
      if (typeof said === 'string') return said;
    } catch {
      // Missing values or a bad message: formatjs's own fallback (and its onError) below.
    }
  }
  return formatjs(descriptor, values) as string;
}

/** A sentence with elements inside: `tx({..., defaultMessage: 'Open <b>{name}</b>'}, { b: (c) => <b>{c}</b>, name })`. */
export function tx(descriptor: MessageDescriptor, values: RichValues): ReactNode {
  return (plainDefault(descriptor) ?? formatjs(descriptor, values)) as ReactNode;
}

export function currentIntl(): IntlShape {
  return intl;
}

export function currentLocale(): AppLocale {
  return locale;
}

/** The locale dates, numbers and sizes are written in (the system's region when it speaks the app's language). */
export function formatLocale(): string {
  return intl.locale;
}

/** Takes main's language state: the intl object, `<html lang dir>`, and a re-render of the app. */
export function applyLanguage(state: Pick<LanguageState, 'locale' | 'formatLocale' | 'dir' | 'messages'>): void {
  locale = state.locale;
  compiled = new Map();
  intl = createIntl(
    {
      locale: state.formatLocale,
      messages: state.messages as IntlShape['messages'],
      // The default messages are English: in English they are the words, not missing translations
      // (formatjs builds an error, stack and all, for each string whose locale is not the default).
      defaultLocale: state.locale === 'en' ? state.formatLocale : 'en',
      onError: ignore,
    },
    cache,
  );
  if (typeof document !== 'undefined') {
    document.documentElement.lang = state.locale;
    document.documentElement.dir = state.dir;
  }
  for (const listener of listeners) listener();
}

/** For the root: re-render (remount) the app when the language changes. */
export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
