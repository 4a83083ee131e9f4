/**
 * Renderer. The outline's section pieces besides the header: "Add section" (at the end and between
 * sections: a button that opens a title field in place), the new sections still waiting in the
 * outbox, and the "Delete section?" question — a section that still holds lessons offers to delete
 * them with it, by name (the API cannot move a lesson to another section), with Undo after.
 * Render and dispatch: the work is the structure store's.
 */
import { useEffect, useRef, useState } from 'react';
import type { DraftSummary, Section } from '../../../../src-shared/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

import { useWriteRefusal } from '../../lib/sync-status.ts';
import { focusWhenThere } from '../../lib/focus.ts';
import { useStructure } from './store.ts';
import { t, tx } from '../../lib/i18n.ts';

/** Adds a section at `position` (1-based; null: at the end), through the outbox (offline too). */
/** For a screen reader, which "Add section" this is: "after {title}". */
function AfterSectionName({ title }: { title: string }) {
  return (
    <span className="visually-hidden">
      {' '}
      {t({ id: 'structure.sectionForms.afterSection', defaultMessage: 'after {title}' }, { title })}
    </span>
  );
}

export function AddSection(props: {
  courseId: string;
  sections: Section[];
  position: number | null;
  reason: string | null;
  /** The section it comes after, for the button's name ("Add a section after …"). */
  after?: Section;
}) {
  const { courseId, sections, position, reason, after } = props;
  const create = useStructure((s) => s.create);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus({ preventScroll: true });
  }, [open]);
  const between = position !== null;
  if (!open) {
    return (
      <div className={between ? 'add-section add-section--between' : 'add-section'}>
        <button
          type="button"
          className={between ? 'button button--small button--quiet' : 'button'}
          disabled={reason !== null}
          title={reason ?? undefined}
          onClick={() => setOpen(true)}
          data-testid={between ? 'add-section-between' : 'add-section'}
          data-add-at={position ?? 'end'}
        >
          {t({ id: 'structure.sectionForms.addSection', defaultMessage: '+ Add section' })}
          {after && <AfterSectionName title={after.title ?? '—'} />}
        </button>
      </div>
    );
  }
  const submit = async () => {
    const wanted = title.trim();
    if (wanted === '') return;
    const asked = await create(courseId, wanted, position, sections);
    if (!asked) return;
    setTitle('');
    setOpen(false);
    // Until the server has it, its waiting card (where it was asked for) holds the focus; then the
    // new section's heading does (useFocusCreatedSection).
    focusWhenThere(`[data-pending-section][data-pending-title="${CSS.escape(wanted)}"]`);
  };
  return (
    <form
      className="add-section add-section--open"
      aria-label={t({ id: 'structure.sectionForms.addASection', defaultMessage: 'Add a section' })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <input
        ref={input}
        dir="auto"
        aria-label={t({ id: 'structure.sectionForms.newSectionTitle', defaultMessage: 'New section title' })}
        placeholder={t({ id: 'structure.sectionForms.sectionTitle', defaultMessage: 'Section title' })}
        value={title}
        maxLength={255}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      <button className="button button--primary button--small" type="submit">
        {t({ id: 'structure.sectionForms.addSection2', defaultMessage: 'Add section' })}
      </button>
      <button className="button button--small" type="button" onClick={() => setOpen(false)}>
        {t({ id: 'structure.sectionForms.cancel', defaultMessage: 'Cancel' })}
      </button>
    </form>
  );
}

