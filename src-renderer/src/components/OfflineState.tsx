/**
 * Renderer. What a screen with no saved copy says while the server cannot be reached: at once,
 * instead of a spinner waiting out timeouts. "Retry" checks the connection, then reads again (main
 * fetches when the server answers, and answers "offline" again at once when it does not).
 */
import { useState } from 'react';
import { splitTechnical } from '../../../src-shared/connection-words.ts';
import { useSync } from '../lib/sync-status.ts';
import { ErrorDetails } from './ErrorDetails.tsx';
import { t } from '../lib/i18n.ts';

export const OFFLINE_NOTHING_SAVED = 'Offline — nothing saved on this computer yet';

export function OfflineNothingSaved({ reason, onRetry }: { reason: string | null; onRetry: () => void }) {
  const state = useSync((s) => s.status?.state ?? null);
  const [retrying, setRetrying] = useState(false);
  // The reason in words; its code and request behind "Details" (said once, plainly).
  const why = reason ? splitTechnical(reason) : { sentence: null, technical: null };
  const retry = () => {
    setRetrying(true);
    void useSync
      .getState()
      .checkNow()
      .then(() => {
        setRetrying(false);
        onRetry();
      });
  };
  return (
    <div className="state state--empty state--offline" data-testid="offline-nothing-saved" role="status">
      <p className="state-title">
        {state === 'key-rejected'
          ? t({
              id: 'components.offlineState.theServerRefusedThisWorkspace',
              defaultMessage: 'The server refused this workspace’s key — nothing saved on this computer yet',
            })
          : OFFLINE_NOTHING_SAVED}
      </p>
      <div className="state-body">
        <p>
          {t({
            id: 'components.offlineState.connectToTheServerOnce',
            defaultMessage: 'Connect to the server once to read this here offline later.',
          })}
        </p>
        {why.sentence && <p className="muted">{why.sentence}</p>}
        <ErrorDetails detail={why.technical} />
        <button type="button" className="button" onClick={retry} disabled={retrying}>
          {retrying
            ? t({ id: 'components.offlineState.checking', defaultMessage: 'Checking…' })
            : t({ id: 'components.offlineState.retry', defaultMessage: 'Retry' })}
        </button>
      </div>
    </div>
  );
}
