// Renderer tests. A course outline of any size, with ids a test can name, for the course page's
// and the section window's tests.
import type { Section } from '../../src-shared/index.ts';

export const COURSE = '00000000-0000-4000-8000-000000000001';
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** `count` sections ("Module 1"…) of `lessons` text lessons each ("Lesson 1.1"…), in order. */
export function sectionsOf(count: number, lessons: number): Section[] {
  return Array.from({ length: count }, (_, s) => ({
    id: uuid(1000 + s),
    title: `Module ${s + 1}`,
    order: s + 1,
    lessons: Array.from({ length: lessons }, (_, l) => ({
      id: uuid(100_000 + s * 1000 + l),
      title: `Lesson ${s + 1}.${l + 1}`,
      order: l + 1,
      lesson_type: 'TEXT',
    })),
  })) as unknown as Section[];
}
