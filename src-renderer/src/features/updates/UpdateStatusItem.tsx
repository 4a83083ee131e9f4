/**
 * Renderer. The status bar's word on updates, shown only while there is something to say: the
 * download's progress, a ready update and what it waits for (with "Restart now"), or a newer
 * version this copy's package manager installs. The details and the setting are on Diagnostics.
 */
import { t } from '../../lib/i18n.ts';
import { href } from '../../lib/router.ts';
import { updateWords } from './messages.ts';
import { useUpdates } from './store.ts';

export function UpdateStatusItem() {
  const status = useUpdates((s) => s.status);
  const pending = useUpdates((s) => s.pending);
  const restartNow = useUpdates((s) => s.restartNow);
  if (!status) return null;
  if (status.state === 'downloading') {
    return (
      <a className="status-item status-link" href={href({ name: 'diagnostics' })} data-testid="status-update">
        {t(updateWords.downloading, { percent: status.percent ?? 0 })}
      </a>
    );
  }
  if (status.state === 'available') {
    return (
      <a
        className="status-item status-link"
        href={href({ name: 'diagnostics' })}
        title={status.message}
        data-testid="status-update"
      >
        {t(updateWords.available, { version: status.version ?? '' })}
      </a>
    );
  }
  if (status.state !== 'ready' && status.state !== 'restarting') return null;
  return (
    <div className="status-item status-update" data-testid="status-update" data-state={status.state} role="status">
      <span className="status-detail" title={status.message}>
        {status.message}
      </span>
      {status.canRestart && (
        <button
          type="button"
          className="button button--small"
          onClick={() => void restartNow()}
          disabled={pending !== null}
          title={t(updateWords.restartHint)}
        >
          {t(updateWords.restartNow)}
        </button>
      )}
    </div>
  );
}
