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
import { CONNECTION_LABELS, CONNECTION_SENTENCES, useSync, workSummary } from '../lib/sync-status.ts';
import { totalsOf, useUploads } from '../features/uploads/index.ts';
import { UpdateStatusItem } from '../features/updates/index.ts';
import { formatSpeed, plural } from '../lib/format.ts';
import { href } from '../lib/router.ts';

export function StatusBar() {
  const status = useSync((s) => s.status);
  const [info, setInfo] = useState<AppInfo | null>(null);

  useEffect(() => {
    call((b) => b.app.info()).then(setInfo, () => undefined);
  }, []);

  const state = status?.state ?? null;
  const work = workSummary(status);

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
        ? `${plural(uploads.active, 'upload')} running · ${uploads.activePercent}% · ${formatSpeed(uploads.speedBps)}`
        : `Uploads: ${uploads.done} done${uploads.paused ? `, ${uploads.paused} paused` : ''}${uploads.failed ? `, ${uploads.failed} failed` : ''}`}
    </a>
  );
}
