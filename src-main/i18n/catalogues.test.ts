/**
 * The catalogues: every message in the code is in the English catalogue, every locale has every
 * key (and no other), each compiles as ICU MessageFormat (formatjs verify + compile, which reject
 * a syntax error or a placeholder the English does not have), and the committed compiled files
 * are what the sources compile to. Then the language setting itself: the system's language is
 * followed, a choice is kept in the data folder, and main's own sentences come out in it.
 */
import { globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile, COMPILED_DIR, extract, MESSAGES_DIR, PSEUDO, TRANSLATIONS, verify } from '../../scripts/i18n.ts';
import { directionOf, resolveLocale } from '../../src-shared/index.ts';
import { createLanguageService, systemLocalesFromEnvironment, t } from './index.ts';

const temp = mkdtempSync(join(tmpdir(), 'lectern-i18n-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('the catalogues', () => {
  it('hold every message the code says (npm run i18n:extract is up to date)', () => {
    extract(join(temp, 'en.json'));
    expect(json(join(temp, 'en.json'))).toEqual(json(join(MESSAGES_DIR, 'en.json')));
  });

  it('give every locale every key and no other, with the same placeholders', () => {
    const keys = Object.keys(json(join(MESSAGES_DIR, 'en.json'))).sort();
    for (const locale of TRANSLATIONS)
      expect(Object.keys(json(join(MESSAGES_DIR, `${locale}.json`))).sort()).toEqual(keys);
    expect(() => verify()).not.toThrow();
  });

  it('compile without an ICU error to exactly the committed files (npm run i18n:compile is up to date)', () => {
    compile(join(temp, 'compiled'));
    for (const locale of [...TRANSLATIONS, ...PSEUDO])
      expect(json(join(temp, 'compiled', `${locale}.json`)), locale).toEqual(
        json(join(COMPILED_DIR, `${locale}.json`)),
      );
  });
});

describe('the language setting', () => {
  it('follows the system when it speaks a shipped language, else English', () => {
    expect(resolveLocale('system', ['de_DE.UTF-8'])).toBe('de');
    expect(resolveLocale('system', ['fr-FR', 'de-AT'])).toBe('de');
    expect(resolveLocale('system', ['ja-JP'])).toBe('en');
    expect(resolveLocale('en-XB', ['de-DE'])).toBe('en-XB');
    expect(systemLocalesFromEnvironment({ LANG: 'de_CH.UTF-8' })[0]).toBe('de-CH');
    expect(directionOf('en-XB')).toBe('rtl');
    expect(directionOf('he-IL')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });

  it('keeps a choice in the data folder, hands the renderer only that locale, and says main’s sentences in it', async () => {
    const dataDir = join(temp, 'data');
    const system = await createLanguageService({ dataDir, systemLocales: ['de-DE'] });
    expect(system.state()).toMatchObject({ setting: 'system', locale: 'de', formatLocale: 'de-DE', dir: 'ltr' });
    expect(t({ id: 'lib.errors.cancelled', defaultMessage: 'Cancelled.' })).toBe('Abgebrochen.');

    await system.set('en');
    expect(system.state().messages).toEqual({});
    expect(t({ id: 'lib.errors.cancelled', defaultMessage: 'Cancelled.' })).toBe('Cancelled.');

    const again = await createLanguageService({ dataDir, systemLocales: ['de-DE'] });
    expect(again.state()).toMatchObject({ setting: 'en', locale: 'en', formatLocale: 'en' });
    await again.set('system');
    // Main's language is process-wide and test files share a process: leave it English again.
    await createLanguageService({ dataDir: join(temp, 'english'), systemLocales: ['en-US'] });
    expect(t({ id: 'lib.errors.cancelled', defaultMessage: 'Cancelled.' })).toBe('Cancelled.');
  });
});

describe('the stylesheets', () => {
  it('say start and end, not left and right, so a right-to-left language mirrors the layout', () => {
    const physical =
      /(?:margin|padding|border)-(?:left|right)\b|(?:^|[\s;{])(?:left|right)\s*:|text-align:\s*(?:left|right)|float:\s*(?:left|right)/;
    const root = join(import.meta.dirname, '..', '..', 'src-renderer', 'src');
    const found = globSync('**/*.css', { cwd: root }).flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .map((line, index) => ({ where: `${file}:${index + 1}`, line: line.trim() }))
        .filter(({ line }) => physical.test(line)),
    );
    expect(found).toEqual([]);
  });
});
