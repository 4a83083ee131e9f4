/**
 * Where the outline shows new sections still waiting to be sent: where they were asked for (before
 * the section now at that position, as the server will place them), those asked for at the end
 * (or past it, or not known yet) after the server's sections, in the order they were asked.
 */
import { describe, expect, it } from 'vitest';
import type { DraftSummary, Section } from '../../../../src-shared/index.ts';
import { placePendingSections, type OutlineSlot } from './pending-positions.ts';

const section = (id: string, order: number): Section => ({ id, title: id, order }) as Section;
const create = (id: string): DraftSummary => ({ id, title: id }) as DraftSummary;
const names = (slots: OutlineSlot[]) =>
  slots.map((slot) => (slot.kind === 'section' ? slot.section.id : `+${slot.draft.id}`));

const sections = [section('a', 1), section('b', 2), section('c', 3)];

describe('placePendingSections', () => {
  it('puts a section asked for between two there, not at the end', () => {
    expect(names(placePendingSections(sections, [create('new')], { new: 2 }))).toEqual(['a', '+new', 'b', 'c']);
    expect(names(placePendingSections(sections, [create('new')], { new: 1 }))).toEqual(['+new', 'a', 'b', 'c']);
  });

  it('puts one asked for at the end or past the end after the sections', () => {
    const slots = placePendingSections(sections, [create('end'), create('far')], { end: null, far: 9 });
    expect(names(slots)).toEqual(['a', 'b', 'c', '+end', '+far']);
  });

  it('holds one back until its asked position is known, so it never shows at the end and then jumps', () => {
    const slots = placePendingSections(sections, [create('unknown'), create('end')], { end: null });
    expect(names(slots)).toEqual(['a', 'b', 'c', '+end']);
  });

  it('places several waiting ones as the server will, sent one by one in the order they were asked', () => {
    // "x" asked at 3 (a b x c), then "y" at 1 (y a b x c).
    const slots = placePendingSections(sections, [create('x'), create('y')], { x: 3, y: 1 });
    expect(names(slots)).toEqual(['+y', 'a', 'b', '+x', 'c']);
    // The list may come in another order: the order asked is their creation time.
    const later = { ...create('x'), createdAt: '2026-01-01T00:00:02.000Z' };
    const sooner = { ...create('y'), createdAt: '2026-01-01T00:00:01.000Z' };
    // "y" at 1 first (y a b c), then "x" at 3 (y a x b c).
    expect(names(placePendingSections(sections, [later, sooner], { x: 3, y: 1 }))).toEqual(['+y', 'a', '+x', 'b', 'c']);
  });

  it('keeps the server sections’ own indexes (their numbers and moves do not count waiting cards)', () => {
    const slots = placePendingSections(sections, [create('new')], { new: 2 });
    expect(slots.flatMap((slot) => (slot.kind === 'section' ? [slot.index] : []))).toEqual([0, 1, 2]);
  });
});
