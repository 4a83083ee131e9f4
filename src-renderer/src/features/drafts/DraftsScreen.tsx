/**
 * Renderer. Drafts & sync: the connection, what waits in the outbox (with retry and discard) and
 * every draft with its state and error (open, resolve a conflict, retry, discard).
 */
import { useState } from 'react';
import type { DraftSummary, OutboxItem } from '../../../../src-shared/index.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useNow } from '../../lib/clock.ts';
import { describeError, isOfflineError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatAge, formatClock } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { notify } from '../../lib/notices.ts';
import { CONNECTION_LABELS, CONNECTION_SENTENCES, useSync } from '../../lib/sync-status.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { isIdleUpdate } from './labels.ts';
import { DRAFT_STATE_LABELS, describeDraftKind, useDrafts } from './store.ts';

const STATE_TONES: Record<string, Tone> = {
  editing: 'neutral',
  queued: 'accent',
  sending: 'accent',
  failed: 'danger',
  conflict: 'warning',
  sent: 'success',
  'deleted-on-server': 'danger',
};

type Pending = { kind: 'draft'; draft: DraftSummary } | { kind: 'outbox'; item: OutboxItem };

export function editorHref(draft: Pick<DraftSummary, 'id' | 'resource' | 'serverId' | 'parent' | 'operation'>): string {
  if (draft.resource === 'assessment' && draft.serverId) return href({ name: 'assessment', id: draft.serverId });
  if (draft.resource === 'assignment' && draft.operation === 'create')
    return href({ name: 'assignment-new', draftId: draft.id });
  const { courseId, sectionId } = draft.parent;
  if (draft.resource === 'lesson' && courseId && sectionId && draft.operation !== 'delete') {
    return draft.serverId
      ? href({ name: 'lesson', courseId, sectionId, id: draft.serverId })
      : href({ name: 'lesson-new', courseId, sectionId, draftId: draft.id });
  }
  if (draft.resource === 'lesson' && courseId) return href({ name: 'course', id: courseId });
  return href({ name: 'draft', id: draft.id });
}

