/**
 * Shared (every process). Which languages Lectern speaks, how the language setting picks one, and
 * the language state main hands the renderer (the active locale's compiled messages only).
 * The catalogues themselves live in src-main/i18n (docs/i18n.md says how to add a language).
 */
import { z } from 'zod';

/** The language the messages are written in (their `defaultMessage`s). */
export const SOURCE_LOCALE = 'en';
/** Complete translations shipped with the app. */
export const SHIPPED_LOCALES = ['en', 'de'] as const;
/** Generated from English for testing: longer accented words (en-XA), right-to-left (en-XB). */
export const PSEUDO_LOCALES = ['en-XA', 'en-XB'] as const;
export const APP_LOCALES = [...SHIPPED_LOCALES, ...PSEUDO_LOCALES] as const;
export type AppLocale = (typeof APP_LOCALES)[number];

export const LanguageSettingSchema = z.enum(['system', ...APP_LOCALES]);
export type LanguageSetting = z.infer<typeof LanguageSettingSchema>;

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb']);

/** The writing direction of a locale: the bidi pseudo-locale and the right-to-left scripts. */
export function directionOf(locale: string): 'ltr' | 'rtl' {
  if (locale === 'en-XB') return 'rtl';
  return RTL_LANGUAGES.has(locale.split(/[-_]/)[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/** A POSIX or BCP 47 tag ("de_DE.UTF-8", "de-AT") → a BCP 47 tag ("de-DE"), or null for "C"/"POSIX". */
export function normaliseLocaleTag(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const bare = tag.split('.')[0]!.split('@')[0]!.replace(/_/g, '-');
  if (!bare || bare === 'C' || bare === 'POSIX') return null;
  try {
    return Intl.getCanonicalLocales(bare)[0] ?? null;
  } catch {
    return null;
  }
}

/** The app's language for a setting: the first system language the app speaks, English otherwise. */
export function resolveLocale(setting: LanguageSetting, systemLocales: readonly string[]): AppLocale {
  if (setting !== 'system') return setting;
  for (const tag of systemLocales) {
    const language = normaliseLocaleTag(tag)?.split('-')[0];
    const shipped = SHIPPED_LOCALES.find((locale) => locale === language);
    if (shipped) return shipped;
  }
  return SOURCE_LOCALE;
}

/**
 * The locale dates and numbers are formatted in: the system's own region when it speaks the app's
 * language (en-GB dates under English), otherwise the app's language itself.
 */
export function formattingLocale(locale: AppLocale, systemLocales: readonly string[]): string {
  const language = locale.split('-')[0];
  for (const tag of systemLocales) {
    const normal = normaliseLocaleTag(tag);
    if (normal && normal.split('-')[0] === language) return normal;
  }
  return (PSEUDO_LOCALES as readonly string[]).includes(locale) ? SOURCE_LOCALE : locale;
}

/** A message compiled to formatjs's AST (an array of elements), as the catalogues ship it. */
const CompiledMessage = z.array(z.unknown());

export const LanguageStateSchema = z.object({
  setting: LanguageSettingSchema,
  /** The language the app speaks now. */
  locale: z.enum(APP_LOCALES),
  /** Dates, numbers and sizes are formatted in this locale. */
  formatLocale: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  /** The system's languages, most preferred first (what "Follow the system" follows). */
  systemLocales: z.array(z.string()),
  /** The active locale's messages only (empty for English: the source's own words are used). */
  messages: z.record(z.string(), CompiledMessage),
});
export type LanguageState = z.infer<typeof LanguageStateSchema>;

export const SetLanguageInput = z.object({ language: LanguageSettingSchema }).strict();