/** New sections not on the server yet: waiting, or refused — then with Dismiss. */
/** One new section not on the server yet, shown where it was asked for (CourseOutline places it). */
export function PendingSection({ draft }: { draft: DraftSummary }) {
  const discard = useStructure((s) => s.discard);
  const keyRefusal = useWriteRefusal('section');
  const failed = draft.state === 'failed';
  const refused = draft.error?.code === 'WRITE_REFUSED' || (draft.error && draft.error.message === keyRefusal);
  const state = !failed ? 'waiting' : refused ? 'refused' : draft.error ? 'failed' : 'unsent';
  return (
    <section
      className={`course-section course-section--pending${failed ? ' course-section--failed' : ''}`}
      aria-label={t(
        { id: 'structure.sectionForms.newSection', defaultMessage: 'New section {title}' },
        { title: draft.title },
      )}
      data-pending-section={draft.id}
      data-pending-title={draft.title}
      tabIndex={-1}
    >
      <p className={failed ? 'inline-alert' : 'muted'} data-testid="section-create-pending">
        <span>
          {tx(
            {
              id: 'structure.sectionForms.pendingSection',
              defaultMessage:
                'New section “{title}”: {state, select, waiting {waiting to be sent} refused {not saved.} failed {{reason}} other {not sent}}',
            },
            { title: <bdi>{draft.title}</bdi>, state, reason: draft.error?.message ?? '' },
          )}
        </span>
        {failed && (
          <button className="button button--small" type="button" onClick={() => void discard(draft.id)}>
            {t({ id: 'structure.sectionForms.dismiss', defaultMessage: 'Dismiss' })}
          </button>
        )}
      </p>
    </section>
  );
}

function lessonNames(section: Section): string {
  const titles = (section.lessons ?? []).map((l) => `“${l.title ?? '—'}”`);
  return titles.length <= 4
    ? titles.join(', ')
    : t(
        { id: 'structure.sectionForms.andMore', defaultMessage: '{join} and {value} more' },
        { join: titles.slice(0, 3).join(', '), value: titles.length - 3 },
      );
}

/** "Delete section?": an empty one goes; one with lessons goes with them when asked by name. */
export function SectionDeleteDialog({ courseId }: { courseId: string }) {
  const structure = useStructure();
  const { asking } = structure;
  const lessons = asking?.lessons?.length ?? 0;
  const title = asking?.title ?? '—';
  return (
    <ConfirmDialog
      open={asking !== null}
      title={t(
        { id: 'structure.sectionForms.deleteTheSection', defaultMessage: 'Delete the section “{title}”?' },
        { title },
      )}
      confirmLabel={
        lessons > 0
          ? `Delete section and ${t({ id: 'structure.sectionForms.lessonsCount', defaultMessage: '{count, plural, one {# lesson} other {# lessons}}' }, { count: lessons })}`
          : t({ id: 'structure.sectionForms.deleteSection', defaultMessage: 'Delete section' })
      }
      onCancel={() => structure.askDelete(null)}
      onConfirm={() => {
        if (!asking) return;
        void structure.remove(courseId, asking, lessons > 0).then((pending) => {
          if (pending) focusWhenThere(`[data-section-undo="${CSS.escape(asking.id)}"]`);
        });
      }}
      testId="section-delete-dialog"
    >
      {lessons > 0 ? (
        <div className="section-delete-text">
          <p>
            “<bdi>{title}</bdi>
            {t({ id: 'structure.sectionForms.stillHolds', defaultMessage: '” still holds' })}{' '}
            {t(
              {
                id: 'structure.sectionForms.lessonsCount',
                defaultMessage: '{count, plural, one {# lesson} other {# lessons}}',
              },
              { count: lessons },
            )}
            : <bdi>{asking ? lessonNames(asking) : ''}</bdi>.
          </p>
          <p>
            {t({
              id: 'structure.sectionForms.deletingTheSectionDeletesThem',
              defaultMessage:
                'Deleting the section deletes them too, with their videos and quizzes. To keep a lesson, cancel and make it again in another section: the server cannot move a lesson from one section to another. You have a few seconds to undo.',
            })}
          </p>
        </div>
      ) : (
        <p>
          {t(
            {
              id: 'structure.sectionForms.willBeDeletedFromThe',
              defaultMessage: '“{title}” will be deleted from the server. You have a few seconds to undo it.',
            },
            { title },
          )}
        </p>
      )}
    </ConfirmDialog>
  );
}
