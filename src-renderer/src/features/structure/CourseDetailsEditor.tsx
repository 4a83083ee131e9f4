/**
 * Renderer. A course's own details (name, description, requirements, level, categories from
 * GET /categories) as a draft: saved locally, sent through the outbox, a conflict shown field by
 * field. Disabled with the server's reason when it does not let Lectern change course details.
 */
import { useEffect, useRef, useState } from 'react';
import type { Draft } from '../../../../src-shared/index.ts';
import { Loading } from '../../components/States.tsx';
import { useFeature } from '../../lib/feature-store.ts';
import { enumLabel } from '../../lib/format.ts';
import { COURSE_LEVELS } from '../../lib/statuses.ts';
import { MayBeRefusedHint, SaveStatusLine, useFormSaveState, useSaveActionLabel } from '../drafts/index.ts';
import { useCourseDetails } from './course-details.ts';
import { t } from '../../lib/i18n.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function categoryIdsOf(base: Record<string, unknown>): string[] {
  if (Array.isArray(base.category_ids)) return base.category_ids as string[];
  if (Array.isArray(base.categories)) return (base.categories as { id: string }[]).map((c) => c.id);
  return [];
}

/** The course's draft and the categories (the store reads them once the editor opens), and the form's values. */
function useCourseDetailsDraft(courseId: string, open: boolean) {
  useFeature(useCourseDetails);
  const { draft, categories, error, save: submit, resolve } = useCourseDetails();
  const [values, setValues] = useState<Record<string, unknown>>({});

  useEffect(() => {
    if (!open) return;
    void useCourseDetails
      .getState()
      .open(courseId)
      .then((d) => d && setValues({ ...d.values, category_ids: categoryIdsOf(d.values) }));
  }, [open, courseId]);

  const set = (field: string, value: unknown) => setValues((v) => ({ ...v, [field]: value }));
  const chosen = new Set(Array.isArray(values.category_ids) ? (values.category_ids as string[]) : []);

  const save = () =>
    submit({
      name: text(values.name),
      description: text(values.description),
      requirements: text(values.requirements),
      level: values.level,
      category_ids: [...chosen],
    });
  // Another course's draft may still be in the store for a moment: shown only once it is this one's.
  const own = draft && draft.serverId === courseId ? draft : null;
  return { draft: own, categories, values, chosen, error, set, save, resolve };
}

type Details = ReturnType<typeof useCourseDetailsDraft>;

function CategoryChoices({ categories, chosen, set }: Pick<Details, 'categories' | 'chosen' | 'set'>) {
  return (
    <fieldset>
      <legend>Categories</legend>
      {categories.map((category) => (
        <label key={category.id}>
          <input
            type="checkbox"
            checked={chosen.has(category.id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(category.id);
              else next.delete(category.id);
              set('category_ids', [...next]);
            }}
          />
          {category.name ?? category.id}
        </label>
      ))}
    </fieldset>
  );
}

function DetailsConflicts({ draft, resolve }: Pick<Details, 'draft' | 'resolve'>) {
  return (
    <>
      {draft?.conflict?.fields.map((conflict) => (
        <div key={conflict.field} className="inline-alert" role="group" aria-label={`Conflict on ${conflict.field}`}>
          <p>
            “{conflict.field}” was changed on the server too: yours “{String(conflict.mine)}”, theirs “
            {String(conflict.theirs)}”.
          </p>
          <button className="button button--small" type="button" onClick={() => void resolve(conflict.field, 'mine')}>
            Keep mine
          </button>
          <button className="button button--small" type="button" onClick={() => void resolve(conflict.field, 'theirs')}>
            Take theirs
          </button>
        </div>
      ))}
    </>
  );
}

