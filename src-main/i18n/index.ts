/**
 * Main process / plain Node. The app's language: the setting (follow the system, or one language),
 * the locale it picks, that locale's compiled messages for the renderer, and `t()` for main's own
 * user-facing sentences (errors and notices that reach the screens; the CLI's words go through it
 * too and stay English there). Catalogues and how to add a language: docs/i18n.md.
 */
import {
  createIntl,
  createIntlCache,
  type IntlShape,
  type MessageDescriptor,
  type ResolvedIntlConfig,
} from '@formatjs/intl';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  directionOf,
  formattingLocale,
  LanguageSettingSchema,
  normaliseLocaleTag,
  resolveLocale,
  SOURCE_LOCALE,
  type AppLocale,
  type LanguageSetting,
  type LanguageState,
} from '../../src-shared/index.ts';
/** Compiled to formatjs's AST, so neither process parses a message at run time. */
type Messages = Extract<ResolvedIntlConfig['messages'], Record<string, unknown[]>>;

/**
 * English needs none: every message's source words are its English. The others are loaded the
 * first time they are chosen, so a start in English (and the CLI) never reads the catalogues.
 * The compiled files are formatjs's own output (scripts/i18n.ts), checked by the catalogue test.
 */
const LOADERS: Record<Exclude<AppLocale, 'en'>, () => Promise<{ default: object }>> = {
  de: () => import('./compiled/de.json', { with: { type: 'json' } }),
  'en-XA': () => import('./compiled/en-XA.json', { with: { type: 'json' } }),
  'en-XB': () => import('./compiled/en-XB.json', { with: { type: 'json' } }),
};
const loaded = new Map<AppLocale, Messages>([['en', {}]]);

export async function messagesFor(locale: AppLocale): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return known;
  const messages = (await LOADERS[locale as Exclude<AppLocale, 'en'>]()).default as Messages;
  loaded.set(locale, messages);
  return messages;
}

/** What "follow the system" means under plain Node: the POSIX variables, then ICU's own default. */
export function systemLocalesFromEnvironment(env: NodeJS.ProcessEnv = process.env): string[] {
  const tags = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG'], Intl.DateTimeFormat().resolvedOptions().locale];
  const normal = tags.map((tag) => normaliseLocaleTag(tag)).filter((tag): tag is string => tag !== null);
  return [...new Set(normal)];
}

const cache = createIntlCache();
/**
 * Made at the first sentence said, not at load: making one sets up ICU's formatters, a cost a
 * command that says nothing through t() (a re-plan of an unchanged folder) should not pay.
 */
let mainIntl: IntlShape<string> | undefined;

function setMainLocale(formatLocale: string, messages: Messages): void {
  mainIntl = createIntl(
    {
      locale: formatLocale,
      messages,
      // English is the messages' own words; a message missing from a catalogue falls back to them.
      onError: () => {},
    },
    cache,
  );
}

/** A user-facing sentence from main, in the app's language. Ids and English words as in the renderer. */
export function t(descriptor: MessageDescriptor, values?: Record<string, string | number | Date>): string {
  mainIntl ??= createIntl({ locale: SOURCE_LOCALE, messages: {} }, cache);
  return mainIntl.formatMessage(descriptor, values);
}

export interface LanguageService {
  state(): LanguageState;
  set(setting: LanguageSetting): Promise<LanguageState>;
}

/**
 * The setting lives in the data folder beside the other app-wide files: `language.json`. Ready once
 * the chosen language's messages are loaded, so `state()` always carries them.
 */
export async function createLanguageService(options: {
  dataDir: string;
  systemLocales: readonly string[];
}): Promise<LanguageService> {
  const file = join(options.dataDir, 'language.json');
  const systemLocales = [...options.systemLocales];
  let setting = readSetting(file);
  let current = await stateFor(setting);

  async function stateFor(chosen: LanguageSetting): Promise<LanguageState> {
    const locale = resolveLocale(chosen, systemLocales);
    const formatLocale = formattingLocale(locale, systemLocales);
    const messages = await messagesFor(locale);
    setMainLocale(formatLocale, messages);
    return { setting: chosen, locale, formatLocale, dir: directionOf(locale), systemLocales, messages };
  }
  return {
    state: () => current,
    async set(next) {
      setting = LanguageSettingSchema.parse(next);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ language: setting })}\n`);
      current = await stateFor(setting);
      return current;
    },
  };
}

function readSetting(file: string): LanguageSetting {
  if (!existsSync(file)) return 'system';
  try {
    const parsed = LanguageSettingSchema.safeParse(
      (JSON.parse(readFileSync(file, 'utf8')) as { language?: unknown }).language,
    );
    return parsed.success ? parsed.data : 'system';
  } catch {
    // A damaged file is a setting never made: follow the system.
    return 'system';
  }
}
