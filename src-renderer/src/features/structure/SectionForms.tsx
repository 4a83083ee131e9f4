/**
 * Renderer. The structure panel's forms: rename/describe a section, the "Delete section?" question
 * (a section that still holds lessons is never deleted: only Cancel is offered) and the section
 * work still waiting in the outbox (a create, a delete with Undo). Presentational.
 */
import { useEffect, useRef, useState } from 'react';
import type { DraftSummary, PendingSectionDelete, Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { plural } from '../../lib/format.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';

export interface SectionEdit {
  section: Section;
  title: string;
  description: string;
}

export function SectionEditForm(props: { courseId: string; editing: SectionEdit; run: Run; onClose: () => void }) {
  const { courseId, run, onClose } = props;
  const [editing, setEditing] = useState(props.editing);
  return (
    <form
      className="form"
      aria-label={`Edit section ${editing.section.title ?? ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        const { section, title, description } = editing;
        run(async () => {
          const draft = await call((b) => b.sections.edit({ courseId, id: section.id }));
          await call((b) => b.drafts.save({ id: draft.id, changes: { title, description } }));
          await call((b) => b.drafts.submit({ id: draft.id }));
          onClose();
        }, section.id);
      }}
    >
      <label>
        Section title
        <input
          value={editing.title}
          maxLength={255}
          required
          onChange={(e) => setEditing({ ...editing, title: e.target.value })}
        />
      </label>
      <label>
        Section description
        <textarea
          value={editing.description}
          onChange={(e) => setEditing({ ...editing, description: e.target.value })}
        />
      </label>
      <button className="button button--primary" type="submit">
        Save section
      </button>
      <button className="button button--small" type="button" onClick={onClose}>
        Cancel
      </button>
    </form>
  );
}

type Run = (work: () => Promise<unknown>, sectionId?: string) => void;

export function DeleteSectionAsk(props: { asking: Section; onDelete: () => void; onCancel: () => void }) {
  const { asking, onDelete, onCancel } = props;
  const lessons = asking.lessons?.length ?? 0;
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), [asking.id]);
  return (
    <div role="alertdialog" aria-label={`Delete the section “${asking.title ?? ''}”?`} className="inline-alert">
      {lessons > 0 ? (
        <p>
          “{asking.title}” still holds {plural(lessons, 'lesson')}. Lectern never deletes lessons along with their
          section: move or delete them first.
        </p>
      ) : (
        <p>“{asking.title}” will be deleted from the server. You have a few seconds to undo it.</p>
      )}
      {lessons === 0 && (
        <button className="button button--small" type="button" onClick={onDelete}>
          Delete section
        </button>
      )}
      <button className="button button--small" type="button" onClick={onCancel} ref={cancel}>
        Cancel
      </button>
    </div>
  );
}

export function SectionWork(props: { creates: DraftSummary[]; deletes: PendingSectionDelete[]; run: Run }) {
  const { creates, deletes, run } = props;
  // The key's refusal is said once, above the sections; a delete it stopped says only that.
  const keyRefusal = useWriteRefusal('section');
  const deleteNote = (pending: PendingSectionDelete) =>
    pending.refusal !== null && pending.refusal === keyRefusal
      ? `“${pending.title}” was not deleted.`
      : (pending.refusal ?? `“${pending.title}” will be deleted in a few seconds.`);
  return (
    <>
      {creates.map((draft) => (
        <PendingCreate key={draft.id} draft={draft} run={run} />
      ))}
      {deletes.map((pending) => (
        <div
          key={pending.draftId}
          className={pending.refusal ? 'inline-alert' : 'muted'}
          data-testid="section-delete-pending"
        >
          {deleteNote(pending)}
          {pending.state === 'failed' ? (
            <DismissDraft draftId={pending.draftId} run={run} />
          ) : (
            !pending.inDoubt && (
              <button
                className="button button--small"
                type="button"
                onClick={() => run(() => call((b) => b.sections.undoDelete({ draftId: pending.draftId })))}
              >
                Undo
              </button>
            )
          )}
        </div>
      ))}
    </>
  );
}

/**
 * A new section not on the server yet: waiting, or refused — then with Dismiss. A key refused
 * section changes is said once above the list, so here it only says "not saved".
 */
function PendingCreate({ draft, run }: { draft: DraftSummary; run: Run }) {
  const failed = draft.state === 'failed';
  const why = draft.error?.code === 'WRITE_REFUSED' ? 'not saved.' : (draft.error?.message ?? 'not sent');
  return (
    <p className={failed ? 'inline-alert' : 'muted'} data-testid="section-create-pending">
      New section “{draft.title}”: {failed ? why : 'waiting to be sent'}
      {failed && <DismissDraft draftId={draft.id} run={run} />}
    </p>
  );
}

/** Lets a refused section change go: its draft is discarded, nothing reaches the server. */
function DismissDraft({ draftId, run }: { draftId: string; run: Run }) {
  return (
    <button
      className="button button--small"
      type="button"
      onClick={() => run(() => call((b) => b.drafts.discard({ id: draftId })))}
    >
      Dismiss
    </button>
  );
}

/** Adds a section (a create through the outbox, offline too); the panel follows it to the outline. */
export function NewSectionForm(props: {
  courseId: string;
  reason: string | null;
  /** False when the same reason is already said nearby (it is still the button's title). */
  sayReason?: boolean;
  run: Run;
  onAsked: (t: string) => void;
}) {
  const { courseId, reason, sayReason = true, run, onAsked } = props;
  const [newTitle, setNewTitle] = useState('');
  return (
    <form
      className="form"
      aria-label="Add a section"
      onSubmit={(e) => {
        e.preventDefault();
        const title = newTitle.trim();
        if (title === '') return;
        run(async () => {
          onAsked(title);
          await call((b) => b.sections.create({ courseId, title }));
          setNewTitle('');
        });
      }}
    >
      <label>
        New section title
        <input
          value={newTitle}
          maxLength={255}
          onChange={(e) => setNewTitle(e.target.value)}
          disabled={reason !== null}
        />
      </label>
      <button className="button button--primary" type="submit" disabled={reason !== null} title={reason ?? undefined}>
        Add section
      </button>
      {reason && sayReason && (
        <p className="muted" data-testid="sections-create-disabled">
          {reason}
        </p>
      )}
    </form>
  );
}
