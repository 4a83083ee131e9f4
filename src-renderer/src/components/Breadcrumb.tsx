/**
 * Renderer. The small trail above a screen's title ("Course / Section"): one line, each title cut
 * on its own with its start kept (dir="auto", so a right-to-left title is cut at its end, not its
 * start), the whole of it on hover, and the "/" between them isolated from both titles' directions
 * so it never lands inside one. Fed by props: a link or plain text per step.
 */
import { Fragment } from 'react';
import { t } from '../lib/i18n.ts';

export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  return (
    <nav
      className="breadcrumb"
      aria-label={t({ id: 'components.breadcrumb.breadcrumb', defaultMessage: 'Breadcrumb' })}
    >
      {items.map((item, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <span className="breadcrumb-separator" aria-hidden="true">
              /
            </span>
          )}
          {item.href ? (
            <a className="breadcrumb-item" href={item.href} dir="auto" title={item.label}>
              {item.label}
            </a>
          ) : (
            <span className="breadcrumb-item" dir="auto" title={item.label}>
              {item.label}
            </span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
