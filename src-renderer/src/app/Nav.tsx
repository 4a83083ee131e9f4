/** Renderer. The main navigation: one link per screen, the current one marked for assistive tech. */
import { defineMessage } from 'react-intl';
import type { Profile } from '../../../src-shared/index.ts';
import { useSync } from '../lib/sync-status.ts';
import { totalsOf, useUploads } from '../features/uploads/index.ts';
import { href, sectionOf, type Route, type RouteName } from '../lib/router.ts';
import { t, type MessageDescriptor } from '../lib/i18n.ts';

interface Item {
  name: RouteName;
  label: MessageDescriptor;
  route: Route;
  needs?: 'assessments' | 'assignments';
}

const ITEMS: Item[] = [
  {
    name: 'courses',
    label: defineMessage({ id: 'app.nav.courses', defaultMessage: 'Courses' }),
    route: { name: 'courses' },
  },
  {
    name: 'quizzes',
    label: defineMessage({ id: 'app.nav.quizzes', defaultMessage: 'Quizzes' }),
    route: { name: 'quizzes' },
  },
  {
    name: 'assessments',
    label: defineMessage({ id: 'app.nav.assessments', defaultMessage: 'Assessments' }),
    route: { name: 'assessments', courseId: null },
    needs: 'assessments',
  },
  {
    name: 'assignments',
    label: defineMessage({ id: 'app.nav.assignments', defaultMessage: 'Assignments' }),
    route: { name: 'assignments' },
    needs: 'assignments',
  },
  {
    name: 'drafts',
    label: defineMessage({ id: 'app.nav.drafts', defaultMessage: 'Changes & sync' }),
    route: { name: 'drafts' },
  },
  {
    name: 'uploads',
    label: defineMessage({ id: 'app.nav.uploads', defaultMessage: 'Uploads' }),
    route: { name: 'uploads' },
  },
  {
    name: 'workspaces',
    label: defineMessage({ id: 'app.nav.workspaces', defaultMessage: 'Workspaces' }),
    route: { name: 'workspaces' },
  },
  {
    name: 'diagnostics',
    label: defineMessage({ id: 'app.nav.diagnostics', defaultMessage: 'Diagnostics' }),
    route: { name: 'diagnostics' },
  },
];

export function Nav({ route, profile }: { route: Route; profile: Profile | null }) {
  const current = sectionOf(route);
  // In progress: waiting or sending. Refused changes are not (the status bar counts them apart).
  const outboxCount = useSync((s) => (s.status?.outbox.queued ?? 0) + (s.status?.outbox.sending ?? 0));
  const activeUploads = useUploads((s) => totalsOf(s.rows).active);
  return (
    <nav className="nav" aria-label={t({ id: 'app.nav.main', defaultMessage: 'Main' })}>
      <ul>
        {ITEMS.map((item) => {
          const unavailable = item.needs && profile && !profile.capabilities[item.needs];
          const count = item.name === 'drafts' ? outboxCount : item.name === 'uploads' ? activeUploads : 0;
          return (
            <li key={item.name}>
              <a
                href={href(item.route)}
                className={`nav-link${unavailable ? ' nav-link--unavailable' : ''}`}
                aria-current={current === item.name ? 'page' : undefined}
              >
                <span>{t(item.label)}</span>
                {unavailable && (
                  <span className="nav-note">
                    {t({ id: 'app.nav.notWithThisKey', defaultMessage: 'not with this key' })}
                  </span>
                )}
                {count > 0 && (
                  <>
                    <span className="nav-count" aria-hidden="true">
                      {count}
                    </span>
                    <span className="visually-hidden">
                      {' '}
                      {t({ id: 'app.nav.inProgress', defaultMessage: '({count} in progress)' }, { count })}
                    </span>
                  </>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
