/**
 * Renderer. The toast stack (`lib/notices.ts` decides what is in it): bottom right, above the status
 * bar, at most three on screen (the rest wait behind "N more"). Information is announced politely
 * (role=status), errors at once (role=alert). Nothing fades while the pointer is on the stack or
 * focus is in it. The stack never covers the control that has focus: when the focused element sits
 * under it, it moves to the top of the window.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNotices, visibleNotices, type Notice } from '../lib/notices.ts';
import { t } from '../lib/i18n.ts';

/** The region's distance from the window's bottom edge (`.notices` in components.css). */
const BOTTOM_GAP_PX = 56;

/** True when the focused element lies where the stack sits at the bottom right (its usual place). */
function focusUnderStack(box: HTMLElement): boolean {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return false;
  const { width, height } = box.getBoundingClientRect();
  const bottom = window.innerHeight - BOTTOM_GAP_PX;
  const right = window.innerWidth - parseFloat(getComputedStyle(box).right);
  const f = focused.getBoundingClientRect();
  return f.bottom > bottom - height && f.top < bottom && f.right > right - width && f.left < right;
}

/** Top when the focused control is under the stack's usual place; judged again on every move. */
function usePlacement(region: RefObject<HTMLElement | null>, shown: number): boolean {
  const [atTop, setAtTop] = useState(false);
  useEffect(() => {
    const place = () => {
      const box = region.current;
      // Focus inside the stack (a press on its Undo) keeps it where it is: moving it between the
      // press and the release would take the button from under the pointer.
      if (box?.contains(document.activeElement)) return;
      setAtTop(shown > 0 && box !== null && focusUnderStack(box));
    };
    place();
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [region, shown]);
  return atTop;
}

/**
 * Where focus was before it came into the stack: a toast's button used (Undo, ×) leaves with its
 * toast, and focus would fall to the page; it goes back there instead (the row just moved, …).
 */
function useFocusReturn() {
  const cameFrom = useRef<HTMLElement | null>(null);
  const noteEntry = (event: React.FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
  };
  const giveBack = () =>
    requestAnimationFrame(() => {
      const active = document.activeElement;
      const from = cameFrom.current;
      if (active !== null && active !== document.body) return;
      if (from?.isConnected) from.focus({ preventScroll: true });
    });
  return { noteEntry, giveBack };
}

/** Hover or focus inside the stack stops every fade clock; leaving both starts them again. */
function usePause(onEnter: (event: React.FocusEvent<HTMLElement>) => void) {
  const setPaused = useNotices((s) => s.setPaused);
  const hovered = useRef(false);
  const focused = useRef(false);
  const update = () => setPaused(hovered.current || focused.current);
  useEffect(() => () => setPaused(false), [setPaused]);
  return {
    onMouseEnter: () => {
      hovered.current = true;
      update();
    },
    onMouseLeave: () => {
      hovered.current = false;
      update();
    },
    onFocus: (event: React.FocusEvent<HTMLElement>) => {
      onEnter(event);
      focused.current = true;
      update();
    },
    onBlur: (event: React.FocusEvent<HTMLElement>) => {
      if (event.currentTarget.contains(event.relatedTarget)) return;
      focused.current = false;
      update();
    },
  };
}

function Toast({ notice, left }: { notice: Notice; left: () => void }) {
  const dismiss = useNotices((s) => s.dismiss);
  const act = useNotices((s) => s.act);
  return (
    <div
      className={`notice notice--${notice.level}`}
      role={notice.level === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      data-testid="notice"
      data-level={notice.level}
    >
      <p>{notice.message}</p>
      {notice.action && (
        <button
          type="button"
          className="button button--small"
          data-testid="notice-action"
          onClick={() => {
            act(notice.id);
            left();
          }}
        >
          {notice.action.label}
        </button>
      )}
      <button
        type="button"
        className="button button--ghost button--icon"
        onClick={() => {
          dismiss(notice.id);
          left();
        }}
        aria-label={t({ id: 'components.notices.dismiss', defaultMessage: 'Dismiss' })}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function Notices() {
  const notices = useNotices((s) => s.notices);
  const region = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = visibleNotices(notices);
  const list = expanded ? notices : shown;
  const atTop = usePlacement(region, list.length);
  const focusReturn = useFocusReturn();
  const pause = usePause(focusReturn.noteEntry);
  if (expanded && hidden.length === 0) setExpanded(false);

  return (
    <section
      ref={region}
      className={`notices${atTop ? ' notices--top' : ''}${expanded ? ' notices--expanded' : ''}`}
      aria-label={t({ id: 'components.notices.notifications', defaultMessage: 'Notifications' })}
      data-testid="notices"
      data-placement={atTop ? 'top' : 'bottom'}
      {...pause}
    >
      {hidden.length > 0 && (
        <button
          type="button"
          className="notices-more"
          data-testid="notices-more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t({ id: 'components.notices.showFewer', defaultMessage: 'Show fewer' }) : `${hidden.length} more`}
        </button>
      )}
      {list.map((notice) => (
        <Toast key={notice.id} notice={notice} left={focusReturn.giveBack} />
      ))}
    </section>
  );
}
