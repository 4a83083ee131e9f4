/**
 * Renderer. The status bar: connection state, what waits in the outbox, uploads in progress,
 * and which Lectern this is. Always visible, so the user knows whether their work is on the server.
 */
import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../src-shared/index.ts';
import { call } from '../bridge.ts';
import { CONNECTION_LABELS, CONNECTION_SENTENCES, useSync } from '../lib/sync-status.ts';
import { totalsOf, useUploads } from '../features/uploads/store.ts';
import { formatSpeed, plural } from '../lib/format.ts';
import { href } from '../lib/router.ts';

export function StatusBar() {
  const status = useSync((s) => s.status);
  const rows = useUploads((s) => s.rows);
  const limit = useUploads((s) => s.bandwidthBytesPerSec);
  const uploads = totalsOf(rows, limit);
  const [info, setInfo] = useState<AppInfo | null>(null);

  useEffect(() => {
    call((b) => b.app.info()).then(setInfo, () => undefined);
  }, []);

  const state = status?.state ?? null;
  const outbox = status?.outbox;

  return (
    <footer className="statusbar" aria-label="Status">
      <div
        className={`status-item connection connection--${state ?? 'unknown'}`}
        data-testid="connection-state"
        data-state={state ?? 'unknown'}
        title={status?.message ?? undefined}
        role="status"
      >
        <span className="connection-dot" aria-hidden="true" />
        <span>{state ? CONNECTION_LABELS[state] : 'Connecting…'}</span>
        {state && state !== 'online' && <span className="status-detail">— {CONNECTION_SENTENCES[state]}</span>}
      </div>

      <a className="status-item status-link" href={href({ name: 'drafts' })} data-testid="outbox-count">
        {!outbox || outbox.count === 0
          ? 'Nothing waiting to send'
          : `${plural(outbox.count, 'change')} waiting to send${outbox.failed ? ` · ${outbox.failed} failed` : ''}`}
      </a>

      {uploads.files > 0 && (
        <a className="status-item status-link" href={href({ name: 'uploads' })} data-testid="status-uploads">
          {uploads.active > 0
            ? `${plural(uploads.active, 'upload')} running · ${uploads.activePercent}% · ${formatSpeed(uploads.speedBps)}`
            : `Uploads: ${uploads.done} done${uploads.paused ? `, ${uploads.paused} paused` : ''}${uploads.failed ? `, ${uploads.failed} failed` : ''}`}
        </a>
      )}

      <div className="status-item status-about">
        <span>
          Lectern <span data-testid="app-version">{info?.version ?? ''}</span>
        </span>
        <span aria-hidden="true">·</span>
        <span data-testid="app-transport">
          {info ? (info.transport === 'electron' ? `Electron ${info.versions.electron ?? ''}` : 'Bridge host') : ''}
        </span>
      </div>
    </footer>
  );
}
