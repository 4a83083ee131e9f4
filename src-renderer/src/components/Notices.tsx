/** Renderer. The notices region: action results and main's notices, announced politely. */
import { useNotices } from '../lib/notices.ts';

export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  return (
    <div className="notices" role="status" aria-live="polite" aria-label="Notifications">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.level}`} data-testid="notice">
          <p>{notice.message}</p>
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
