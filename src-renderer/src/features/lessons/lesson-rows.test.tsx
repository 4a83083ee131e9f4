/**
 * The course outline's lesson rows ("a quiet course outline"): each row says only what is
 * true and useful for its type (no "Video: none · Media: none · Quiz: draft · 0.00 points"), and
 * keeps its actions behind one row menu that works by mouse and keyboard; Alt+↑/↓ on a lesson still
 * moves it. Main is a fake behind `window.lectern`; the rows, the menu and the store are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Lesson, Section } from '../../../../src-shared/index.ts';
import { installFakeMain, removeFakeMain, type FakeMain } from '../../../test-support/fake-main.ts';
import type * as LabelsModule from './lesson-labels.ts';
import type * as SectionModule from './SectionLessons.tsx';

let fake: FakeMain;
let labels: typeof LabelsModule;
let rows: typeof SectionModule;

const COURSE = '00000000-0000-4000-8000-000000000001';
const SECTION = '00000000-0000-4000-8000-000000000002';
const id = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const emptyQuiz = { id: id(99), lesson_id: id(0), lesson: undefined, status: 'DRAFT', total_points: '0.00' };

function lesson(n: number, fields: Partial<Lesson>): Lesson {
  return {
    id: id(n),
    title: `Lesson ${n}`,
    order: n,
    lesson_type: 'TEXT',
    duration_seconds: 0,
    video_status: '',
    video_url: '',
    video_error: '',
    content_media: [],
    quiz: { ...emptyQuiz, lesson_id: id(n) },
    ...fields,
  } as Lesson;
}

const text = lesson(1, { title: 'Reading the signs' });
const video = lesson(2, {
  title: 'Forklift walkaround',
  lesson_type: 'VIDEO',
  video_status: 'PENDING',
  duration_seconds: 0,
});
const quiz = lesson(3, {
  title: 'Check yourself',
  lesson_type: 'QUIZ',
  duration_seconds: 300,
  quiz: { ...emptyQuiz, status: 'PUBLISHED', total_points: '12.00' },
});

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  // Each row asks main for writes it refused (none here): the drafts list is where they live.
  fake.handle('drafts.list', () => []);
  labels = await import('./lesson-labels.ts');
  rows = await import('./SectionLessons.tsx');
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

const facts = (l: Lesson) => labels.lessonRowFacts(l).map((f) => f.text);

describe('what a lesson row says, per type', () => {
  it('a text lesson with nothing else says nothing about video, media or an empty quiz', () => {
    expect(facts(text)).toEqual([]);
    expect(labels.hasDuration(text)).toBe(false);
  });

  it('a video lesson says where its video is', () => {
    expect(facts(video)).toEqual(['No video yet']);
    expect(facts({ ...video, video_status: 'PROCESSING' })).toEqual(['Video processing']);
    expect(facts({ ...video, video_status: 'READY', video_url: 'https://x/v.mp4' })).toEqual(['Video ready']);
    const failed = labels.lessonRowFacts({ ...video, video_status: 'FAILED', video_error: 'unreadable file' });
    expect(failed).toEqual([
      { kind: 'video', text: 'Video failed — unreadable file', tone: 'danger', videoState: 'failed' },
    ]);
  });

  it('a quiz lesson says its quiz, and its points only when set', () => {
    expect(facts(quiz)).toEqual(['Quiz published · 12 points']);
    expect(facts({ ...quiz, quiz: { ...emptyQuiz } })).toEqual(['Quiz draft']);
    expect(facts({ ...quiz, quiz: { ...emptyQuiz, total_points: '7.50' } })).toEqual(['Quiz draft · 7.50 points']);
  });

  it('a document or image lesson names its file; other lessons say what they really have', () => {
    expect(facts(lesson(4, { lesson_type: 'DOCUMENT', document_name: 'handout.pdf' }))).toEqual(['handout.pdf']);
    expect(facts(lesson(5, { lesson_type: 'IMAGE', image_name: 'map.png' }))).toEqual(['map.png']);
    // A text lesson that does have a video, and a quiz with points, says so.
    expect(facts({ ...text, video_status: 'READY' })).toEqual(['Video ready']);
    expect(facts({ ...text, quiz: { ...emptyQuiz, total_points: '1.00' } })).toEqual(['Quiz draft · 1 point']);
    // The lesson's own video listed again among its media is not said twice; other media are.
    const media = [
      { id: id(40), media_type: 'VIDEO', position: 0, file_name: 'take.mp4' },
      { id: id(41), media_type: 'DOCUMENT', position: 1, file_name: 'notes.pdf' },
    ];
    expect(facts({ ...video, video_status: 'READY', content_media: media })).toEqual(['Video ready', 'notes.pdf']);
  });
});

function renderSection(lessons: Lesson[], onDelete = vi.fn()) {
  const section = { id: SECTION, title: 'Hazards', order: 1, lessons } as Section;
  render(
    <rows.SectionLessons
      courseId={COURSE}
      section={section}
      header={<header data-testid="section-row">Section 1 Hazards</header>}
      deletes={[]}
      creates={[]}
      onDelete={onDelete}
    />,
  );
  return onDelete;
}

const rowOf = (l: Lesson) => document.querySelector<HTMLElement>(`[data-lesson-id="${l.id}"]`)!;

describe('the rows on screen', () => {
  it('are numbered by position, whatever gaps a delete left in the server’s order', () => {
    renderSection([text, video, { ...quiz, order: 4 }]);
    const numbers = [...document.querySelectorAll('.row-order')].map((n) => n.textContent);
    expect(numbers).toEqual(['1.', '2.', '3.']);
    expect(screen.getByTestId('section-row').textContent).toContain('Section 1');
  });

  it('each row shows only its own facts and one quiet button, its menu', () => {
    renderSection([text, video, quiz]);
    expect(rowOf(text).textContent).toBe('⠿1.Reading the signsText⋯');
    expect(within(rowOf(video)).getByTestId('video-state').textContent).toBe('No video yet');
    expect(within(rowOf(quiz)).getByTestId('lesson-quiz').textContent).toBe('Quiz published · 12 points');
    expect(rowOf(quiz).textContent).toContain('5 min');
    for (const l of [text, video, quiz]) {
      expect(rowOf(l).textContent).not.toMatch(/none|Media|0\.00/);
      expect(
        within(rowOf(l))
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual([`Actions for ${l.title}`]);
      // The whole title on hover/focus, in case the row must cut it.
      expect(within(rowOf(l)).getByRole('link').getAttribute('title')).toBe(l.title);
    }
  });
});

describe('the row menu', () => {
  it('opens on its first action; Move up is off on the first lesson; Escape gives focus back', async () => {
    renderSection([text, video, quiz]);
    const button = screen.getByRole('button', { name: `Actions for ${text.title}` });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Move up', 'Move down', 'Delete…']);
    expect(within(menu).getByRole('menuitem', { name: 'Move up' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Move down'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Delete…');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Move down'); // wraps, skipping the disabled one
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Delete… asks through the screen (focus back on the menu button first)', () => {
    const onDelete = renderSection([text, video]);
    const button = screen.getByRole('button', { name: `Actions for ${video.title}` });
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect((onDelete.mock.calls[0] as [Section, Lesson])[1].id).toBe(video.id);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Move down sends the move to main with the new position', async () => {
    fake.handle('lessons.move', () => ({ ok: true }));
    renderSection([text, video, quiz]);
    fireEvent.click(screen.getByRole('button', { name: `Actions for ${text.title}` }));
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Move down' }));
    });
    await waitFor(() =>
      expect(fake.inputsTo('lessons.move')).toEqual([
        { courseId: COURSE, sectionId: SECTION, id: text.id, position: 2 },
      ]),
    );
    expect(screen.getByRole('status').textContent).toBe('Moved “Reading the signs” to position 2 of 3.');
  });

  it('Alt+↑ on a lesson still moves it (the menu does not take the key)', async () => {
    fake.handle('lessons.move', () => ({ ok: true }));
    renderSection([text, video, quiz]);
    fireEvent.keyDown(within(rowOf(quiz)).getByRole('link'), { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(within(rowOf(video)).getByRole('button'), { key: 'ArrowUp', altKey: true });
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() =>
      expect(fake.inputsTo('lessons.move').map((m) => [m.id, m.position])).toEqual([
        [quiz.id, 2],
        [video.id, 1],
      ]),
    );
  });
});
