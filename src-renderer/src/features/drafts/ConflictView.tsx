/**
 * Renderer. The conflict view of the draft screen: base / mine / theirs per field, and the user's
 * choice of mine or theirs for each (`drafts.resolve`). Nothing is overwritten silently.
 */
import { useState } from 'react';
import type { Draft } from '../../../../src-shared/index.ts';
import { describeError } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notify } from '../../lib/notices.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { fieldLabel, showValue } from './labels.ts';
import { useDraftDetail } from './store.ts';
import { t } from '../../lib/i18n.ts';

type Choice = 'mine' | 'theirs';
type FieldConflict = NonNullable<Draft['conflict']>['fields'][number];

export interface ConflictResolution {
  choices: Record<string, Choice>;
  choose: (field: string, choice: Choice) => void;
  resolving: boolean;
  resolveError: unknown;
  resolve: () => void;
}

/**
 * The user's choices and the resolve call. Held by the screen (not the panel), so that its hooks
 * run before the screen's early returns and the choices live as long as the screen.
 */
export function useConflictResolution(): ConflictResolution {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [resolving, setResolving] = useState(false);
  const [resolveError, setResolveError] = useState<unknown>(null);
  const choose = (field: string, choice: Choice) => setChoices((c) => ({ ...c, [field]: choice }));
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
          notify(
            'success',
            t({
              id: 'drafts.conflictView.conflictResolvedYourChoicesAre',
              defaultMessage: 'Conflict resolved. Your choices are on their way to the server.',
            }),
          );
        },
        (e: unknown) => {
          setResolveError(e);
          setResolving(false);
        },
      );
  };
  return { choices, choose, resolving, resolveError, resolve };
}

/** The fields changed on both sides, or none when the draft is not in conflict. */
export function conflictsOf(draft: Draft): FieldConflict[] {
  return draft.state === 'conflict' && draft.conflict ? draft.conflict.fields : [];
}

interface ConflictChoiceProps {
  conflict: FieldConflict;
  side: Choice;
  chosen: Choice | undefined;
  onChoose: (field: string, choice: Choice) => void;
}

/** One side of a field (mine or the server's), picked with a radio. */
function ConflictChoice({ conflict, side, chosen, onChoose }: ConflictChoiceProps) {
  return (
    <label className={`conflict-cell conflict-choice${chosen === side ? ' is-chosen' : ''}`}>
      <span className="conflict-caption">
        <input
          type="radio"
          name={`choice-${conflict.field}`}
          value={side}
          checked={chosen === side}
          onChange={() => onChoose(conflict.field, side)}
        />{' '}
        {side === 'mine'
          ? t({ id: 'drafts.conflictView.keepMine', defaultMessage: 'Keep mine' })
          : t({ id: 'drafts.conflictView.takeTheServerS', defaultMessage: 'Take the server’s' })}
      </span>
      <span className="conflict-value">{showValue(conflict[side])}</span>
    </label>
  );
}

function ConflictField({ conflict, resolution }: { conflict: FieldConflict; resolution: ConflictResolution }) {
  const chosen = resolution.choices[conflict.field];
  return (
    <fieldset className="conflict" data-testid="conflict-field" data-field={conflict.field}>
      <legend>{fieldLabel(conflict.field)}</legend>
      <div className="conflict-grid">
        <div className="conflict-cell">
          <span className="conflict-caption">
            {t({ id: 'drafts.conflictView.whenYouStarted', defaultMessage: 'When you started' })}
          </span>
          <span className="conflict-value">{showValue(conflict.base)}</span>
        </div>
        <ConflictChoice conflict={conflict} side="mine" chosen={chosen} onChoose={resolution.choose} />
        <ConflictChoice conflict={conflict} side="theirs" chosen={chosen} onChoose={resolution.choose} />
      </div>
    </fieldset>
  );
}

interface ConflictPanelProps {
  draft: Draft;
  conflicts: FieldConflict[];
  resolution: ConflictResolution;
}

export function ConflictPanel({ draft, conflicts, resolution }: ConflictPanelProps) {
  const { choices, resolving, resolveError, resolve } = resolution;
  const allChosen = conflicts.every((c) => choices[c.field]);
  return (
    <section className="panel" aria-labelledby="conflict-heading" data-testid="conflict-view">
      <h2 id="conflict-heading">
        {t({ id: 'drafts.conflictView.changedOnBothSides', defaultMessage: 'Changed on both sides' })}
      </h2>
      <p className="muted">
        {t(
          {
            id: 'drafts.conflictView.theServerCopyChangedWhile',
            defaultMessage:
              'The server copy changed{value} while you edited. Fields only you changed are kept; fields only the server changed take the server’s value. For each field below, choose the version to keep.',
          },
          { value: draft.conflict?.theirsUpdatedAt ? ` at ${formatDateTime(draft.conflict.theirsUpdatedAt)}` : '' },
        )}
      </p>
      <div className="conflict-list">
        {conflicts.map((conflict) => (
          <ConflictField key={conflict.field} conflict={conflict} resolution={resolution} />
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
          {resolving
            ? t({ id: 'drafts.conflictView.saving', defaultMessage: 'Saving…' })
            : t({ id: 'drafts.conflictView.useTheseChoices', defaultMessage: 'Use these choices' })}
        </button>
        {!allChosen && (
          <span className="muted">
            {t({
              id: 'drafts.conflictView.chooseAVersionForEvery',
              defaultMessage: 'Choose a version for every field.',
            })}
          </span>
        )}
      </div>
    </section>
  );
}
