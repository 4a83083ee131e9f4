/**
 * Renderer. The app's language: follow the system (the default) or one of the shipped languages,
 * each named in its own language; the pseudo-locales are there for checking translations. A change
 * is saved by main and the app is drawn again in the new language at once.
 */
import { useState } from 'react';
import { SHIPPED_LOCALES, type LanguageSetting as Setting } from '../../../../src-shared/index.ts';
import { t } from '../../lib/i18n.ts';
import { changeLanguage, languageState } from '../../lib/language.ts';
import { notify } from '../../lib/notices.ts';
import { describeError } from '../../lib/errors.ts';

/** "Deutsch", "English": a language is found by its own name. */
function endonym(locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

export function LanguageSetting() {
  const state = languageState();
  const [busy, setBusy] = useState(false);
  const setting = state?.setting ?? 'system';
  const systemName = state ? endonym(state.locale === 'en-XA' || state.locale === 'en-XB' ? 'en' : state.locale) : '';
  const choose = (next: Setting) => {
    setBusy(true);
    changeLanguage(next).then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        notify('error', describeError(error));
      },
    );
  };
  return (
    <section className="card language-setting" data-testid="language-setting" aria-labelledby="language-setting-title">
      <h2 id="language-setting-title">{t({ id: 'language.title', defaultMessage: 'Language' })}</h2>
      <label className="field">
        <span className="field-label">{t({ id: 'language.label', defaultMessage: 'Language of Lectern' })}</span>
        <select
          value={setting}
          disabled={busy || !state}
          onChange={(event) => choose(event.target.value as Setting)}
          data-testid="language-select"
        >
          <option value="system">
            {setting === 'system'
              ? t(
                  { id: 'language.systemNow', defaultMessage: 'Follow the system ({language})' },
                  { language: systemName },
                )
              : t({ id: 'language.system', defaultMessage: 'Follow the system' })}
          </option>
          {SHIPPED_LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale} translate="no">
              {endonym(locale)}
            </option>
          ))}
          <optgroup label={t({ id: 'language.pseudoGroup', defaultMessage: 'For checking translations' })}>
            <option value="en-XA">
              {t({ id: 'language.pseudoLong', defaultMessage: 'Pseudo-locale: longer, accented words' })}
            </option>
            <option value="en-XB">
              {t({ id: 'language.pseudoRtl', defaultMessage: 'Pseudo-locale: right to left' })}
            </option>
          </optgroup>
        </select>
      </label>
      <p className="muted">
        {t({
          id: 'language.note',
          defaultMessage: 'Dates, numbers and sizes follow the language and your system’s region.',
        })}
      </p>
    </section>
  );
}
