/**
 * Renderer. The palette's entries: the fixed actions and screens, and a cache hit as an entry
 * (its kind's word, where it lives, where it leads).
 */
import type { PaletteHit } from '../../../src-shared/index.ts';
import { lessonHref } from '../lib/lesson-link.ts';
import { href, navigate, type Route } from '../lib/router.ts';

export interface Entry {
  key: string;
  label: string;
  kind: string;
  detail: string | null;
  run: () => void;
}

const KIND_LABELS: Record<PaletteHit['kind'], string> = {
  course: 'Course',
  section: 'Section',
  lesson: 'Lesson',
  assessment: 'Assessment',
};

function hitHref(hit: PaletteHit): string {
  switch (hit.kind) {
    case 'course':
      return href({ name: 'course', id: hit.id });
    case 'assessment':
      return href({ name: 'assessment', id: hit.id });
    case 'section':
      return hit.courseId
        ? `${href({ name: 'course', id: hit.courseId })}?section=${encodeURIComponent(hit.id)}`
        : '#/';
    case 'lesson':
      return hit.courseId ? lessonHref(hit.courseId, hit.id, hit.sectionId) : '#/';
  }
}

function courseOf(route: Route): string | null {
  if (route.name === 'course') return route.id;
  if (route.name === 'assessments' || route.name === 'assessment-new') return route.courseId;
  return null;
}

const go = (target: Route | string) => () => {
  if (typeof target === 'string') window.location.hash = target;
  else navigate(target);
};

export function hitEntry(hit: PaletteHit): Entry {
  return {
    key: `${hit.kind}:${hit.id}`,
    label: hit.title,
    kind: KIND_LABELS[hit.kind],
    detail: hit.detail,
    run: go(hitHref(hit)),
  };
}

export const SHORTCUTS_KEY = 'shortcuts';

/** The actions and screens, "New assessment" in the open course when one is open. */
export function actionEntries(route: Route, onShowShortcuts: () => void): Entry[] {
  const courseId = courseOf(route);
  const action = (key: string, label: string, target: Route, detail: string | null = null): Entry => ({
    key,
    label,
    kind: 'Action',
    detail,
    run: go(target),
  });
  const screen = (key: string, label: string, target: Route): Entry => ({
    key,
    label: `Go to ${label}`,
    kind: 'Go to',
    detail: null,
    run: go(target),
  });
  return [
    action(
      'new-assessment',
      'New assessment',
      { name: 'assessment-new', courseId, draftId: null },
      courseId ? 'In this course' : null,
    ),
    action('upload', 'Upload videos', { name: 'uploads' }),
    action('workspace', 'Switch workspace…', { name: 'workspaces' }),
    action('new-assignment', 'New assignment', { name: 'assignment-new', draftId: null }),
    screen('courses', 'Courses', { name: 'courses' }),
    screen('quizzes', 'Quizzes', { name: 'quizzes' }),
    screen('assessments', 'Assessments', { name: 'assessments', courseId: null }),
    screen('assignments', 'Assignments', { name: 'assignments' }),
    screen('drafts', 'Drafts & sync', { name: 'drafts' }),
    screen('uploads-screen', 'Uploads', { name: 'uploads' }),
    screen('workspaces-screen', 'Workspaces', { name: 'workspaces' }),
    screen('diagnostics', 'Diagnostics', { name: 'diagnostics' }),
    { key: SHORTCUTS_KEY, label: 'Keyboard shortcuts', kind: 'Help', detail: '?', run: onShowShortcuts },
  ];
}

export function matchingActions(actions: Entry[], text: string): Entry[] {
  const needle = text.trim().toLocaleLowerCase();
  return needle ? actions.filter((a) => a.label.toLocaleLowerCase().includes(needle)) : actions;
}
