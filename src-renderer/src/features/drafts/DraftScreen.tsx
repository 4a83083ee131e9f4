/**
 * Renderer. One draft: what changed against the server copy, its state, and — when the server
 * copy changed too — the conflict view: base / mine / theirs per field, and the user's choice of
 * mine or theirs for each (`drafts.resolve`). Nothing is overwritten silently.
 */
import { useEffect, useState } from 'react';
import { Badge } from '../../components/Badge.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatDateTime } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { notify } from '../../lib/notices.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { AutosaveLine, DraftBanner } from './DraftStatus.tsx';
import { fieldLabel, showValue } from './labels.ts';
import { editorHref } from './DraftsScreen.tsx';
import { DRAFT_STATE_LABELS, describeDraftKind, useDraftDetail } from './store.ts';

type Choice = 'mine' | 'theirs';

export function DraftScreen({ draftId }: { draftId: string }) {
  useFeature(useDraftDetail);
  const detail = useDraftDetail();
  const draft = detail.draftId === draftId ? detail.draft : null;
  const error = detail.draftId === draftId ? detail.error : null;
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [resolving, setResolving] = useState(false);
  const [resolveError, setResolveError] = useState<unknown>(null);

  useEffect(() => useDraftDetail.getState().open(draftId), [draftId]);
  const reload = () => void useDraftDetail.getState().reload();

  if (error !== null && !draft) {
    return (
      <div className="screen">
        <PageHeader title="Draft" eyebrow={<a href={href({ name: 'drafts' })}>Drafts &amp; sync</a>} />
        <ErrorState message={describeError(error, { subject: 'this draft' })} onRetry={reload} />
      </div>
    );
  }
  if (!draft) {
    return (
      <div className="screen">
        <PageHeader title="Draft" eyebrow={<a href={href({ name: 'drafts' })}>Drafts &amp; sync</a>} />
        <Loading label="Loading the draft…" />
      </div>
    );
  }

  const conflicts = draft.state === 'conflict' && draft.conflict ? draft.conflict.fields : [];
  const allChosen = conflicts.every((c) => choices[c.field]);

  const resolve = () => {
    setResolving(true);
    setResolveError(null);
    useDraftDetail
      .getState()
      .resolve(choices)
      .then(
        () => {
          setChoices({});
          setResolving(false);
          notify('success', 'Conflict resolved. Your choices are on their way to the server.');
        },
        (e: unknown) => {
          setResolveError(e);
          setResolving(false);
        },
      );
  };

  const changed = Object.entries(draft.changes);

  return (
    <div className="screen">
      <PageHeader
        title={draft.title}
        eyebrow={<a href={href({ name: 'drafts' })}>Drafts &amp; sync</a>}
        actions={
          <a className="button" href={editorHref(draft)}>
            Open in editor
          </a>
        }
      >
        <p className="muted">
          {describeDraftKind(draft)} · <Badge>{DRAFT_STATE_LABELS[draft.state]}</Badge> · last saved{' '}
          {formatDateTime(draft.updatedAt)}
        </p>
      </PageHeader>

      <AutosaveLine session={{ draft, pending: {}, saving: false, saveError: null }} />
      {draft.state !== 'conflict' && <DraftBanner draft={draft} subject="this item" />}

      {conflicts.length > 0 && (
        <section className="panel" aria-labelledby="conflict-heading" data-testid="conflict-view">
          <h2 id="conflict-heading">Changed on both sides</h2>
          <p className="muted">
            The server copy changed
            {draft.conflict?.theirsUpdatedAt ? ` at ${formatDateTime(draft.conflict.theirsUpdatedAt)}` : ''} while you
            edited. Fields only you changed are kept; fields only the server changed take the server’s value. For each
            field below, choose the version to keep.
          </p>
          <div className="conflict-list">
            {conflicts.map((conflict) => (
              <fieldset
                key={conflict.field}
                className="conflict"
                data-testid="conflict-field"
                data-field={conflict.field}
              >
                <legend>{fieldLabel(conflict.field)}</legend>
                <div className="conflict-grid">
                  <div className="conflict-cell">
                    <span className="conflict-caption">When you started</span>
                    <span className="conflict-value">{showValue(conflict.base)}</span>
                  </div>
                  <label
                    className={`conflict-cell conflict-choice${choices[conflict.field] === 'mine' ? ' is-chosen' : ''}`}
                  >
                    <span className="conflict-caption">
                      <input
                        type="radio"
                        name={`choice-${conflict.field}`}
                        value="mine"
                        checked={choices[conflict.field] === 'mine'}
                        onChange={() => setChoices((c) => ({ ...c, [conflict.field]: 'mine' }))}
                      />{' '}
                      Keep mine
                    </span>
                    <span className="conflict-value">{showValue(conflict.mine)}</span>
                  </label>
                  <label
                    className={`conflict-cell conflict-choice${choices[conflict.field] === 'theirs' ? ' is-chosen' : ''}`}
                  >
                    <span className="conflict-caption">
                      <input
                        type="radio"
                        name={`choice-${conflict.field}`}
                        value="theirs"
                        checked={choices[conflict.field] === 'theirs'}
                        onChange={() => setChoices((c) => ({ ...c, [conflict.field]: 'theirs' }))}
                      />{' '}
                      Take the server’s
                    </span>
                    <span className="conflict-value">{showValue(conflict.theirs)}</span>
                  </label>
                </div>
              </fieldset>
            ))}
          </div>
          {resolveError !== null && (
            <p className="inline-alert" role="alert">
              {describeError(resolveError, { keyMode: activeKeyMode() })}
            </p>
          )}
          <div className="form-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!allChosen || resolving}
              onClick={resolve}
              data-testid="resolve-conflict"
            >
              {resolving ? 'Saving…' : 'Use these choices'}
            </button>
            {!allChosen && <span className="muted">Choose a version for every field.</span>}
          </div>
        </section>
      )}

      <section className="panel" aria-labelledby="changes-heading">
        <h2 id="changes-heading">{draft.operation === 'create' ? 'What will be created' : 'Your changes'}</h2>
        {changed.length === 0 ? (
          <p className="muted panel-empty">No changes in this draft.</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="changes-heading">
            <table className="table" data-testid="draft-changes">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  {draft.operation === 'update' && <th scope="col">Server copy when you started</th>}
                  <th scope="col">{draft.operation === 'update' ? 'Yours' : 'Value'}</th>
                </tr>
              </thead>
              <tbody>
                {changed.map(([field, value]) => (
                  <tr key={field}>
                    <th scope="row">{fieldLabel(field)}</th>
                    {draft.operation === 'update' && <td className="cell-wrap">{showValue(draft.base?.[field])}</td>}
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
    </div>
  );
}
