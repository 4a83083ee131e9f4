/**
 * Renderer. The header every "new …" editor shares: its title, where it belongs, the autosave line
 * of its draft session, and Discard — held back behind its toast's Undo, which opens the draft
 * again as it was, while the editor starts afresh. Presentational: the screen says where to go.
 */
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { discardWithUndo } from './discard.ts';
import { AutosaveLine } from './DraftStatus.tsx';
import type { DraftSessionState } from './session-state.ts';

export interface NewDraftHeaderProps {
  title: string;
  eyebrow: ReactNode;
  session: Pick<DraftSessionState, 'saving' | 'saveError' | 'pending' | 'draft'>;
  /** False while the draft is on its way to the server (nothing to take back then). */
  canDiscard: boolean;
  discardLabel: string;
  /** The toast's name for a draft without a title ("The new assessment"). */
  untitled: string;
  /** Undo: opens the discarded draft again. */
  reopen: (draftId: string) => void;
  /** The editor starts afresh once its draft is discarded. */
  restart: () => void;
}

export function NewDraftHeader(props: NewDraftHeaderProps) {
  const { draft } = props.session;
  const discard = () => {
    if (!draft) return;
    discardWithUndo(draft.id, draft.title || props.untitled, () => props.reopen(draft.id));
    props.restart();
  };
  return (
    <PageHeader
      title={props.title}
      eyebrow={props.eyebrow}
      actions={
        draft && props.canDiscard ? (
          <button type="button" className="button button--ghost button--danger-text" onClick={discard}>
            {props.discardLabel}
          </button>
        ) : undefined
      }
    >
      <AutosaveLine session={props.session} />
    </PageHeader>
  );
}
