/**
 * Renderer. Hash routing without a router dependency: `#/courses`, `#/courses/<id>`,
 * `#/assessments/<id>`, … The app never rewrites the address on start (the bridge host hands its
 * token over in the fragment, and an empty fragment simply means "Courses").
 */
import { useMemo, useSyncExternalStore } from 'react';

export type Route =
  | { name: 'courses' }
  | { name: 'course'; id: string }
  | { name: 'lesson'; courseId: string; sectionId: string; id: string }
  | { name: 'lesson-new'; courseId: string; sectionId: string; draftId: string | null }
  | { name: 'quizzes' }
  | { name: 'assessments'; courseId: string | null }
  | { name: 'assessment'; id: string }
  | { name: 'assignment-new'; draftId: string | null }
  | { name: 'assessment-new'; courseId: string | null; draftId: string | null }
  | { name: 'assignments' }
  | { name: 'drafts' }
  | { name: 'draft'; id: string }
  | { name: 'workspaces' }
  | { name: 'uploads'; courseId?: string | null }
  | { name: 'diagnostics' };

export type RouteName = Route['name'];

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  if (!raw.startsWith('/')) return { name: 'courses' };
  const [pathPart = '', queryPart = ''] = raw.split('?');
  const parts = pathPart.split('/').filter(Boolean).map(decodeURIComponent);
  const query = new URLSearchParams(queryPart);
  const [first, second] = parts;
  switch (first) {
    case undefined:
    case 'courses': {
      // courses/<id>/sections/<sectionId>/lessons/<lessonId | new>
      const [, , sectionsWord, sectionId, lessonsWord, lessonId] = parts;
      if (second && sectionsWord === 'sections' && sectionId && lessonsWord === 'lessons' && lessonId) {
        return lessonId === 'new'
          ? { name: 'lesson-new', courseId: second, sectionId, draftId: query.get('draft') }
          : { name: 'lesson', courseId: second, sectionId, id: lessonId };
      }
      return second ? { name: 'course', id: second } : { name: 'courses' };
    }
    case 'quizzes':
      return { name: 'quizzes' };
    case 'assessments':
      if (second === 'new')
        return { name: 'assessment-new', courseId: query.get('course'), draftId: query.get('draft') };
      return second ? { name: 'assessment', id: second } : { name: 'assessments', courseId: query.get('course') };
    case 'assignments':
      // `#/assignments` alone is the list; the form is `#/assignments/new` (older links carry ?draft=).
      if (second === undefined && !query.has('draft')) return { name: 'assignments' };
      return { name: 'assignment-new', draftId: query.get('draft') };
    case 'drafts':
      return second ? { name: 'draft', id: second } : { name: 'drafts' };
    case 'workspaces':
      return { name: 'workspaces' };
    case 'uploads':
      return { name: 'uploads', courseId: query.get('course') };
    case 'diagnostics':
      return { name: 'diagnostics' };
    default:
      return { name: 'courses' };
  }
}

export function href(route: Route): string {
  const enc = encodeURIComponent;
  switch (route.name) {
    case 'courses':
      return '#/courses';
    case 'course':
      return `#/courses/${enc(route.id)}`;
    case 'lesson':
      return `#/courses/${enc(route.courseId)}/sections/${enc(route.sectionId)}/lessons/${enc(route.id)}`;
    case 'lesson-new': {
      const base = `#/courses/${enc(route.courseId)}/sections/${enc(route.sectionId)}/lessons/new`;
      return route.draftId ? `${base}?draft=${enc(route.draftId)}` : base;
    }
    case 'quizzes':
      return '#/quizzes';
    case 'assessments':
      return route.courseId ? `#/assessments?course=${enc(route.courseId)}` : '#/assessments';
    case 'assessment':
      return `#/assessments/${enc(route.id)}`;
    case 'assignment-new':
      return route.draftId ? `#/assignments/new?draft=${enc(route.draftId)}` : '#/assignments/new';
    case 'assessment-new': {
      const query = new URLSearchParams();
      if (route.courseId) query.set('course', route.courseId);
      if (route.draftId) query.set('draft', route.draftId);
      const qs = query.toString();
      return qs ? `#/assessments/new?${qs}` : '#/assessments/new';
    }
    case 'assignments':
      return '#/assignments';
    case 'drafts':
      return '#/drafts';
    case 'draft':
      return `#/drafts/${enc(route.id)}`;
    case 'workspaces':
      return '#/workspaces';
    case 'uploads':
      return route.courseId ? `#/uploads?course=${enc(route.courseId)}` : '#/uploads';
    case 'diagnostics':
      return '#/diagnostics';
  }
}

export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const target = href(route);
  if (options.replace) {
    history.replaceState(null, '', target);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else if (window.location.hash !== target) {
    window.location.hash = target;
  }
}

/**
 * Puts a new form's draft in the address once the draft exists (so a reload continues it), unless
 * the address has left that form meanwhile: the draft's answer can come after the person moved on,
 * and replacing the address then took them back to the form.
 */
export function showDraftInAddress(route: Extract<Route, { draftId: string | null }>): void {
  const here = window.location.hash;
  if (here === href({ ...route, draftId: null }) || here === href(route)) navigate(route, { replace: true });
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

function snapshot(): string {
  return window.location.hash;
}

/** The current route; re-renders on every hash change. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => parseHash(hash), [hash]);
}

/** The top-level section a route belongs to (for the navigation's current item). */
export function sectionOf(route: Route): RouteName {
  switch (route.name) {
    case 'course':
    case 'lesson':
    case 'lesson-new':
      return 'courses';
    case 'assessment':
    case 'assessment-new':
      return 'assessments';
    case 'assignment-new':
      return 'assignments';
    case 'draft':
      return 'drafts';
    default:
      return route.name;
  }
}
