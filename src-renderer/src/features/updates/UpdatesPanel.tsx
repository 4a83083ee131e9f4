/**
 * Renderer. The updates card (on the Diagnostics screen, beside the versions): where the update
 * stands in main's own sentence, its download's progress, "Check now", "Restart now" and the
 * automatic-checks setting (locked when an administrator's policy file turns checks off).
 */
import { useEffect } from 'react';
import { formatLocale, t } from '../../lib/i18n.ts';
import { updateWords } from './messages.ts';
import { useUpdates } from './store.ts';

function when(iso: string): string {
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function UpdatesPanel() {
  useEffect(() => useUpdates.start(), []);
  const { status, pending, checkNow, restartNow, setAutomatic } = useUpdates();
  if (!status) return null;
  return (
    <section
      className="details-section diagnostics-section updates-panel"
      data-testid="updates-panel"
      data-state={status.state}
      aria-labelledby="updates-title"
    >
      <h2 id="updates-title">{t(updateWords.title)}</h2>
      <p className="muted">{t(updateWords.current, { version: status.currentVersion })}</p>
      <p role="status" data-testid="update-message">
        {status.message}
      </p>
      {status.state === 'downloading' && (
        <progress max={100} value={status.percent ?? 0} aria-label={t(updateWords.progressLabel)} />
      )}
      {(status.lastCheckedAt || status.nextCheckAt) && (
        <p className="muted">
          {status.lastCheckedAt && t(updateWords.lastChecked, { time: when(status.lastCheckedAt) })}{' '}
          {status.nextCheckAt && t(updateWords.nextCheck, { time: when(status.nextCheckAt) })}
        </p>
      )}
      <div className="form-actions">
        {status.canRestart && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void restartNow()}
            disabled={pending !== null}
          >
            {t(updateWords.restartNow)}
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => void checkNow()}
          disabled={!status.canCheck || pending !== null}
        >
          {pending === 'check' || status.state === 'checking' ? t(updateWords.checking) : t(updateWords.checkNow)}
        </button>
      </div>
      {status.canRestart && <p className="muted">{t(updateWords.restartHint)}</p>}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={status.automatic && !status.lockedByPolicy}
          disabled={status.lockedByPolicy || pending !== null}
          onChange={(event) => void setAutomatic(event.target.checked)}
        />
        <span>{t(updateWords.automatic)}</span>
      </label>
      {status.lockedByPolicy && <p className="muted">{t(updateWords.lockedByPolicy)}</p>}
    </section>
  );
}
