/**
 * Renderer. One stored change ("Change" on screen: "Draft" is the server's status): what changed against the server copy, its state, and — when the server
 * copy changed too — the conflict view (ConflictView.tsx). Nothing is overwritten silently.
 */
import { useEffect, type ReactNode } from 'react';
import type { Draft } from '../../../../src-shared/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatDateTime } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { ConflictPanel, conflictsOf, useConflictResolution } from './ConflictView.tsx';
import { AutosaveLine, DraftBanner } from './DraftStatus.tsx';
import { fieldLabel, showValue } from './labels.ts';
import { editorHref } from './editor-href.ts';
import { DRAFT_STATE_LABELS, describeDraftKind, useDraftDetail } from './store.ts';
import { t } from '../../lib/i18n.ts';

const backToDrafts = (
  <a href={href({ name: 'drafts' })}>
    {t({ id: 'drafts.draftScreen.changesAmpSync', defaultMessage: 'Changes & sync' })}
  </a>
);

export function DraftScreen({ draftId }: { draftId: string }) {
  useFeature(useDraftDetail);
  const detail = useDraftDetail();
  const draft = detail.draftId === draftId ? detail.draft : null;
  const error = detail.draftId === draftId ? detail.error : null;
  const resolution = useConflictResolution();

  useEffect(() => useDraftDetail.getState().open(draftId), [draftId]);
  const reload = () => void useDraftDetail.getState().reload();

  if (error !== null && !draft) {
    return (
      <DraftPlaceholder>
        <ErrorState message={describeError(error, { subject: 'thisChange' })} error={error} onRetry={reload} />
      </DraftPlaceholder>
    );
  }
  if (!draft) {
    return (
      <DraftPlaceholder>
        <Loading label={t({ id: 'drafts.draftScreen.loadingTheChange', defaultMessage: 'Loading the change…' })} />
      </DraftPlaceholder>
    );
  }

  const conflicts = conflictsOf(draft);
  return (
    <div className="screen">
      <DraftHeader draft={draft} />
      <AutosaveLine session={{ draft, pending: {}, saving: false, saveError: null }} />
      {draft.state !== 'conflict' && <DraftBanner draft={draft} subject="thisItem" />}
      {conflicts.length > 0 && <ConflictPanel draft={draft} conflicts={conflicts} resolution={resolution} />}
      <ChangesPanel draft={draft} />
    </div>
  );
}

/** The screen before the draft is known: loading, or why it could not be read. */
function DraftPlaceholder({ children }: { children: ReactNode }) {
  return (
    <div className="screen">
      <PageHeader title={t({ id: 'drafts.draftScreen.change', defaultMessage: 'Change' })} eyebrow={backToDrafts} />
      {children}
    </div>
  );
}

function DraftHeader({ draft }: { draft: Draft }) {
  return (
    <PageHeader
      title={draft.title}
      eyebrow={backToDrafts}
      actions={
        <a className="button" href={editorHref(draft)}>
          {t({ id: 'drafts.draftScreen.openInEditor', defaultMessage: 'Open in editor' })}
        </a>
      }
    >
      <p className="muted">
        {describeDraftKind(draft)} · <Badge>{DRAFT_STATE_LABELS[draft.state]}</Badge>{' '}
        {t({ id: 'drafts.draftScreen.lastChanged', defaultMessage: '· last changed' })}{' '}
        {formatDateTime(draft.updatedAt)}
      </p>
    </PageHeader>
  );
}

/** The draft's changes; an update shows the server copy it started from beside each. */
function ChangesPanel({ draft }: { draft: Draft }) {
  const changed = Object.entries(draft.changes);
  const isUpdate = draft.operation === 'update';
  return (
    <section className="panel" aria-labelledby="changes-heading">
      <h2 id="changes-heading">
        {draft.operation === 'create'
          ? t({ id: 'drafts.draftScreen.whatWillBeCreated', defaultMessage: 'What will be created' })
          : t({ id: 'drafts.draftScreen.yourChanges', defaultMessage: 'Your changes' })}
      </h2>
      {changed.length === 0 ? (
        <p className="muted panel-empty">
          {t({ id: 'drafts.draftScreen.nothingChangedInIt', defaultMessage: 'Nothing changed in it.' })}
        </p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="changes-heading">
          <table className="table" data-testid="draft-changes">
            <thead>
              <tr>
                <th scope="col">{t({ id: 'drafts.draftScreen.field', defaultMessage: 'Field' })}</th>
                {isUpdate && (
                  <th scope="col">
                    {t({
                      id: 'drafts.draftScreen.serverCopyWhenYouStarted',
                      defaultMessage: 'Server copy when you started',
                    })}
                  </th>
                )}
                <th scope="col">
                  {isUpdate
                    ? t({ id: 'drafts.draftScreen.yours', defaultMessage: 'Yours' })
                    : t({ id: 'drafts.draftScreen.value', defaultMessage: 'Value' })}
                </th>
              </tr>
            </thead>
            <tbody>
              {changed.map(([field, value]) => (
                <tr key={field}>
                  <th scope="row">{fieldLabel(field)}</th>
                  {isUpdate && <td className="cell-wrap">{showValue(draft.base?.[field])}</td>}
                  <td className="cell-wrap">
                    {showValue(value)}
                    {draft.fieldErrors[field] && <div className="field-error">{draft.fieldErrors[field]}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
