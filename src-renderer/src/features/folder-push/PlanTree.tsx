/**
 * Renderer. A folder push's plan as a tree: sections, each with its lessons, every entry marked
 * with what will happen to it (and why, for a match or a skip), then the files skipped and the
 * totals. Each section and lesson not in the folder has its own "delete" checkbox (the dialog
 * keeps the choice; `plan` comes with it applied, choice.ts). Each name and title (someone else's
 * folder, the server) is its own bidi isolate (`dir="auto"`, as <bdi>): an override in one turns
 * nothing around it.
 */
import { defineMessages } from 'react-intl';
import type { FolderPushPlan } from '../../../../src-shared/index.ts';
import { formatBytes } from '../../lib/format.ts';
import { formatLocale, t } from '../../lib/i18n.ts';

/** Ticks an item not in the folder for deletion (or unticks it). */
export type OnChoose = (kind: 'sections' | 'lessons', id: string, on: boolean) => void;

function DeleteBox({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      className="push-delete-box"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

type SectionPlan = FolderPushPlan['sections'][number];
type LessonPlan = SectionPlan['lessons'][number];

const MARKS = {
  create: { tone: 'badge--accent' },
  update: { tone: 'badge--warning' },
  reorder: { tone: '' },
  keep: { tone: '' },
  delete: { tone: 'badge--danger' },
  leave: { tone: '' },
} as const;

// Descriptors, not words: these tables are built when the module loads, before the language is known.
const MARK_WORDS = defineMessages({
  create: { id: 'folder-push.planTree.mark.create', defaultMessage: 'New' },
  update: { id: 'folder-push.planTree.mark.update', defaultMessage: 'Update' },
  reorder: { id: 'folder-push.planTree.mark.reorder', defaultMessage: 'Move' },
  keep: { id: 'folder-push.planTree.mark.keep', defaultMessage: 'Unchanged' },
  delete: { id: 'folder-push.planTree.mark.delete', defaultMessage: 'Delete' },
  leave: { id: 'folder-push.planTree.mark.leave', defaultMessage: 'Left alone' },
});

function Mark({ action }: { action: keyof typeof MARKS }) {
  return <span className={`badge ${MARKS[action].tone}`}>{t(MARK_WORDS[action])}</span>;
}

const WHAT_WORDS = defineMessages({
  video: { id: 'folder-push.planTree.what.video', defaultMessage: 'video, {size}' },
  text: { id: 'folder-push.planTree.what.text', defaultMessage: 'text' },
  newVideo: { id: 'folder-push.planTree.what.newVideo', defaultMessage: 'new video' },
  textChanged: { id: 'folder-push.planTree.what.textChanged', defaultMessage: 'text changed' },
  renamed: { id: 'folder-push.planTree.what.renamed', defaultMessage: 'renamed' },
  moved: { id: 'folder-push.planTree.what.moved', defaultMessage: 'moved' },
  upload: { id: 'folder-push.planTree.what.upload', defaultMessage: 'upload {size}' },
  matchedByTitle: { id: 'folder-push.planTree.what.matchedByTitle', defaultMessage: 'matched by title' },
  renamedFile: { id: 'folder-push.planTree.what.renamedFile', defaultMessage: 'renamed file' },
  fromTheFolderItself: {
    id: 'folder-push.planTree.what.fromTheFolderItself',
    defaultMessage: 'from the folder itself',
  },
  fromFolder: { id: 'folder-push.planTree.what.fromFolder', defaultMessage: 'from {folder}/' },
});

const LESSON_CHANGES: Record<string, keyof typeof WHAT_WORDS> = {
  video: 'newVideo',
  text: 'textChanged',
  title: 'renamed',
  order: 'moved',
};

function lessonWhat(lesson: LessonPlan): string {
  const kind = lesson.kind === 'video' ? t(WHAT_WORDS.video, { size: formatBytes(lesson.bytes) }) : t(WHAT_WORDS.text);
  const changes = lesson.changes.map((c) => {
    const known = LESSON_CHANGES[c];
    return known ? t(WHAT_WORDS[known]) : c;
  });
  const upload = lesson.uploadBytes > 0 ? t(WHAT_WORDS.upload, { size: formatBytes(lesson.uploadBytes) }) : null;
  const matched =
    lesson.matchedBy === 'title'
      ? t(WHAT_WORDS.matchedByTitle)
      : lesson.matchedBy === 'content'
        ? t(WHAT_WORDS.renamedFile)
        : null;
  return [kind, ...changes, upload, matched].filter(Boolean).join(' · ');
}

function sectionWhat(section: SectionPlan): string {
  // First Strong Isolate … Pop Directional Isolate: the folder's name is isolated inside this text.
  const from =
    section.key === ''
      ? t(WHAT_WORDS.fromTheFolderItself)
      : t(WHAT_WORDS.fromFolder, { folder: `\u2068${section.key}\u2069` });
  const changes = section.changes.map((c) => t(c === 'order' ? WHAT_WORDS.moved : WHAT_WORDS.renamed));
  const matched = section.matchedBy === 'title' ? t(WHAT_WORDS.matchedByTitle) : null;
  return [from, ...changes, matched].filter(Boolean).join(' · ');
}

export function PlanTree({ plan, onChoose }: { plan: FolderPushPlan; onChoose: OnChoose }) {
  return (
    // A long plan scrolls inside the dialog (focusable, so the keyboard can scroll it too); the
    // files skipped and the totals stay in view under it, never below its fold.
    <>
      <div
        className="push-plan"
        role="region"
        aria-label={t({ id: 'folder-push.planTree.thePlan', defaultMessage: 'The plan' })}
        tabIndex={0}
      >
        <ul
          className="push-tree"
          aria-label={t({
            id: 'folder-push.planTree.sectionsAndLessonsAfterThe',
            defaultMessage: 'Sections and lessons after the push',
          })}
          data-testid="push-plan-tree"
        >
          {plan.sections.map((section) => (
            <li key={`s:${section.key}`} data-action={section.action}>
              <div className="push-entry push-entry--section">
                <Mark action={section.action} />
                <strong dir="auto">{section.title}</strong>
                <span className="muted">{sectionWhat(section)}</span>
              </div>
              <ul
                aria-label={t(
                  { id: 'folder-push.planTree.lessonsOf', defaultMessage: 'Lessons of {title}' },
                  { title: section.title },
                )}
              >
                {section.lessons.map((lesson) => (
                  <li key={`l:${lesson.key}`} className="push-entry" data-action={lesson.action}>
                    <Mark action={lesson.action} />
                    <span dir="auto">{lesson.title}</span>
                    <span className="muted">{lessonWhat(lesson)}</span>
                  </li>
                ))}
                {section.otherLessons.map((other) => (
                  <li key={`o:${other.id}`} className="push-entry" data-action={other.action}>
                    <DeleteBox
                      label={t(
                        {
                          id: 'folder-push.planTree.deleteLessonOf',
                          defaultMessage: 'Delete lesson “{value}” of “{title}”',
                        },
                        { value: other.title ?? '—', title: section.title },
                      )}
                      checked={other.action === 'delete'}
                      onChange={(on) => onChoose('lessons', other.id, on)}
                    />
                    <Mark action={other.action} />
                    <span dir="auto">{other.title ?? '—'}</span>
                    <span className="muted">
                      {t({ id: 'folder-push.planTree.notInTheFolder', defaultMessage: 'not in the folder' })}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {plan.otherSections.map((section) => (
            <OtherSectionEntry key={`os:${section.id}`} section={section} onChoose={onChoose} />
          ))}
        </ul>
      </div>
      {plan.skipped.length > 0 && <SkippedFiles skipped={plan.skipped} />}
      <p className="push-summary" data-testid="push-summary">
        {planSummary(plan)}
      </p>
    </>
  );
}

/** The files that will not become lessons, and why: under the plan, in a list of their own. */
function SkippedFiles({ skipped }: { skipped: FolderPushPlan['skipped'] }) {
  return (
    <section aria-labelledby="push-skipped-heading" className="push-skipped">
      <h3 id="push-skipped-heading">
        {t({ id: 'folder-push.planTree.skippedFiles', defaultMessage: 'Skipped files' })}
      </h3>
      <ul data-testid="push-skipped" tabIndex={0} aria-labelledby="push-skipped-heading">
        {skipped.map((skip) => (
          <li key={skip.key} title={`${skip.key} — ${skip.reason}`}>
            <span className="badge">{t({ id: 'folder-push.planTree.skipped', defaultMessage: 'Skipped' })}</span>{' '}
            <code dir="auto">{skip.key}</code> — {skip.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A section of the course not in the folder, with its lessons, each with its own "delete" box. */
function OtherSectionEntry({
  section,
  onChoose,
}: {
  section: FolderPushPlan['otherSections'][number];
  onChoose: OnChoose;
}) {
  return (
    <li data-action={section.action}>
      <div className="push-entry push-entry--section">
        <DeleteBox
          label={t(
            {
              id: 'folder-push.planTree.deleteSectionAndItsLessons',
              defaultMessage: 'Delete section “{value}” and its lessons',
            },
            { value: section.title ?? '—' },
          )}
          checked={section.action === 'delete'}
          onChange={(on) => onChoose('sections', section.id, on)}
        />
        <Mark action={section.action} />
        <strong dir="auto">{section.title ?? '—'}</strong>
        <span className="muted">
          {t(
            { id: 'folder-push.planTree.notInTheFolder2', defaultMessage: 'not in the folder · {count}' },
            {
              count: t(
                {
                  id: 'folder-push.planTree.lessonsCount',
                  defaultMessage: '{count, plural, one {# lesson} other {# lessons}}',
                },
                { count: section.lessons.length },
              ),
            },
          )}
        </span>
      </div>
      {section.lessons.length > 0 && (
        <ul
          aria-label={t(
            { id: 'folder-push.planTree.lessonsOf2', defaultMessage: 'Lessons of {value}' },
            { value: section.title ?? '—' },
          )}
        >
          {section.lessons.map((lesson) => (
            <li key={`ol:${lesson.id}`} className="push-entry" data-action={lesson.action}>
              <DeleteBox
                label={t(
                  {
                    id: 'folder-push.planTree.deleteLessonOf2',
                    defaultMessage: 'Delete lesson “{value}” of “{value2}”',
                  },
                  { value: lesson.title ?? '—', value2: section.title ?? '—' },
                )}
                checked={lesson.action === 'delete'}
                // A section chosen takes its lessons with it.
                disabled={section.action === 'delete'}
                onChange={(on) => onChoose('lessons', lesson.id, on)}
              />
              <Mark action={lesson.action} />
              <span dir="auto">{lesson.title ?? '—'}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

const SUMMARY_PARTS = defineMessages({
  sectionsToCreate: {
    id: 'folder-push.summary.sectionsToCreate',
    defaultMessage: '{count, plural, one {# section} other {# sections}} to create',
  },
  sectionsToUpdate: {
    id: 'folder-push.summary.sectionsToUpdate',
    defaultMessage: '{count, plural, one {# section} other {# sections}} to rename',
  },
  sectionsToReorder: {
    id: 'folder-push.summary.sectionsToReorder',
    defaultMessage: '{count, plural, one {# section} other {# sections}} to move',
  },
  lessonsToCreate: {
    id: 'folder-push.summary.lessonsToCreate',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}} to create',
  },
  lessonsToUpdate: {
    id: 'folder-push.summary.lessonsToUpdate',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}} to update',
  },
  lessonsToReorder: {
    id: 'folder-push.summary.lessonsToReorder',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}} to move',
  },
  sectionsToDelete: {
    id: 'folder-push.summary.sectionsToDelete',
    defaultMessage: '{count, plural, one {# section} other {# sections}} to delete',
  },
  lessonsToDelete: {
    id: 'folder-push.summary.lessonsToDelete',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}} to delete',
  },
  lessonsLeftAlone: {
    id: 'folder-push.summary.lessonsLeftAlone',
    defaultMessage: '{count, plural, one {# lesson not in the folder} other {# lessons not in the folder}} left alone',
  },
  skipped: {
    id: 'folder-push.summary.skipped',
    defaultMessage: '{count, plural, one {# file} other {# files}} skipped',
  },
});

/** One sentence of what the push does, as `lectern course push` sums it up. */
export function planSummary(plan: FolderPushPlan): string {
  const totals = plan.totals;
  const n = (key: string) => totals[key] ?? 0;
  const said = (Object.keys(SUMMARY_PARTS) as (keyof typeof SUMMARY_PARTS)[])
    .filter((key) => n(key) > 0)
    .map((key) => t(SUMMARY_PARTS[key], { count: n(key) }));
  const parts = said.length
    ? new Intl.ListFormat(formatLocale(), { style: 'short', type: 'unit' }).format(said)
    : t({ id: 'folder-push.summary.nothing', defaultMessage: 'Nothing to change' });
  const uploads = n('uploads');
  return uploads > 0
    ? t(
        {
          id: 'folder-push.summary.withUploads',
          defaultMessage: '{parts}; {count, plural, one {# video} other {# videos}} to upload ({size}).',
        },
        { parts, count: uploads, size: formatBytes(n('uploadBytes')) },
      )
    : t({ id: 'folder-push.summary.sentence', defaultMessage: '{parts}.' }, { parts });
}
