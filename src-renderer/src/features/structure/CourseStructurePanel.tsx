/**
 * Renderer. A course's structure: its details (CourseDetailsEditor) and its sections: add, rename,
 * describe, reorder (drag and drop, Move up/down, Alt+↑/↓ on a row) and delete. A section that
 * still holds lessons is never deleted: the app says so and offers only to cancel; a server's
 * 409/422 refusal is shown in words. Everything goes through drafts and the outbox (offline too).
 */
import { useEffect, useState } from 'react';
import type { Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { CourseDetailsEditor } from './CourseDetailsEditor.tsx';
import { CoursePreviewVideo } from './CoursePreviewVideo.tsx';
import { useStructure } from './store.ts';

const byOrder = (a: { order?: number }, b: { order?: number }) =>
  (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);

export function CourseStructurePanel({ courseId, sections }: { courseId: string; sections: Section[] }) {
  const structure = useStructure();
  useFeature(useStructure);
  useEffect(() => {
    void structure.load(courseId).catch(() => undefined);
  }, [courseId]); // eslint-disable-line react-hooks/exhaustive-deps
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Section | null>(null);
  const [editing, setEditing] = useState<{ section: Section; title: string; description: string } | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const ordered = [...sections].sort(byOrder);
  const deleting = new Set(structure.deletes.map((d) => d.sectionId));
  const reason = {
    create: structure.reasonFor('sections.create'),
    update: structure.reasonFor('sections.update'),
    delete: structure.reasonFor('sections.delete'),
    course: structure.reasonFor('courses.update'),
  };
  const run = (work: () => Promise<unknown>) => {
    setError(null);
    work().catch((e: unknown) => setError(describeError(e, { subject: 'this section' })));
  };
  const move = (section: Section, position: number) =>
    run(() => call((b) => b.sections.move({ courseId, id: section.id, position })));

  return (
    <section className="course-structure" aria-label="Course structure">
      <h2>Course details</h2>
      <CourseDetailsEditor courseId={courseId} disabledReason={reason.course} />
      <CoursePreviewVideo courseId={courseId} disabledReason={reason.course} />
      <h2>Sections</h2>
      {error && (
        <p className="inline-alert" role="alert">
          {error}
        </p>
      )}
      <ol className="structure-sections" data-testid="structure-sections">
        {ordered.map((section, index) => {
          const lessons = section.lessons?.length ?? 0;
          return (
            <li
              key={section.id}
              data-section-id={section.id}
              draggable={reason.update === null}
              onDragStart={() => setDragged(section.id)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                const from = ordered.find((s) => s.id === dragged);
                setDragged(null);
                if (from && from.id !== section.id) move(from, index + 1);
              }}
              onKeyDown={(e) => {
                if (!e.altKey || reason.update !== null) return;
                if (e.key === 'ArrowUp' && index > 0) move(section, index);
                if (e.key === 'ArrowDown' && index < ordered.length - 1) move(section, index + 2);
              }}
            >
              <span className="section-title">{section.title ?? '—'}</span>{' '}
              <span className="muted">({lessons === 1 ? '1 lesson' : `${lessons} lessons`})</span>
              {deleting.has(section.id) ? (
                <span className="muted"> — being deleted</span>
              ) : (
                <>
                  <button
                    className="button button--ghost button--small"
                    type="button"
                    disabled={reason.update !== null}
                    title={reason.update ?? undefined}
                    onClick={() =>
                      setEditing({ section, title: section.title ?? '', description: section.description ?? '' })
                    }
                  >
                    Rename
                  </button>
                  <button
                    className="button button--ghost button--small"
                    type="button"
                    disabled={index === 0 || reason.update !== null}
                    onClick={() => move(section, index)}
                  >
                    Move up
                  </button>
                  <button
                    className="button button--ghost button--small"
                    type="button"
                    disabled={index === ordered.length - 1 || reason.update !== null}
                    onClick={() => move(section, index + 2)}
                  >
                    Move down
                  </button>
                  <button
                    className="button button--ghost button--small button--danger-text"
                    type="button"
                    disabled={reason.delete !== null}
                    title={reason.delete ?? undefined}
                    onClick={() => setAsking(section)}
                  >
                    Delete section
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ol>
      {(reason.update ?? reason.delete) && (
        <p className="muted" data-testid="sections-disabled">
          {[reason.update, reason.delete].filter(Boolean).join(' ')}
        </p>
      )}

      {structure.creates.map((draft) => (
        <p key={draft.id} className="muted" data-testid="section-create-pending">
          New section “{draft.title}”:{' '}
          {draft.state === 'failed' ? (draft.error?.message ?? 'not sent') : 'waiting to be sent'}
        </p>
      ))}
      {structure.deletes.map((pending) => (
        <div
          key={pending.draftId}
          className={pending.refusal ? 'inline-alert' : 'muted'}
          data-testid="section-delete-pending"
        >
          {pending.refusal ?? `“${pending.title}” will be deleted in a few seconds.`}
          {pending.state === 'failed' ? (
            <button
              className="button button--small"
              type="button"
              onClick={() => run(() => call((b) => b.drafts.discard({ id: pending.draftId })))}
            >
              Dismiss
            </button>
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

      <form
        className="form"
        aria-label="Add a section"
        onSubmit={(e) => {
          e.preventDefault();
          const title = newTitle.trim();
          if (title === '') return;
          run(async () => {
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
            disabled={reason.create !== null}
          />
        </label>
        <button
          className="button button--primary"
          type="submit"
          disabled={reason.create !== null}
          title={reason.create ?? undefined}
        >
          Add section
        </button>
        {reason.create && (
          <p className="muted" data-testid="sections-create-disabled">
            {reason.create}
          </p>
        )}
      </form>

      {editing && (
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
              setEditing(null);
            });
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
          <button className="button button--small" type="button" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      )}

      {asking && (
        <div role="alertdialog" aria-label={`Delete the section “${asking.title ?? ''}”?`} className="inline-alert">
          {(asking.lessons?.length ?? 0) > 0 ? (
            <p>
              “{asking.title}” still holds{' '}
              {asking.lessons?.length === 1 ? '1 lesson' : `${asking.lessons?.length} lessons`}. Lectern never deletes
              lessons along with their section: move or delete them first.
            </p>
          ) : (
            <p>“{asking.title}” will be deleted from the server. You have a few seconds to undo it.</p>
          )}
          {(asking.lessons?.length ?? 0) === 0 && (
            <button
              className="button button--small"
              type="button"
              onClick={() => {
                const target = asking;
                setAsking(null);
                run(() => call((b) => b.sections.delete({ courseId, id: target.id })));
              }}
            >
              Delete section
            </button>
          )}
          <button className="button button--small" type="button" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}
