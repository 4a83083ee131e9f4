/**
 * Renderer. Where a draft stands, for the editors: the autosave line ("Draft saved 10:42") and a
 * banner for the outbox states (queued, sending, sent, failed, conflict, deleted on the server).
 */
import type { ReactNode } from 'react';
import type { Draft } from '../../../../src-shared/index.ts';
import { useNow } from '../../lib/clock.ts';
import { describeError } from '../../lib/errors.ts';
import { formatClock } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { useSync } from '../../lib/sync-status.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { fieldLabel } from './labels.ts';
import type { DraftSessionState } from './session.ts';

export function AutosaveLine({
  session,
}: {
  session: Pick<DraftSessionState, 'saving' | 'savedAt' | 'saveError' | 'pending' | 'draft'>;
}) {
  const now = useNow();
  const pending = Object.keys(session.pending).length > 0;
  let text: string;
  let tone = 'muted';
  if (session.saveError) {
    text = `Not saved: ${describeError(session.saveError)}`;
    tone = 'danger';
  } else if (session.saving || pending) {
    text = 'Saving draft…';
  } else if (session.savedAt) {
    text = `Draft saved on this computer · ${formatClock(new Date(session.savedAt).toISOString(), now)}`;
  } else if (session.draft) {
    text = 'Draft on this computer';
  } else {
    text = 'No changes yet';
  }
  return (
    <p className={`autosave autosave--${tone}`} role="status" aria-live="polite" data-testid="autosave-status">
      {text}
    </p>
  );
}

interface DraftBannerProps {
  draft: Draft | null;
  subject: string;
  onRetry?: () => void;
  onDiscard?: () => void;
}

export function DraftBanner({ draft, subject, onRetry, onDiscard }: DraftBannerProps) {
  const connection = useSync((s) => s.status?.state ?? null);
  const now = useNow();
  if (!draft) return null;
  const banner = (tone: string, children: ReactNode) => (
    <div
      className={`banner banner--${tone}`}
      data-testid="draft-banner"
      data-state={draft.state}
      role={tone === 'danger' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
  switch (draft.state) {
    case 'queued':
      return banner(
        'info',
        <p>
          <strong>Waiting to send.</strong>{' '}
          {connection && connection !== 'online'
            ? 'Lectern is not connected; it goes out as soon as the server is reachable again.'
            : 'It goes out in a moment.'}
        </p>,
      );
    case 'sending':
      return banner('info', <p>Sending to the server…</p>);
    case 'sent':
      return banner(
        'success',
        <p>
          <strong>Saved to the server</strong> at {formatClock(draft.updatedAt, now)}.
        </p>,
      );
    case 'failed': {
      const fields = Object.entries(draft.fieldErrors);
      return banner(
        'danger',
        <>
          <div>
            <p>
              <strong>The server did not take it.</strong>{' '}
              {draft.error ? describeError(draft.error, { subject, keyMode: activeKeyMode() }) : 'Sending failed.'}
              {draft.inDoubt &&
                ' It may already exist on the server; retrying is safe and will not make a second copy.'}
            </p>
            {fields.length > 0 && (
              <ul className="banner-fields">
                {fields.map(([field, message]) => (
                  <li key={field}>
                    <button type="button" className="button button--link" onClick={() => focusField(field)}>
                      {fieldLabel(field)}
                    </button>
                    : {message}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {/* A refused field needs fixing, not another try. */}
          {onRetry && fields.length === 0 && (
            <button type="button" className="button button--small" onClick={onRetry}>
              Try again
            </button>
          )}
        </>,
      );
    }
    case 'conflict':
      return banner(
        'warning',
        <>
          <p>
            <strong>Changed on the server while you were editing.</strong> Nothing was overwritten. Choose, field by
            field, which version to keep.
          </p>
          <a className="button button--small button--primary" href={href({ name: 'draft', id: draft.id })}>
            Resolve the conflict
          </a>
        </>,
      );
    case 'deleted-on-server':
      return banner(
        'danger',
        <>
          <p>
            <strong>Deleted on the server.</strong> Your changes are kept here as a draft until you discard them.
          </p>
          {onDiscard && (
            <button type="button" className="button button--small" onClick={onDiscard}>
              Discard the draft
            </button>
          )}
        </>,
      );
    default:
      return null;
  }
}

function focusField(field: string): void {
  const input = document.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`);
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
}

/** States in which the draft cannot be edited (it is in the outbox). */
export function isLocked(draft: Draft | null): boolean {
  return draft?.state === 'queued' || draft?.state === 'sending';
}
