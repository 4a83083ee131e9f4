// Renderer tests (happy-dom, which lays nothing out: each test gives the list's box its size).
import { afterEach, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { cleanup, render } from '@testing-library/react';
import { VirtualList } from './VirtualList.tsx';

const ROW = 50;
const KEY = 'lectern.listSize.things';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** Every box measures `width`×`height` inside (the list's scroller is the one the virtualizer asks). */
function boxesMeasure(width: number, height: number): void {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
}

/** The list, and each commit React made of it ('mount', then 'update' for every later one). */
function listOf(count: number) {
  const commits: string[] = [];
  const view = render(
    <Profiler id="list" onRender={(_id, phase) => commits.push(phase)}>
      <VirtualList
        count={count}
        rowHeight={ROW}
        renderRow={(index) => <span>row {index}</span>}
        label="Things"
        testId="things"
      />
    </Profiler>,
  );
  const rows = () => [...view.container.querySelectorAll('[role="listitem"]')].map((row) => row.textContent);
  return { commits, rows };
}

it('a list measured before in this window shows the rows in view from its first render, then those below', async () => {
  boxesMeasure(800, 500);
  sessionStorage.setItem(KEY, '800 500');
  const { commits, rows } = listOf(1000);
  // 500 px of 50 px rows; after the first frame, six more below.
  expect(rows()).toEqual([...Array(10).keys()].map((i) => `row ${i}`));
  expect(commits).toEqual(['mount']);
  await vi.waitFor(() => expect(rows()).toEqual([...Array(16).keys()].map((i) => `row ${i}`)));
  expect(commits).toEqual(['mount', 'update']);
});

it('a list not measured before shows the rows of its size once measured, and keeps the size', async () => {
  boxesMeasure(800, 500);
  const { commits, rows } = listOf(1000);
  expect(rows()).toHaveLength(10);
  expect(commits).toEqual(['mount', 'nested-update']);
  expect(sessionStorage.getItem(KEY)).toBe('800 500');
  await vi.waitFor(() => expect(rows()).toHaveLength(16));
});

it('a kept size that no longer fits is corrected once the list is measured', async () => {
  boxesMeasure(800, 250);
  sessionStorage.setItem(KEY, '800 500');
  const { rows } = listOf(1000);
  expect(rows()).toHaveLength(5);
  await vi.waitFor(() => expect(rows()).toHaveLength(11));
  expect(sessionStorage.getItem(KEY)).toBe('800 250');
});