export function DraftsScreen() {
  useFeature(useDrafts);
  const drafts = useDrafts();
  const sync = useSync();
  const now = useNow();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const act = (work: Promise<void>, done: string) =>
    work.then(
      () => notify('success', done),
      (error: unknown) => notify('error', describeError(error, { keyMode: activeKeyMode() })),
    );

  const confirm = () => {
    if (!pending) return;
    setBusy(true);
    setConfirmError(null);
    const work = drafts.discardDraft(pending.kind === 'draft' ? pending.draft.id : pending.item.draftId);
    work.then(
      () => {
        notify('success', `Discarded “${pending.kind === 'draft' ? pending.draft.title : pending.item.title}”.`);
        setPending(null);
        setBusy(false);
      },
      (error: unknown) => {
        setConfirmError(describeError(error));
        setBusy(false);
      },
    );
  };

  const state = sync.status?.state ?? null;
  // A draft whose fields equal its server copy holds no work: it is not a draft to the user.
  const visibleDrafts = drafts.drafts.filter((d) => d.state !== 'sent' && !isIdleUpdate(d));
  const sentDrafts = drafts.drafts.filter((d) => d.state === 'sent');

  return (
    <div className="screen">
      <PageHeader
        title="Drafts & sync"
        actions={
          <button type="button" className="button" onClick={() => void sync.checkNow()} disabled={sync.checking}>
            {sync.checking ? 'Checking…' : 'Check connection now'}
          </button>
        }
      >
        <p
          className={`connection-line connection--${state ?? 'unknown'}`}
          data-testid="drafts-connection"
          title={sync.status?.message ?? undefined}
        >
          <span className="connection-dot" aria-hidden="true" />
          <span>
            <strong>{state ? CONNECTION_LABELS[state] : 'Connection unknown'}</strong>
            {state && state !== 'online' ? ` — ${CONNECTION_SENTENCES[state]}` : ''}
            {sync.status?.lastCheckedAt && (
              <span className="muted"> Checked {formatAge(sync.status.lastCheckedAt, now)}.</span>
            )}
          </span>
        </p>
      </PageHeader>

      {drafts.status === 'loading' || drafts.status === 'idle' ? (
        <Loading label="Loading drafts…" />
      ) : drafts.status === 'error' ? (
        <ErrorState message={describeError(drafts.error)} onRetry={() => void drafts.load()} />
      ) : (
        <>
          <section className="panel" aria-labelledby="outbox-heading">
            <h2 id="outbox-heading">Waiting to send</h2>
            {drafts.outbox.length === 0 ? (
              <p className="muted panel-empty">The outbox is empty: everything saved to the server has arrived.</p>
            ) : (
              <DataTable
                labelledBy="outbox-heading"
                testId="outbox-table"
                columns={['What', 'State', 'Attempts', 'Problem']}
              >
                {drafts.outbox.map((item) => (
                  <tr key={item.seq} data-testid="outbox-row" data-state={item.state}>
                    <td>
                      <strong>{item.title}</strong>
                      <div className="muted">{describeDraftKind(item)}</div>
                    </td>
                    <td>
                      <Badge tone={STATE_TONES[item.state] ?? 'neutral'}>{DRAFT_STATE_LABELS[item.state]}</Badge>
                      {item.nextAttemptAt && item.state === 'queued' && (
                        <div className="muted">next try {formatClock(item.nextAttemptAt, now)}</div>
                      )}
                    </td>
                    <td>{item.attempts}</td>
                    <td className="cell-wrap">
                      {item.lastError
                        ? isOfflineError(item.lastError) && item.state !== 'failed'
                          ? 'Waiting for a connection.'
                          : describeError(item.lastError, { keyMode: activeKeyMode() })
                        : '—'}
                      {item.inDoubt && (
                        <div className="muted">It may already exist on the server; a retry will not duplicate it.</div>
                      )}
                    </td>
                    <td className="cell-actions">
                      {item.state === 'failed' && (
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => void act(drafts.retry(item.draftId), 'Queued again.')}
                        >
                          Retry
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--small button--ghost button--danger-text"
                        disabled={item.state === 'sending'}
                        onClick={() => {
                          setConfirmError(null);
                          setPending({ kind: 'outbox', item });
                        }}
                        aria-label={`Discard ${item.title}`}
                      >
                        Discard
                      </button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>

          <section className="panel" aria-labelledby="drafts-heading">
            <h2 id="drafts-heading">Drafts</h2>
            {visibleDrafts.length === 0 ? (
              <Empty title="No drafts">
                <p>Edits to assessments and new assignments are kept here until they reach the server.</p>
              </Empty>
            ) : (
              <DraftTable
                drafts={visibleDrafts}
                now={now}
                onRetry={(draft) => void act(drafts.retry(draft.id), 'Queued again.')}
                onDiscard={(draft) => {
                  setConfirmError(null);
                  setPending({ kind: 'draft', draft });
                }}
              />
            )}
            {sentDrafts.length > 0 && (
              <p className="muted panel-footnote">{sentDrafts.length} sent recently and kept for reference.</p>
            )}
          </section>
        </>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={`Discard “${pending?.kind === 'draft' ? pending.draft.title : (pending?.item.title ?? '')}”?`}
        confirmLabel="Discard draft"
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        busy={busy}
        error={confirmError}
      >
        <p>It will not be sent, and your unsent changes in it are lost. The server copy stays as it is.</p>
      </ConfirmDialog>
    </div>
  );
}

interface DraftTableProps {
  drafts: DraftSummary[];
  now: number;
  onRetry: (draft: DraftSummary) => void;
  onDiscard: (draft: DraftSummary) => void;
}

function DraftTable({ drafts, now, onRetry, onDiscard }: DraftTableProps) {
  return (
    <DataTable labelledBy="drafts-heading" testId="drafts-table" columns={['Draft', 'State', 'Changed', 'Problem']}>
      {drafts.map((draft) => (
        <tr key={draft.id} data-testid="draft-row" data-state={draft.state}>
          <td>
            <a href={editorHref(draft)}>{draft.title}</a>
            <div className="muted">{describeDraftKind(draft)}</div>
          </td>
          <td>
            <Badge tone={STATE_TONES[draft.state] ?? 'neutral'}>{DRAFT_STATE_LABELS[draft.state]}</Badge>
          </td>
          <td>{formatAge(draft.updatedAt, now)}</td>
          <td className="cell-wrap">{draft.error ? describeError(draft.error, { keyMode: activeKeyMode() }) : '—'}</td>
          <td className="cell-actions">
            {draft.state === 'conflict' && (
              <a className="button button--small button--primary" href={href({ name: 'draft', id: draft.id })}>
                Resolve
              </a>
            )}
            {draft.state === 'failed' && (
              <button type="button" className="button button--small" onClick={() => onRetry(draft)}>
                Retry
              </button>
            )}
            <a
              className="button button--small"
              href={href({ name: 'draft', id: draft.id })}
              aria-label={`Details of ${draft.title}`}
            >
              Details
            </a>
            <button
              type="button"
              className="button button--small button--ghost button--danger-text"
              disabled={draft.state === 'sending'}
              onClick={() => onDiscard(draft)}
              aria-label={`Discard ${draft.title}`}
            >
              Discard
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
