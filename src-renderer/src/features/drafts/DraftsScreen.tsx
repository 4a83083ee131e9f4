/**
 * Renderer. Changes & sync: the connection, and every change the user made in exactly one of three
 * lists (work-lists.ts): refused by the server (Try again, Discard), waiting to send (Discard) and
 * local changes kept on this computer (open, resolve a conflict, discard). "Draft" is the server's
 * status of an assessment, so the local work is called changes here (docs/save-model.md).
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
import { connectionLabel, connectionSentence, useSync } from '../../lib/sync-status.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { editorHref } from './editor-href.ts';
import { RefusedPanel } from './RefusedPanel.tsx';
import { workLists } from './work-lists.ts';
import { DRAFT_STATE_LABELS, describeDraftKind, useDrafts } from './store.ts';
import { discardWithUndo } from './discard.ts';
import { t } from '../../lib/i18n.ts';

const STATE_TONES: Record<string, Tone> = {
  editing: 'neutral',
  queued: 'accent',
  sending: 'accent',
  failed: 'danger',
  conflict: 'warning',
  sent: 'success',
  'deleted-on-server': 'danger',
};

type Pending =
  | { kind: 'draft'; draft: DraftSummary }
  | { kind: 'outbox'; item: OutboxItem }
  | { kind: 'refused'; draftId: string; title: string };

const pendingTitle = (p: Pending | null): string =>
  p === null ? '' : p.kind === 'draft' ? p.draft.title : p.kind === 'outbox' ? p.item.title : p.title;
const pendingDraftId = (p: Pending): string =>
  p.kind === 'draft' ? p.draft.id : p.kind === 'outbox' ? p.item.draftId : p.draftId;

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
      ? {
          state: 'loading',
          label: t({ id: 'drafts.draftsScreen.loadingYourChanges', defaultMessage: 'Loading your changes…' }),
          rowHeight: 56,
        }
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
                <RefusedPanel
                  now={now}
                  onRetry={(id) => void act(drafts.retry(id), 'Sending it again.')}
                  onDiscard={(change) => setPending({ kind: 'refused', draftId: change.draftId, title: change.title })}
                />
                <OutboxPanel now={now} onDiscard={setPending} />
                <DraftsPanel now={now} onDiscard={setPending} />
              </>
            ),
          };
  return (
    <>
      <ListScreen
        title={t({ id: 'drafts.draftsScreen.changesSync', defaultMessage: 'Changes & sync' })}
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
      {sync.checking
        ? t({ id: 'drafts.draftsScreen.checking', defaultMessage: 'Checking…' })
        : t({ id: 'drafts.draftsScreen.checkConnectionNow', defaultMessage: 'Check connection now' })}
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
        <strong>
          {state
            ? connectionLabel(state)
            : t({ id: 'drafts.draftsScreen.connectionUnknown', defaultMessage: 'Connection unknown' })}
        </strong>
        {state && state !== 'online' ? ` — ${connectionSentence(state)}` : ''}
        {status?.lastCheckedAt && (
          <span className="muted">
            {' '}
            {t(
              { id: 'drafts.draftsScreen.checked', defaultMessage: 'Checked {lastCheckedAt}.' },
              { lastCheckedAt: formatAge(status.lastCheckedAt, now) },
            )}
          </span>
        )}
      </span>
    </p>
  );
}

interface PanelProps {
  now: number;
  onDiscard: (pending: Pending) => void;
}

function OutboxPanel({ now, onDiscard }: PanelProps) {
  const drafts = useDrafts((s) => s.drafts);
  const outbox = useDrafts((s) => s.outbox);
  // Refused changes are their own list (never waiting): only what the outbox will still send.
  const waiting = workLists(drafts, outbox).waiting;
  return (
    <section className="panel" aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">{t({ id: 'drafts.draftsScreen.waitingToSend', defaultMessage: 'Waiting to send' })}</h2>
      {waiting.length === 0 ? (
        <p className="muted panel-empty">
          {t({
            id: 'drafts.draftsScreen.nothingIsWaitingEveryChange',
            defaultMessage: 'Nothing is waiting: every change you saved has reached the server.',
          })}
        </p>
      ) : (
        <DataTable labelledBy="outbox-heading" testId="outbox-table" columns={['What', 'State', 'Attempts', 'Problem']}>
          {waiting.map((item) => (
            <OutboxRow key={item.seq} item={item} now={now} onDiscard={onDiscard} />
          ))}
        </DataTable>
      )}
    </section>
  );
}

function OutboxRow({ item, now, onDiscard }: PanelProps & { item: OutboxItem }) {
  return (
    <tr data-testid="outbox-row" data-state={item.state}>
      <td>
        <strong title={item.title}>{item.title}</strong>
        <div className="muted">{describeDraftKind(item)}</div>
      </td>
      <td>
        <Badge tone={STATE_TONES[item.state] ?? 'neutral'}>{DRAFT_STATE_LABELS[item.state]}</Badge>
        {item.nextAttemptAt && item.state === 'queued' && (
          <div className="muted">
            {t(
              { id: 'drafts.draftsScreen.nextTry', defaultMessage: 'next try {nextAttemptAt}' },
              { nextAttemptAt: formatClock(item.nextAttemptAt, now) },
            )}
          </div>
        )}
      </td>
      <td>{item.attempts}</td>
      <td className="cell-wrap">
        {item.lastError
          ? isOfflineError(item.lastError)
            ? t({ id: 'drafts.draftsScreen.waitingForAConnection', defaultMessage: 'Waiting for a connection.' })
            : describeError(item.lastError, { keyMode: activeKeyMode() })
          : '—'}
        {item.inDoubt && (
          <div className="muted">
            {t({
              id: 'drafts.draftsScreen.itMayAlreadyExistOn',
              defaultMessage: 'It may already exist on the server; a retry will not duplicate it.',
            })}
          </div>
        )}
      </td>
      <td className="cell-actions">
        <button
          type="button"
          className="button button--small button--ghost button--danger-text"
          disabled={item.state === 'sending'}
          onClick={() => onDiscard({ kind: 'outbox', item })}
          aria-label={t(
            { id: 'drafts.draftsScreen.discard', defaultMessage: 'Discard {title}' },
            { title: item.title },
          )}
        >
          {t({ id: 'drafts.draftsScreen.discard2', defaultMessage: 'Discard' })}
        </button>
      </td>
    </tr>
  );
}

function DraftsPanel({ now, onDiscard }: PanelProps) {
  const all = useDrafts((s) => s.drafts);
  const outbox = useDrafts((s) => s.outbox);
  // Kept here and not sent: being edited, or in conflict. Waiting and refused ones have their lists.
  const { local: visible, sent } = workLists(all, outbox);
  return (
    <section className="panel" aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">{t({ id: 'drafts.draftsScreen.localChanges', defaultMessage: 'Local changes' })}</h2>
      {visible.length === 0 ? (
        <Empty title={t({ id: 'drafts.draftsScreen.noLocalChanges', defaultMessage: 'No local changes' })}>
          <p>
            {t({
              id: 'drafts.draftsScreen.changesYouMakeAreKept',
              defaultMessage: 'Changes you make are kept on this computer until you save them to the server.',
            })}
          </p>
          <div className="list-empty-action">
            <a className="button" href={href({ name: 'assessments', courseId: null })}>
              {t({ id: 'drafts.draftsScreen.openTheAssessments', defaultMessage: 'Open the assessments' })}
            </a>
            <a className="button" href={href({ name: 'assignment-new', draftId: null })}>
              {t({ id: 'drafts.draftsScreen.writeAnAssignment', defaultMessage: 'Write an assignment' })}
            </a>
          </div>
        </Empty>
      ) : (
        <DraftTable drafts={visible} now={now} onDiscard={(draft) => onDiscard({ kind: 'draft', draft })} />
      )}
      {sent > 0 && (
        <p className="muted panel-footnote">
          {t(
            {
              id: 'drafts.draftsScreen.sentRecentlyAndKeptFor',
              defaultMessage: '{sent} sent recently and kept for reference.',
            },
            { sent },
          )}
        </p>
      )}
    </section>
  );
}

/** "Discard …?" for a change, waiting or refused; the discard waits behind its toast's Undo (discard.ts). */
function DiscardDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const title = pendingTitle(pending);
  const confirm = () => {
    if (!pending) return;
    discardWithUndo(pendingDraftId(pending), title);
    onClose();
  };
  return (
    <ConfirmDialog
      open={pending !== null}
      title={t({ id: 'drafts.draftsScreen.discard3', defaultMessage: 'Discard “{title}”?' }, { title })}
      confirmLabel={t({ id: 'drafts.draftsScreen.discard2', defaultMessage: 'Discard' })}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>
        {t({
          id: 'drafts.draftsScreen.itWillNotBeSent',
          defaultMessage:
            'It will not be sent, and your changes in it are lost (you have a few seconds to undo it). The server copy stays as it is.',
        })}
      </p>
    </ConfirmDialog>
  );
}

interface DraftTableProps {
  drafts: DraftSummary[];
  now: number;
  onDiscard: (draft: DraftSummary) => void;
}

function DraftTable({ drafts, now, onDiscard }: DraftTableProps) {
  return (
    <DataTable labelledBy="drafts-heading" testId="drafts-table" columns={['Change', 'State', 'Changed', 'Problem']}>
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
                {t({ id: 'drafts.draftsScreen.resolve', defaultMessage: 'Resolve' })}
              </a>
            )}
            <a
              className="button button--small"
              href={href({ name: 'draft', id: draft.id })}
              aria-label={t(
                { id: 'drafts.draftsScreen.detailsOf', defaultMessage: 'Details of {title}' },
                { title: draft.title },
              )}
            >
              {t({ id: 'drafts.draftsScreen.details', defaultMessage: 'Details' })}
            </a>
            <button
              type="button"
              className="button button--small button--ghost button--danger-text"
              disabled={draft.state === 'sending'}
              onClick={() => onDiscard(draft)}
              aria-label={t(
                { id: 'drafts.draftsScreen.discard', defaultMessage: 'Discard {title}' },
                { title: draft.title },
              )}
            >
              {t({ id: 'drafts.draftsScreen.discard2', defaultMessage: 'Discard' })}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
