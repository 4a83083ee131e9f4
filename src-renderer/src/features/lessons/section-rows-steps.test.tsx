/**
 * A long course's section near the view renders its lessons a few rows per frame (each frame
 * builds a few rows, not a whole section), the room of the rest held by a stand-in until every
 * row is there; a small course's section renders all its rows at once. Main is a fake behind
 * `window.lectern`; the stores and the components are the real ones.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Course, Section } from '../../../../src-shared/index.ts';
import { installFakeMain, removeFakeMain, type FakeMain } from '../../../test-support/fake-main.ts';
import { COURSE, sectionsOf } from '../../../test-support/outline.ts';
import type * as SectionModule from './SectionLessons.tsx';
import type * as OutlineModule from './outline.ts';
import type * as WindowModule from './section-window.ts';

let fake: FakeMain;
let rows: typeof SectionModule;
let outline: typeof OutlineModule;
let sectionWindow: typeof WindowModule;

/** The open course (the section window reads its size and order from it), and its first section's card. */
function renderFirstSection(sections: Section[]) {
  outline.useCourseDetail.setState({
    param: COURSE,
    data: { course: { id: COURSE, name: 'Site safety' } as Course, sections },
    status: 'ready',
  });
  render(
    <rows.SectionLessons
      courseId={COURSE}
      section={sections[0]!}
      header={<header data-testid="section-row">Module 1</header>}
      deletes={[]}
      creates={[]}
      onDelete={() => undefined}
    />,
  );
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  fake.handle('drafts.list', () => []);
  outline = await import('./outline.ts');
  sectionWindow = await import('./section-window.ts');
  rows = await import('./SectionLessons.tsx');
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

it('a long course’s section renders a few rows first, the rest a few per frame, its stand-in shrinking to none', async () => {
  renderFirstSection(sectionsOf(16, 25));
  const step = sectionWindow.ROWS_PER_STEP;
  expect(screen.getAllByTestId('lesson-row')).toHaveLength(step);
  expect(screen.getByTestId('lessons-stand-in').style.height).toBe(`${(25 - step) * 58}px`);
  await waitFor(() => expect(screen.getAllByTestId('lesson-row')).toHaveLength(25), { timeout: 10_000 });
  expect(screen.queryByTestId('lessons-stand-in')).toBeNull();
  expect(screen.getAllByTestId('lesson-row').at(-1)!.textContent).toContain('25.Lesson 1.25');
});

it('a small course’s section renders every row at once', () => {
  renderFirstSection(sectionsOf(2, 25));
  expect(screen.getAllByTestId('lesson-row')).toHaveLength(25);
  expect(screen.queryByTestId('lessons-stand-in')).toBeNull();
});
