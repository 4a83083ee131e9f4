/**
 * Renderer. The notices region: action results and main's notices, announced politely. A notice
 * carries its own action (Undo). The region never covers the control that has focus: when the
 * focused element sits under it, it moves to the top of the window.
 */
import { useEffect, useRef, useState } from 'react';
import { useNotices } from '../lib/notices.ts';

/** The region's distance from the window's bottom edge (`.notices` in components.css). */
const BOTTOM_GAP_PX = 56;

export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  const region = useRef<HTMLDivElement>(null);
  const [atTop, setAtTop] = useState(false);

  useEffect(() => {
    const place = () => {
      const box = region.current;
      const focused = document.activeElement;
      if (!box || !(focused instanceof HTMLElement) || box.contains(focused) || notices.length === 0) {
        setAtTop(false);
        return;
      }
      // Judged against where the region sits at the bottom right (its usual place).
      const { width, height } = box.getBoundingClientRect();
      const bottom = window.innerHeight - BOTTOM_GAP_PX;
      const right = window.innerWidth - parseFloat(getComputedStyle(box).right);
      const f = focused.getBoundingClientRect();
      setAtTop(f.bottom > bottom - height && f.top < bottom && f.right > right - width && f.left < right);
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
  }, [notices]);

  return (
    <div
      ref={region}
      className={`notices${atTop ? ' notices--top' : ''}`}
      role="status"
      aria-live="polite"
      aria-label="Notifications"
      data-testid="notices"
      data-placement={atTop ? 'top' : 'bottom'}
    >
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.level}`} data-testid="notice">
          <p>{notice.message}</p>
          {notice.action && (
            <button
              type="button"
              className="button button--small"
              data-testid="notice-action"
              onClick={() => {
                dismiss(notice.id);
                notice.action?.run();
              }}
            >
              {notice.action.label}
            </button>
          )}
          <button
            type="button"
            className="button button--ghost button--icon"
            onClick={() => dismiss(notice.id)}
            aria-label="Dismiss"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
