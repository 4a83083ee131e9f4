// Renderer tests (happy-dom): t() and tx() give formatjs's own words, whether a message is said
// from its English source words or from a catalogue.
import { afterEach, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { applyLanguage, t, tx } from './i18n.ts';

const english = { locale: 'en', formatLocale: 'en', dir: 'ltr', messages: {} } as const;

afterEach(() => applyLanguage(english));

/** Each with what makes MessageFormat read it differently from its plain letters, or nothing. */
const SOURCES = [
  'Courses',
  'Skip to content',
  'Loading courses…',
  'The server no longer accepts this workspace’s key.',
  "It's here, and it''s quoted",
  "'{'literal braces'}'",
  '{count, plural, one {# course} other {# courses}}',
  'Upload {name}',
  'Row #3 of {count}',
  'a <b>bold</b> word',
  'less < more > less',
  '   spaced   out   ',
  '',
];

it('says every English message as formatjs does, with and without values', () => {
  applyLanguage(english);
  const reference = createIntl({ locale: 'en', messages: {}, onError: () => undefined });
  for (const [index, defaultMessage] of SOURCES.entries()) {
    const descriptor = { id: `test.message${index}`, defaultMessage };
    const values = { count: 3, name: 'intro.mp4' };
    expect(t(descriptor)).toEqual(reference.formatMessage(descriptor));
    expect(t(descriptor, values)).toEqual(reference.formatMessage(descriptor, values));
  }
});

it('rich text with tags still comes back as formatjs builds it', () => {
  applyLanguage(english);
  const reference = createIntl({ locale: 'en', messages: {}, onError: () => undefined });
  const descriptor = { id: 'test.rich', defaultMessage: 'Open <b>it</b> now' };
  const values = { b: (chunks: unknown[]) => ['[', ...chunks, ']'].join('') };
  expect(tx(descriptor, values)).toEqual(reference.formatMessage(descriptor, values));
  expect(tx(descriptor, values)).toBe('Open [it] now');
});

it('a catalogue’s words win over the English source words, plain or not', () => {
  applyLanguage({
    locale: 'de',
    formatLocale: 'de',
    dir: 'ltr',
    messages: {
      'test.plain': [{ type: 0, value: 'Kurse' }],
      'test.count': [
        { type: 0, value: 'Kurse: ' },
        { type: 1, value: 'count' },
      ],
    },
  });
  expect(t({ id: 'test.plain', defaultMessage: 'Courses' })).toBe('Kurse');
  expect(t({ id: 'test.count', defaultMessage: 'Courses: {count}' }, { count: 4 })).toBe('Kurse: 4');
  // A message the catalogue lacks falls back to its English words.
  expect(t({ id: 'test.missing', defaultMessage: 'Only in English' })).toBe('Only in English');
});

it('a message said again takes the new values, and a new language its own words for the same id', () => {
  applyLanguage(english);
  const descriptor = { id: 'test.lessons', defaultMessage: '{count, plural, one {# lesson} other {# lessons}}' };
  expect(t(descriptor, { count: 1 })).toBe('1 lesson');
  expect(t(descriptor, { count: 1500 })).toBe('1,500 lessons');
  // Said without its value: formatjs's own fallback, every time.
  const reference = createIntl({ locale: 'en', messages: {}, onError: () => undefined });
  expect(t(descriptor)).toEqual(reference.formatMessage(descriptor));
  expect(t(descriptor, { count: 2 })).toBe('2 lessons');

  applyLanguage({
    locale: 'de',
    formatLocale: 'de',
    dir: 'ltr',
    messages: {
      'test.lessons': [
        {
          type: 6,
          value: 'count',
          offset: 0,
          pluralType: 'cardinal',
          options: {
            one: { value: [{ type: 7 }, { type: 0, value: ' Lektion' }] },
            other: { value: [{ type: 7 }, { type: 0, value: ' Lektionen' }] },
          },
        },
      ],
    },
  });
  expect(t(descriptor, { count: 1 })).toBe('1 Lektion');
  expect(t(descriptor, { count: 1500 })).toBe('1.500 Lektionen');
  applyLanguage(english);
  expect(t(descriptor, { count: 1500 })).toBe('1,500 lessons');
});
