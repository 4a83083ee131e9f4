/**
 * Renderer. Drafts & sync: the connection, what waits in the outbox (with retry and discard) and
 * every draft with its state and error (open, resolve a conflict, retry, discard).
 */
import { useState } from 'react';
import type { DraftSummary, OutboxItem } from '../../../../src-shared/index.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ListScreen, type ListBody } from '../../components/ListScreen.tsx';
import { Empty } from '../../components/States.tsx';
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
  const now = useNow();
  const [pending, setPending] = useState<Pending | null>(null);
  const act = (work: Promise<void>, done: string) =>
    work.then(
      () => notify('success', done),
      (error: unknown) => notify('error', describeError(error, { keyMode: activeKeyMode() })),
    );
  const body: ListBody =
    drafts.status === 'loading' || drafts.status === 'idle'
      ? { state: 'loading', label: 'Loading drafts…', rowHeight: 56 }
      : drafts.status === 'error'
        ? {
            state: 'error',
            message: describeError(drafts.error),
            error: drafts.error,
            onRetry: () => void drafts.load(),
          }
        : {
            state: 'content',
            content: (
              <>
                <OutboxPanel
                  now={now}
                  onRetry={(id) => void act(drafts.retry(id), 'Queued again.')}
                  onDiscard={setPending}
                />
                <DraftsPanel
                  now={now}
                  onRetry={(id) => void act(drafts.retry(id), 'Queued again.')}
                  onDiscard={setPending}
                />
              </>
            ),
          };
  return (
    <>
      <ListScreen
        title="Drafts & sync"
        fill={false}
        primaryAction={<CheckConnectionButton />}
        headerNote={<ConnectionLine now={now} />}
        body={body}
      />
      <DiscardDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

function CheckConnectionButton() {
  const sync = useSync();
  return (
    <button type="button" className="button" onClick={() => void sync.checkNow()} disabled={sync.checking}>
      {sync.checking ? 'Checking…' : 'Check connection now'}
    </button>
  );
}

function ConnectionLine({ now }: { now: number }) {
  const status = useSync((s) => s.status);
  const state = status?.state ?? null;
  return (
    <p
      className={`connection-line connection--${state ?? 'unknown'}`}
      data-testid="drafts-connection"
      title={status?.message ?? undefined}
    >
      <span className="connection-dot" aria-hidden="true" />
      <span>
        <strong>{state ? CONNECTION_LABELS[state] : 'Connection unknown'}</strong>
        {state && state !== 'online' ? ` — ${CONNECTION_SENTENCES[state]}` : ''}
        {status?.lastCheckedAt && <span className="muted"> Checked {formatAge(status.lastCheckedAt, now)}.</span>}
      </span>
    </p>
  );
}

interface PanelProps {
  now: number;
  onRetry: (draftId: string) => void;
  onDiscard: (pending: Pending) => void;
}

function OutboxPanel({ now, onRetry, onDiscard }: PanelProps) {
  const outbox = useDrafts((s) => s.outbox);
  return (
    <section className="panel" aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">Waiting to send</h2>
      {outbox.length === 0 ? (
        <p className="muted panel-empty">The outbox is empty: everything saved to the server has arrived.</p>
      ) : (
        <DataTable labelledBy="outbox-heading" testId="outbox-table" columns={['What', 'State', 'Attempts', 'Problem']}>
          {outbox.map((item) => (
            <OutboxRow key={item.seq} item={item} now={now} onRetry={onRetry} onDiscard={onDiscard} />
          ))}
        </DataTable>
      )}
    </section>
  );
}

function OutboxRow({ item, now, onRetry, onDiscard }: Omit<PanelProps, 'now'> & { item: OutboxItem; now: number }) {
  return (
    <tr data-testid="outbox-row" data-state={item.state}>
      <td>
        <strong title={item.title}>{item.title}</strong>
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
          <button type="button" className="button button--small" onClick={() => onRetry(item.draftId)}>
            Retry
          </button>
        )}
        <button
          type="button"
          className="button button--small button--ghost button--danger-text"
          disabled={item.state === 'sending'}
          onClick={() => onDiscard({ kind: 'outbox', item })}
          aria-label={`Discard ${item.title}`}
        >
          Discard
        </button>
      </td>
    </tr>
  );
}

function DraftsPanel({ now, onRetry, onDiscard }: PanelProps) {
  const all = useDrafts((s) => s.drafts);
  // A draft whose fields equal its server copy holds no work: it is not a draft to the user.
  const visible = all.filter((d) => d.state !== 'sent' && !isIdleUpdate(d));
  const sent = all.filter((d) => d.state === 'sent').length;
  return (
    <section className="panel" aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Drafts</h2>
      {visible.length === 0 ? (
        <Empty title="No drafts">
          <p>Edits to assessments and new assignments are kept here until they reach the server.</p>
          <div className="list-empty-action">
            <a className="button" href={href({ name: 'assessments', courseId: null })}>
              Open the assessments
            </a>
            <a className="button" href={href({ name: 'assignment-new', draftId: null })}>
              Write an assignment
            </a>
          </div>
        </Empty>
      ) : (
        <DraftTable
          drafts={visible}
          now={now}
          onRetry={(draft) => onRetry(draft.id)}
          onDiscard={(draft) => onDiscard({ kind: 'draft', draft })}
        />
      )}
      {sent > 0 && <p className="muted panel-footnote">{sent} sent recently and kept for reference.</p>}
    </section>
  );
}

/** "Discard …?" for a draft or an outbox item; closes when done, says why when it could not. */
function DiscardDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = pending?.kind === 'draft' ? pending.draft.title : (pending?.item.title ?? '');
  const confirm = () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    useDrafts
      .getState()
      .discardDraft(pending.kind === 'draft' ? pending.draft.id : pending.item.draftId)
      .then(
        () => {
          notify('success', `Discarded “${title}”.`);
          setBusy(false);
          onClose();
        },
        (reason: unknown) => {
          setError(describeError(reason));
          setBusy(false);
        },
      );
  };
  return (
    <ConfirmDialog
      open={pending !== null}
      title={`Discard “${title}”?`}
      confirmLabel="Discard draft"
      onConfirm={confirm}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      busy={busy}
      error={error}
    >
      <p>It will not be sent, and your unsent changes in it are lost. The server copy stays as it is.</p>
    </ConfirmDialog>
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
            <a href={editorHref(draft)} title={draft.title}>
              {draft.title}
            </a>
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
