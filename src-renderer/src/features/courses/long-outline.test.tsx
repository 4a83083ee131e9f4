/**
 * A long course's outline (more lessons than the section window's threshold): the first paint
 * holds the cards its first rows are in (and a linked lesson's), every other section stands in
 * with its heading, its lesson count and its lessons' room, and the full cards follow a few at a
 * time until every one is there. A small course's cards are all there at once. Main is a fake
 * behind `window.lectern`; the stores and the components are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { Course, Section } from '../../../../src-shared/index.ts';
import { installFakeMain, removeFakeMain, type FakeMain } from '../../../test-support/fake-main.ts';
import { COURSE, sectionsOf } from '../../../test-support/outline.ts';
import type * as OutlineModule from './CourseOutline.tsx';
import { firstPaintCount } from './use-mounted-sections.ts';

let fake: FakeMain;
let outline: typeof OutlineModule;

function Outline({ sections }: { sections: Section[] }) {
  return (
    <outline.CourseOutline
      course={{ id: COURSE, name: 'Site safety' } as Course}
      sections={sections}
      deletes={[]}
      creates={[]}
      onDelete={() => undefined}
    />
  );
}

const renderOutline = (sections: Section[]) => render(<Outline sections={sections} />);

/** The window's height: its first paint renders as many lessons as rows of 45 px fill it. */
const windowHeight = (px: number) => Object.defineProperty(window, 'innerHeight', { value: px, configurable: true });

const cards = () => [...document.querySelectorAll<HTMLElement>('.course-section')];
/** A card in full has its actions; a stand-in has only its heading and count. */
const isFull = (card: HTMLElement) => within(card).queryByRole('button', { name: /^Actions for section/ }) !== null;

beforeEach(async () => {
  vi.resetModules();
  windowHeight(2200); // forty lessons below the page's top
  fake = installFakeMain();
  fake.handle('structure.missing', () => []);
  fake.handle('sections.pending', () => ({ deletes: [], creates: [], renames: [] }));
  fake.handle('drafts.list', () => []);
  outline = await import('./CourseOutline.tsx');
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  window.location.hash = '';
  expect(fake.problems).toEqual([]);
});

describe('firstPaintCount', () => {
  it('takes the sections holding the first forty lessons, at least one', () => {
    expect(firstPaintCount(sectionsOf(60, 25), null)).toBe(2);
    expect(firstPaintCount(sectionsOf(10, 50), null)).toBe(1);
    expect(firstPaintCount(sectionsOf(10, 4), null)).toBe(10);
    expect(firstPaintCount(sectionsOf(0, 4), null)).toBe(1);
  });

  it('takes as many lessons as the window is tall', () => {
    windowHeight(800); // 9 lessons below the page's top
    expect(firstPaintCount(sectionsOf(60, 25), null)).toBe(1);
    expect(firstPaintCount(sectionsOf(10, 4), null)).toBe(3);
    windowHeight(2160); // 40 lessons
    expect(firstPaintCount(sectionsOf(10, 4), null)).toBe(10);
    windowHeight(300); // a window shorter than the page's top: still the first section
    expect(firstPaintCount(sectionsOf(10, 4), null)).toBe(1);
  });

  it('reaches as far as the section of a linked lesson', () => {
    const sections = sectionsOf(60, 25);
    expect(firstPaintCount(sections, sections[41]!.lessons![7]!.id)).toBe(42);
    expect(firstPaintCount(sections, 'not-in-this-course')).toBe(2);
  });
});

describe('a long course’s outline', () => {
  it('paints its first cards in full and the others as stand-ins, then mounts them all', async () => {
    const sections = sectionsOf(20, 16);
    renderOutline(sections);

    // First paint: every section is there, in order; the first three (48 lessons) in full.
    expect(cards().map((card) => card.dataset['sectionId'])).toEqual(sections.map((s) => s.id));
    expect(cards().map(isFull)).toEqual([true, true, true, ...Array<boolean>(17).fill(false)]);
    const standIn = cards()[7]!;
    expect(within(standIn).getByRole('heading', { level: 3 }).textContent).toContain('Module 8');
    expect(standIn.textContent).toContain('Section 8');
    expect(standIn.textContent).toContain('16 lessons');
    expect(within(standIn).getByTestId('lessons-stand-in').style.height).toBe(`${16 * 58}px`);
    expect(screen.getAllByTestId('lesson-row').length).toBeGreaterThan(0);

    // Then the rest, a few cards at a time, until every card is in full.
    await waitFor(() => expect(cards().filter(isFull)).toHaveLength(20), { timeout: 10_000 });
    expect(cards()).toHaveLength(20);
  });

  it('a section added once every card is there comes in full at once (its heading can take the focus)', async () => {
    const sections = sectionsOf(20, 16);
    const { rerender } = renderOutline(sections);
    await waitFor(() => expect(cards().filter(isFull)).toHaveLength(20), { timeout: 10_000 });
    rerender(<Outline sections={sectionsOf(21, 16)} />);
    expect(cards()).toHaveLength(21);
    expect(isFull(cards()[20]!)).toBe(true);
  });

  it('a linked lesson’s card is in full on the first paint', () => {
    const sections = sectionsOf(20, 25);
    const linked = sections[12]!.lessons![3]!;
    window.location.hash = `#/courses/${COURSE}?lesson=${linked.id}`;
    renderOutline(sections);
    expect(isFull(cards()[12]!)).toBe(true);
    expect(document.querySelector(`[data-lesson-id="${linked.id}"]`)).not.toBeNull();
  });
});

describe('a course of a hundred lessons (below the long course’s section window)', () => {
  it('in a window of 800 px, paints the one card its 18 first rows are in', () => {
    windowHeight(800);
    renderOutline(sectionsOf(5, 20));
    expect(cards().map(isFull)).toEqual([true, false, false, false, false]);
    expect(screen.getAllByTestId('lesson-row')).toHaveLength(20);
  });

  it('paints the cards its first rows are in, then mounts the others, every row rendered in the end', async () => {
    const sections = sectionsOf(5, 20);
    renderOutline(sections);
    expect(cards().map(isFull)).toEqual([true, true, false, false, false]);
    expect(screen.getAllByTestId('lesson-row')).toHaveLength(40);

    await waitFor(() => expect(cards().filter(isFull)).toHaveLength(5), { timeout: 10_000 });
    expect(screen.getAllByTestId('lesson-row')).toHaveLength(100);
    expect(screen.queryAllByTestId('lessons-stand-in')).toHaveLength(0);
  });
});

describe('a small course’s outline', () => {
  it('has every card in full at once, and a section added later too', () => {
    const { rerender } = renderOutline(sectionsOf(4, 6));
    expect(cards().map(isFull)).toEqual([true, true, true, true]);
    expect(screen.getAllByTestId('lesson-row')).toHaveLength(24);
    rerender(<Outline sections={sectionsOf(5, 6)} />);
    expect(cards().map(isFull)).toEqual([true, true, true, true, true]);
  });
});
