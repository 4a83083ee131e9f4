/**
 * Renderer. The heading block of every screen. After an in-app navigation the new screen's
 * heading takes the focus, so keyboard and screen-reader users land at the top of what changed.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

let navigated = false;
window.addEventListener('hashchange', () => {
  navigated = true;
});

export interface PageHeaderProps {
  title: string;
  /** The title is the user's own (a course's name): laid out by its own letters (`dir="auto"`). */
  userTitle?: boolean;
  /** Small line above the title: a breadcrumb or the kind of thing. */
  eyebrow?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

export function PageHeader({ title, userTitle, eyebrow, actions, children }: PageHeaderProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Lectern`;
  }, [title]);
  // Before the screen is painted, in the task that put it on the page: focusing the heading also
  // brings the screen to its top, and done after the paint (an effect) it came after a scroll the
  // user (or a test) made meanwhile on a busy machine and threw it away.
  useLayoutEffect(() => {
    if (navigated) ref.current?.focus();
  }, []);
  return (
    <div className="page-header">
      <div className="page-header-text">
        {eyebrow && <div className="page-eyebrow">{eyebrow}</div>}
        <h1 ref={ref} tabIndex={-1} dir={userTitle ? 'auto' : undefined}>
          {title}
        </h1>
        {children}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}
