/**
 * Renderer. Changes the server refused: their own list on Changes & sync, each once, with
 * what to do — "Try again" (sent again as it is: the key may have been given the right since, or the
 * server's problem is gone) and "Discard" (let go; the server copy stays). They are never counted as
 * waiting: nothing sends them until the user says so.
 */
import { Badge } from '../../components/Badge.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { describeError } from '../../lib/errors.ts';
import { formatAge } from '../../lib/format.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { editorHref } from './editor-href.ts';
import { DRAFT_STATE_LABELS, describeDraftKind, useDrafts } from './store.ts';
import { workLists, type RefusedChange } from './work-lists.ts';
import { t } from '../../lib/i18n.ts';

interface RefusedPanelProps {
  now: number;
  onRetry: (draftId: string) => void;
  onDiscard: (change: RefusedChange) => void;
}

export function RefusedPanel({ now, onRetry, onDiscard }: RefusedPanelProps) {
  const drafts = useDrafts((s) => s.drafts);
  const outbox = useDrafts((s) => s.outbox);
  const refused = workLists(drafts, outbox).refused;
  if (refused.length === 0) return null;
  return (
    <section className="panel panel--refused" aria-labelledby="refused-heading" data-testid="refused-panel">
      <h2 id="refused-heading">
        {t({ id: 'drafts.refusedPanel.refusedByTheServer', defaultMessage: 'Refused by the server' })}
      </h2>
      <p className="muted">
        {t({
          id: 'drafts.refusedPanel.theseChangesWereNotSaved',
          defaultMessage:
            'These changes were not saved and are not waiting: try each again, or discard it (the server copy stays as it is).',
        })}
      </p>
      <DataTable labelledBy="refused-heading" testId="refused-table" columns={['Change', 'Why', 'When']}>
        {refused.map((change) => (
          <RefusedRow key={change.draftId} change={change} now={now} onRetry={onRetry} onDiscard={onDiscard} />
        ))}
      </DataTable>
    </section>
  );
}

function RefusedRow({ change, now, onRetry, onDiscard }: RefusedPanelProps & { change: RefusedChange }) {
  // Its resource is gone from the server: sending it again cannot work, only letting it go.
  const canRetry = change.state === 'failed';
  return (
    <tr data-testid="refused-row" data-state={change.state} data-draft-id={change.draftId}>
      <td>
        {change.draft ? (
          <a href={editorHref(change.draft)} title={change.title}>
            {change.title}
          </a>
        ) : (
          <strong title={change.title}>{change.title}</strong>
        )}
        <div className="muted">{describeDraftKind(change)}</div>
      </td>
      <td className="cell-wrap">
        <Badge tone="danger">{DRAFT_STATE_LABELS[change.state]}</Badge>{' '}
        {change.error
          ? describeError(change.error, { keyMode: activeKeyMode() })
          : t({ id: 'drafts.refusedPanel.theServerDidNotTake', defaultMessage: 'The server did not take it.' })}
        {change.inDoubt && (
          <div className="muted">
            {t({
              id: 'drafts.refusedPanel.itMayAlreadyBeOn',
              defaultMessage: 'It may already be on the server; trying again makes no second copy.',
            })}
          </div>
        )}
      </td>
      <td>{formatAge(change.updatedAt, now)}</td>
      <td className="cell-actions">
        {canRetry && (
          <button
            type="button"
            className="button button--small"
            onClick={() => onRetry(change.draftId)}
            aria-label={t(
              { id: 'drafts.refusedPanel.tryAgain', defaultMessage: 'Try again: {title}' },
              { title: change.title },
            )}
          >
            {t({ id: 'drafts.refusedPanel.tryAgain2', defaultMessage: 'Try again' })}
          </button>
        )}
        <button
          type="button"
          className="button button--small button--ghost button--danger-text"
          onClick={() => onDiscard(change)}
          aria-label={t(
            { id: 'drafts.refusedPanel.discard', defaultMessage: 'Discard {title}' },
            { title: change.title },
          )}
        >
          {t({ id: 'drafts.refusedPanel.discard2', defaultMessage: 'Discard' })}
        </button>
      </td>
    </tr>
  );
}
