/**
 * Renderer. The language setting through the bridge: main answers with the locale it picks and
 * that locale's messages only (no network, no other catalogue), and lib/i18n.ts takes them.
 */
import type { LanguageSetting, LanguageState } from '../../../src-shared/index.ts';
import { call } from '../bridge.ts';
import { applyLanguage } from './i18n.ts';

let state: LanguageState | null = null;

/** Before the first render: a failed read leaves the app in English rather than blank. */
export async function loadLanguage(): Promise<void> {
  try {
    state = await call((b) => b.app.language());
    applyLanguage(state);
  } catch {
    state = null;
  }
}

export function languageState(): LanguageState | null {
  return state;
}

export async function changeLanguage(language: LanguageSetting): Promise<LanguageState> {
  state = await call((b) => b.app.setLanguage({ language }));
  applyLanguage(state);
  return state;
}
