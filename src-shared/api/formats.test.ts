// Tests (plain Node): the fast format checks accept exactly what zod's own validators accept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDateText, isDateTimeText, isUuidText } from './formats.ts';

const zGuid = z.guid();
const zDate = z.iso.date();
const zDateTime = z.iso.datetime({ offset: true });

/** Strings built from the characters that matter, so near-misses are common. */
const near = (alphabet: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...alphabet.split('')), { minLength: min, maxLength: max }).map((a) => a.join(''));

describe('format checks agree with zod', () => {
  it('uuid', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), near('0123456789abcdefABCDEFg-', 34, 38), fc.string()), (s) => {
        expect(isUuidText(s)).toBe(zGuid.safeParse(s).success);
      }),
      { numRuns: 3000 },
    );
  });

  it('date', () => {
    const real = fc
      .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.oneof(real, near('0123456789-', 9, 11), fc.string()), (s) => {
        expect(isDateText(s)).toBe(zDate.safeParse(s).success);
      }),
      { numRuns: 3000 },
    );
  });

  it('date-time', () => {
    const real = fc
      .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
    const mutated = fc
      .tuple(
        real,
        fc.constantFrom('Z', '+02:00', '-23:59', '+24:00', '+0200', '', 'z', '+02:60', '.5Z'),
        fc.integer({ min: 19, max: 24 }),
      )
      .map(([s, tail, cut]) => s.slice(0, cut) + tail);
    fc.assert(
      fc.property(fc.oneof(real, mutated, near('0123456789-T:.Z+', 18, 30), fc.string()), (s) => {
        expect(isDateTimeText(s)).toBe(zDateTime.safeParse(s).success);
      }),
      { numRuns: 5000 },
    );
    for (const s of ['2024-02-29T00:00:00Z', '2026-05-01T09:30:00.123456+02:00', '2026-05-01T09:30:00-00:00']) {
      expect(isDateTimeText(s), s).toBe(true);
    }
    for (const s of [
      '2026-02-29T00:00:00Z',
      '2026-05-01T09:30Z',
      '2026-05-01T09:30:00',
      '2026-05-01T09:30:00.Z',
      '2026-05-01T24:00:00Z',
    ]) {
      expect(isDateTimeText(s), s).toBe(false);
    }
  });
});