function DetailsFields({ values, set }: Pick<Details, 'values' | 'set'>) {
  return (
    <>
      <label>
        Name
        <input
          className="input"
          value={text(values.name)}
          maxLength={255}
          required
          data-autofocus
          onChange={(e) => set('name', e.target.value)}
        />
      </label>
      <label>
        Description
        <textarea
          className="input textarea"
          value={text(values.description)}
          onChange={(e) => set('description', e.target.value)}
        />
      </label>
      <label>
        Requirements
        <textarea
          className="input textarea"
          value={text(values.requirements)}
          onChange={(e) => set('requirements', e.target.value)}
        />
      </label>
      <label>
        Level
        <select className="input select" value={text(values.level)} onChange={(e) => set('level', e.target.value)}>
          {COURSE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {enumLabel(level, COURSE_LEVELS)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** Where the details stand, in the one save model's words (docs/save-model.md), as every editor says it. */
function DetailsState({ draft, values }: { draft: Draft; values: Record<string, unknown> }) {
  const edited = EDITABLE.some((field) => !sameValue(values[field], initialOf(draft, field)));
  const state = useFormSaveState(draft, edited, 'thisCourse');
  return <SaveStatusLine state={state} savedAt={draft.updatedAt} />;
}

/** The fields Save sends: the others (times, ids) change on the server and are not the user's. */
const EDITABLE = ['name', 'description', 'requirements', 'level', 'category_ids'];

const initialOf = (draft: Draft, field: string): unknown =>
  field === 'category_ids' ? categoryIdsOf(draft.values) : draft.values[field];

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length &&
      [...(a as unknown[])].map(String).sort().join('\n') === [...(b as unknown[])].map(String).sort().join('\n')
    : (a ?? '') === (b ?? '');

function OpeningDetails({ error }: { error: string | null }) {
  return (
    <div className="course-details-editor">
      {error ? (
        <p className="inline-alert" role="alert">
          {error}
        </p>
      ) : (
        <Loading label="Opening the course details…" />
      )}
    </div>
  );
}

function ClosedDetails(props: { onOpen: () => void; disabledReason: string | null; focused: boolean }) {
  const { onOpen, disabledReason } = props;
  // Back from the form (Close, or saved and closed): focus returns to the button that opened it.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (props.focused) button.current?.focus({ preventScroll: true });
  }, [props.focused]);
  return (
    <div className="course-details-editor">
      <button
        ref={button}
        className="button button--small"
        type="button"
        onClick={onOpen}
        disabled={disabledReason !== null}
        title={disabledReason ?? undefined}
      >
        {t({ id: 'structure.courseDetailsEditor.editCourseDetails', defaultMessage: 'Edit course details' })}
      </button>
      {disabledReason && (
        <p className="muted" data-testid="course-details-disabled">
          {disabledReason}
        </p>
      )}
    </div>
  );
}

/** The form once there: focus on its first field (the button that opened it has gone). */
const focusFirstField = (form: HTMLFormElement | null) => {
  form?.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
};

export function CourseDetailsEditor({ courseId, disabledReason }: { courseId: string; disabledReason: string | null }) {
  const [open, setOpen] = useState(false);
  const [closedByUser, setClosedByUser] = useState(false);
  const details = useCourseDetailsDraft(courseId, open);
  const { draft, error } = details;
  const saveLabel = useSaveActionLabel(
    t({ id: 'structure.courseDetailsEditor.saveDetails', defaultMessage: 'Save details' }),
  );
  if (!open)
    return <ClosedDetails onOpen={() => setOpen(true)} disabledReason={disabledReason} focused={closedByUser} />;
  // Nothing to type into until the draft is there: typing before it arrived was lost when it did.
  if (!draft) return <OpeningDetails error={error} />;
  return (
    <form
      ref={focusFirstField}
      className="course-details-editor form"
      aria-label="Course details"
      onSubmit={(event) => {
        event.preventDefault();
        void details.save();
      }}
    >
      <DetailsFields values={details.values} set={details.set} />
      <CategoryChoices categories={details.categories} chosen={details.chosen} set={details.set} />
      <DetailsState draft={draft} values={details.values} />
      <MayBeRefusedHint resource="course" />
      <DetailsConflicts draft={draft} resolve={details.resolve} />
      {error && (
        <p className="inline-alert" role="alert">
          {error}
        </p>
      )}
      <div className="course-details-actions">
        <button className="button button--primary" type="submit" disabled={disabledReason !== null}>
          {saveLabel}
        </button>
        <button
          className="button"
          type="button"
          onClick={() => {
            setClosedByUser(true);
            setOpen(false);
          }}
        >
          Close
        </button>
      </div>
    </form>
  );
}
