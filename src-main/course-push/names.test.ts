// Tests (plain Node): natural order of names and titles without their leading number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naturalCompare, titleFromName } from './names.ts';

describe('naturalCompare', () => {
  it('puts 2 before 10 and ignores case and leading zeros in the order', () => {
    const names = ['10 - Wrap up', '2 - Basics', '1 - Intro', '01b extra', 'appendix', 'Appendix 2', '003 Three'];
    expect([...names].sort(naturalCompare)).toEqual([
      '1 - Intro',
      '01b extra',
      '2 - Basics',
      '003 Three',
      '10 - Wrap up',
      'appendix',
      'Appendix 2',
    ]);
  });

  it('orders numbers beyond the precision of a double by value', () => {
    expect(naturalCompare('99999999999999999999 a', '100000000000000000000 a')).toBeLessThan(0);
  });

  it('is a total order: antisymmetric, transitive, and 0 only for the same name', () => {
    const name = fc.stringMatching(/^[0-9a-zA-Z _.-]{0,8}$/);
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        const ab = Math.sign(naturalCompare(a, b));
        expect(ab + Math.sign(naturalCompare(b, a))).toBe(0);
        if (ab === 0) expect(a).toBe(b);
        if (ab <= 0 && Math.sign(naturalCompare(b, c)) <= 0) expect(naturalCompare(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('orders numbered names by their number whatever follows', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), fc.stringMatching(/^ [a-z]{1,5}$/), (x, y, rest) => {
        fc.pre(x !== y);
        expect(Math.sign(naturalCompare(`${x}${rest}`, `${y}${rest}`))).toBe(Math.sign(x - y));
      }),
    );
  });
});

describe('titleFromName', () => {
  it.each([
    ['01 - Intro.mp4', 'Intro'],
    ['1. Getting started.md', 'Getting started'],
    ['1_Safety first.txt', 'Safety first'],
    ['3 Loading the forks.mov', 'Loading the forks'],
    ['12) Parking.mp4', 'Parking'],
    ['Intro.mp4', 'Intro'],
    ['2024.mp4', '2024'],
    ['01 - .mp4', '01 -'],
    ['notes', 'notes'],
    ['1.5 Advanced.mp4', '5 Advanced'],
  ])('file %j → %j', (name, title) => {
    expect(titleFromName(name, true)).toBe(title);
  });

  it('keeps a folder name’s dots (no extension) and strips its number', () => {
    expect(titleFromName('02 - Version 1.2', false)).toBe('Version 1.2');
    expect(titleFromName('Forklift course', false)).toBe('Forklift course');
  });

  it('is never empty and at most 255 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 400 }), fc.boolean(), (name, isFile) => {
        fc.pre(name.trim() !== '');
        const title = titleFromName(name, isFile);
        expect(title.length).toBeGreaterThan(0);
        expect([...title].length).toBeLessThanOrEqual(255);
      }),
    );
  });
});

describe('titleFromName with hostile names', () => {
  it.each([
    ['02 \u001b[2K\u001b[1ANotes.md', '[2K[1ANotes'],
    ['03 invoice\u202Efdp.exe.md', 'invoicefdp.exe'],
    ['04 \u2066isolated\u2069 \u202Aembedded\u202C.txt', 'isolated embedded'],
    ['05 line\nbreak\tand tab.md', 'line break and tab'],
    ['06 C1\u009b31mred\u0085.md', 'C131mred'],
    ['\u001b\u202E.md', '.md'],
  ])('file %j → %j', (name, title) => {
    expect(titleFromName(name, true)).toBe(title);
  });

  it('names a folder of only controls "Untitled"', () => {
    expect(titleFromName('\u001b\u202E\u0007', false)).toBe('Untitled');
  });

  it('keeps right-to-left text and its direction marks, only the overrides go', () => {
    expect(titleFromName('1 - שלום\u200F עולם', false)).toBe('שלום\u200F עולם');
  });

  it('never holds a C0/C1 control, DEL, or a bidi embedding, override or isolate', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.boolean(), (name, isFile) => {
        // eslint-disable-next-line no-control-regex
        expect(titleFromName(name, isFile)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
      }),
    );
  });
});
