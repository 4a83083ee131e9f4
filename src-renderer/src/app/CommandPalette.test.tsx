/**
 * The command palette with main as a fake behind `window.lectern` (bridge, hooks and components
 * are the real ones): opening asks main to read the outlines not cached yet; a lesson that lands
 * in the cache while the palette is open is found without typing again; matches and "Nothing
 * matches" are never on screen together; the server's finds join the cache's, grouped by kind,
 * and "Nothing matches" waits for the server's answer ("Searching…" until then).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installFakeMain, removeFakeMain, type FakeMain } from '../../test-support/fake-main.ts';
import type * as PaletteModule from './CommandPalette.tsx';
import type { PaletteHit } from '../../../src-shared/index.ts';

let fake: FakeMain;
let palette: typeof PaletteModule;
let cache: PaletteHit[];
let server: PaletteHit[];
let answerServer: Promise<void>;

const COURSE = '00000000-0000-4000-8000-000000000001';
const LESSON: PaletteHit = {
  kind: 'lesson',
  id: '00000000-0000-4000-8000-0000000000a1',
  title: 'Loading the forklift',
  detail: 'Forklift basics › Week 1',
  courseId: COURSE,
  sectionId: '00000000-0000-4000-8000-0000000000b1',
};

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  palette = await import('./CommandPalette.tsx');
  cache = [];
  server = [];
  answerServer = Promise.resolve();
  fake.handle('palette.prepare', () => ({ reading: 3 }));
  fake.handle('palette.searchServer', async ({ text }) => {
    await answerServer;
    return { state: 'done', hits: server.filter((hit) => hit.title.toLowerCase().includes(text.toLowerCase())) };
  });
  fake.handle('palette.search', ({ text }) =>
    cache.filter((hit) => hit.title.toLowerCase().includes(text.toLowerCase())),
  );
});

afterEach(() => {
  cleanup();
  removeFakeMain();
});

function open() {
  render(<palette.CommandPalette open onClose={() => undefined} onShowShortcuts={() => undefined} />);
  return screen.getByRole('combobox');
}

describe('the command palette', () => {
  it('asks main to read the outlines on opening, and finds a lesson that lands while it is open', async () => {
    const input = open();
    fireEvent.change(input, { target: { value: 'forklift' } });
    const note = screen.getByTestId('palette-note');
    await vi.waitFor(() => expect(note.textContent).toContain('Nothing matches “forklift”'));
    expect(note.textContent).toContain('reading the outlines of 3 courses');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(fake.inputsTo('palette.prepare')).toHaveLength(1);

    cache.push(LESSON);
    act(() => fake.emit('cache.updated', { kinds: ['sections'] }));
    const option = await screen.findByRole('option', { name: /Loading the forklift/ });
    expect(option.textContent).toContain('Lesson');
    expect(option.textContent).toContain('Forklift basics › Week 1');
    expect(note.textContent).not.toContain('Nothing');
    expect(fake.problems).toEqual([]);
  });

  it('an action that matches is a match: no "Nothing matches" beside it', async () => {
    const input = open();
    fireEvent.change(input, { target: { value: 'upload' } });
    await vi.waitFor(() => expect(fake.inputsTo('palette.search')).toContainEqual({ text: 'upload', limit: 20 }));
    await vi.waitFor(() => expect(screen.getByTestId('palette-note').textContent).toContain('Enter to open'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('ActionUpload videos');
    expect(screen.getByTestId('palette-note').textContent).not.toContain('Nothing');
  });

  it('shows the cache’s finds at once, the server’s as they arrive, grouped, and "Nothing" only after both', async () => {
    let release = () => undefined as void;
    answerServer = new Promise<void>((resolve) => (release = resolve));
    cache.push(LESSON);
    server.push({
      kind: 'assessment',
      id: '00000000-0000-4000-8000-0000000000c1',
      title: 'Forklift final check',
      detail: 'Forklift basics',
      courseId: COURSE,
      sectionId: null,
    });
    const input = open();
    fireEvent.change(input, { target: { value: 'forklift' } });
    await screen.findByRole('option', { name: /Loading the forklift/ });
    const note = screen.getByTestId('palette-note');
    expect(note.textContent).toContain('Searching the server…');
    expect(screen.queryByRole('option', { name: /Forklift final check/ })).toBeNull();

    release();
    await screen.findByRole('option', { name: /Forklift final check/ });
    const groups = screen.getAllByRole('group').map((g) => g.getAttribute('data-group'));
    expect(groups).toEqual(['Lessons', 'Assessments']);
    await vi.waitFor(() => expect(note.textContent).not.toContain('Searching'));

    // A text neither search finds: "Searching…" while the server is asked, then "Nothing matches".
    answerServer = new Promise<void>((resolve) => (release = resolve));
    fireEvent.change(input, { target: { value: 'crane' } });
    await vi.waitFor(() => expect(fake.inputsTo('palette.search')).toContainEqual({ text: 'crane', limit: 20 }));
    await vi.waitFor(() => expect(note.textContent).toBe('Searching…'));
    release();
    await vi.waitFor(() => expect(note.textContent).toContain('Nothing matches “crane”'));
    expect(fake.problems).toEqual([]);
  });
});
