/**
 * Renderer. The status bar: connection state, every change of the workspace in one summary (the
 * one state model: conflicts, refused, sending, waiting), uploads in progress (one percent over
 * the current batch: never back when one finishes, 100 % only when none runs), and which Lectern
 * this is. Always visible, so the user knows whether their work is safe. What the key may not
 * change is said once, by the workspace's banner (features/drafts/WriteRefusalNotice.tsx).
 */
import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../src-shared/index.ts';
import { call } from '../bridge.ts';
import { connectionLabel, connectionSentence, useSync, workSummary } from '../lib/sync-status.ts';
import { totalsOf, useUploads } from '../features/uploads/index.ts';
import { UpdateStatusItem } from '../features/updates/index.ts';
import { formatSpeed } from '../lib/format.ts';
import { href } from '../lib/router.ts';
import { t } from '../lib/i18n.ts';

export function StatusBar() {
  const status = useSync((s) => s.status);
  const [info, setInfo] = useState<AppInfo | null>(null);

  useEffect(() => {
    call((b) => b.app.info()).then(setInfo, () => undefined);
  }, []);

  const state = status?.state ?? null;
  const work = workSummary(status);

  return (
    <footer className="statusbar" aria-label={t({ id: 'app.statusBar.status', defaultMessage: 'Status' })}>
      <div
        className={`status-item connection connection--${state ?? 'unknown'}`}
        data-testid="connection-state"
        data-state={state ?? 'unknown'}
        title={status?.message ?? undefined}
        role="status"
      >
        <span className="connection-dot" aria-hidden="true" />
        <span>
          {state ? connectionLabel(state) : t({ id: 'app.statusBar.connecting', defaultMessage: 'Connecting…' })}
        </span>
        {state && state !== 'online' && <span className="status-detail">— {connectionSentence(state)}</span>}
      </div>

      <a
        className={`status-item status-link status-work status-work--${work.tone}`}
        href={href({ name: 'drafts' })}
        data-testid="outbox-count"
      >
        {work.text}
      </a>

      <UploadsItem />

      <UpdateStatusItem />

      <div className="status-item status-about">
        <span>
          {t({ id: 'app.statusBar.lectern', defaultMessage: 'Lectern' })}{' '}
          <span data-testid="app-version">{info?.version ?? ''}</span>
        </span>
        <span aria-hidden="true">·</span>
        <span data-testid="app-transport">
          {info
            ? info.transport === 'electron'
              ? t(
                  { id: 'app.statusBar.electron', defaultMessage: 'Electron {value}' },
                  { value: info.versions.electron ?? '' },
                )
              : t({ id: 'app.statusBar.bridgeHost', defaultMessage: 'Bridge host' })
            : ''}
        </span>
      </div>
    </footer>
  );
}

function UploadsItem() {
  const rows = useUploads((s) => s.rows);
  const limit = useUploads((s) => s.bandwidthBytesPerSec);
  const memory = useUploads((s) => s.memory);
  const uploads = totalsOf(rows, limit, memory);
  if (uploads.files === 0) return null;
  return (
    <a
      className="status-item status-link"
      href={href({ name: 'uploads' })}
      data-testid="status-uploads"
      data-active={uploads.active}
      data-percent={uploads.activePercent}
    >
      {uploads.active > 0
        ? t(
            {
              id: 'app.statusBar.uploadsRunning',
              defaultMessage:
                '{count, plural, one {# upload running} other {# uploads running}} · {percent}% · {speed}',
            },
            { count: uploads.active, percent: uploads.activePercent, speed: formatSpeed(uploads.speedBps) },
          )
        : t(
            {
              id: 'app.statusBar.uploadsDone',
              defaultMessage:
                'Uploads: {done} done{paused, plural, =0 {} other {, # paused}}{failed, plural, =0 {} other {, # failed}}',
            },
            { done: uploads.done, paused: uploads.paused, failed: uploads.failed },
          )}
    </a>
  );
}
