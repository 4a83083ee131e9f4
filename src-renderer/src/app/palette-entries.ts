/**
 * Renderer. The palette's entries: the fixed actions and screens, a content hit as an entry (its
 * kind's word, where it lives, where it leads), and the one merge of the cache's hits with the
 * server's into groups (Screens, Courses, Sections, Lessons, Assessments, Quizzes).
 */
import type { PaletteHit } from '../../../src-shared/index.ts';
import { lessonHref } from '../lib/lesson-link.ts';
import { href, navigate, type Route } from '../lib/router.ts';
import { t } from '../lib/i18n.ts';

export const GROUPS = ['Screens', 'Courses', 'Sections', 'Lessons', 'Assessments', 'Quizzes'] as const;
export type Group = (typeof GROUPS)[number];

export interface Entry {
  key: string;
  label: string;
  kind: string;
  group: Group;
  detail: string | null;
  run: () => void;
}

const KIND_LABELS: Record<PaletteHit['kind'], string> = {
  course: 'Course',
  section: 'Section',
  lesson: 'Lesson',
  assessment: 'Assessment',
  quiz: 'Quiz',
};
const KIND_GROUPS: Record<PaletteHit['kind'], Group> = {
  course: 'Courses',
  section: 'Sections',
  lesson: 'Lessons',
  assessment: 'Assessments',
  quiz: 'Quizzes',
};
/** At most this many rows per content group, so one kind cannot push the others out of sight. */
export const PER_GROUP = 8;

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
    case 'quiz':
      return hit.courseId && hit.lessonId
        ? lessonHref(hit.courseId, hit.lessonId, hit.sectionId)
        : href({ name: 'quizzes' });
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
    group: KIND_GROUPS[hit.kind],
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
    group: 'Screens',
    detail,
    run: go(target),
  });
  const screen = (key: string, label: string, target: Route): Entry => ({
    key,
    label: t({ id: 'app.paletteentries.goTo', defaultMessage: 'Go to {label}' }, { label }),
    kind: 'Go to',
    group: 'Screens',
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
    screen('drafts', 'Changes & sync', { name: 'drafts' }),
    screen('uploads-screen', 'Uploads', { name: 'uploads' }),
    screen('workspaces-screen', 'Workspaces', { name: 'workspaces' }),
    screen('diagnostics', 'Diagnostics', { name: 'diagnostics' }),
    {
      key: SHORTCUTS_KEY,
      label: t({ id: 'app.paletteentries.keyboardShortcuts', defaultMessage: 'Keyboard shortcuts' }),
      kind: 'Help',
      group: 'Screens',
      detail: '?',
      run: onShowShortcuts,
    },
  ];
}

export function matchingActions(actions: Entry[], text: string): Entry[] {
  const needle = text.trim().toLocaleLowerCase();
  return needle ? actions.filter((a) => a.label.toLocaleLowerCase().includes(needle)) : actions;
}

/**
 * The cache's hits (already ranked by main) and the server's, as one list without repeats: a hit
 * both found keeps the cache's row (it knows where a section or lesson lives), with the server's
 * detail where the cache had none; the server's new finds follow the cache's in each kind.
 */
export function mergeHits(cached: readonly PaletteHit[], server: readonly PaletteHit[]): PaletteHit[] {
  const byKey = new Map<string, PaletteHit>();
  for (const hit of [...cached, ...server]) {
    const key = `${hit.kind}:${hit.id}`;
    const known = byKey.get(key);
    if (!known) byKey.set(key, hit);
    else if (known.detail === null && hit.detail !== null) byKey.set(key, { ...known, detail: hit.detail });
  }
  return [...byKey.values()];
}

export interface EntryGroup {
  group: Group;
  entries: Entry[];
}

/** Entries in the palette's groups, in GROUPS order, empty groups left out, content groups capped. */
export function groupEntries(screens: readonly Entry[], hits: readonly PaletteHit[]): EntryGroup[] {
  const all = [...screens, ...hits.map(hitEntry)];
  return GROUPS.map((group) => {
    const entries = all.filter((entry) => entry.group === group);
    return { group, entries: group === 'Screens' ? entries : entries.slice(0, PER_GROUP) };
  }).filter((g) => g.entries.length > 0);
}
