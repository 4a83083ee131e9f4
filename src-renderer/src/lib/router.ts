/**
 * Renderer. Hash routing without a router dependency: `#/courses`, `#/courses/<id>`,
 * `#/assessments/<id>`, … The app never rewrites the address on start (the bridge host hands its
 * token over in the fragment, and an empty fragment simply means "Courses").
 */
import { useMemo, useSyncExternalStore } from 'react';

export type Route =
  | { name: 'courses' }
  | { name: 'course'; id: string }
  | { name: 'quizzes' }
  | { name: 'assessments'; courseId: string | null }
  | { name: 'assessment'; id: string }
  | { name: 'assignment-new'; draftId: string | null }
  | { name: 'drafts' }
  | { name: 'draft'; id: string }
  | { name: 'workspaces' }
  | { name: 'uploads' }
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
    case 'courses':
      return second ? { name: 'course', id: second } : { name: 'courses' };
    case 'quizzes':
      return { name: 'quizzes' };
    case 'assessments':
      return second ? { name: 'assessment', id: second } : { name: 'assessments', courseId: query.get('course') };
    case 'assignments':
      return { name: 'assignment-new', draftId: query.get('draft') };
    case 'drafts':
      return second ? { name: 'draft', id: second } : { name: 'drafts' };
    case 'workspaces':
      return { name: 'workspaces' };
    case 'uploads':
      return { name: 'uploads' };
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
    case 'quizzes':
      return '#/quizzes';
    case 'assessments':
      return route.courseId ? `#/assessments?course=${enc(route.courseId)}` : '#/assessments';
    case 'assessment':
      return `#/assessments/${enc(route.id)}`;
    case 'assignment-new':
      return route.draftId ? `#/assignments/new?draft=${enc(route.draftId)}` : '#/assignments/new';
    case 'drafts':
      return '#/drafts';
    case 'draft':
      return `#/drafts/${enc(route.id)}`;
    case 'workspaces':
      return '#/workspaces';
    case 'uploads':
      return '#/uploads';
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
      return 'courses';
    case 'assessment':
      return 'assessments';
    case 'draft':
      return 'drafts';
    default:
      return route.name;
  }
}
