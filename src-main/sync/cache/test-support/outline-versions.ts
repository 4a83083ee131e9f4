// Test support (tests only). Versions of one course's outline that differ the ways the app's
// writes do: a few lessons renamed (processing reads), lessons added or gone (uploads landing,
// deletes), sections swapped (a section move). Each lesson carries the version that wrote it last.
export const OUTLINE_KEY = 'sections?courseId=kill-course';

export function outlineVersion(version: number) {
  const sizes = [120 + (version % 7) * 9, 40, 300 - (version % 5) * 20];
  const sections = sizes.map((count, s) => ({
    id: `s-${s}`,
    title: `Section ${s}`,
    lessons: Array.from({ length: count }, (_, l) => ({
      id: `l-${s}-${l}`,
      order: l + 1,
      // Every lesson is rewritten now and then, a few at every version.
      title: `Lesson ${s}.${l} of v${l % 10 === version % 10 ? version : version - (version % 10)}`,
    })),
  }));
  if (version % 3 === 0) sections.reverse();
  return sections.map((section, index) => ({ ...section, order: index + 1 }));
}
