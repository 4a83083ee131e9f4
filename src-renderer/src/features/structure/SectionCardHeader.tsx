/**
 * Renderer. The header of one section card in the course outline: its number and title (renamed
 * in place: the title becomes a field, Enter saves, Escape cancels), how many lessons it holds,
 * and its actions — moved by dragging the header or by Alt+↑/↓ (as lessons move), Rename, Move
 * up/down and Delete section… behind its menu. A rename not sent yet shows at once, marked as
 * waiting; a delete waiting to be sent says so with Undo. Renders and dispatches to the store.
 */
import { memo, useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { PendingSectionDelete, Section } from '../../../../src-shared/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { RowMenu } from '../../components/RowMenu.tsx';

import { useWriteRefusal } from '../../lib/sync-status.ts';
import { RowRefusal, useSaveActionLabel } from '../drafts/index.ts';
import { focusWhenThere } from '../../lib/focus.ts';
import { useStructure } from './store.ts';
import type { SectionReasons } from './use-section-actions.ts';

import { SECTION_DRAG_TYPE, sectionDrag } from './dnd.ts';
import { t } from '../../lib/i18n.ts';

/** A control of the section's own header (not of its lessons' rows). */
const inSection = (sectionId: string, selector: string) =>
  `.course-section[data-section-id="${CSS.escape(sectionId)}"] > header ${selector}`;

interface Props {
  courseId: string;
  section: Section;
  /** Its place among the sections, from 0. */
  index: number;
  total: number;
  /** Lessons it shows (those waiting to be deleted not counted). */
  lessonCount: number;
  reasons: SectionReasons;
}

/** Alt+↑/↓ anywhere in the header moves the section; focus stays on the same control. */
function useKeyboardMove(props: Props) {
  const { courseId, section, index, total, reasons } = props;
  const move = useStructure((s) => s.move);
  return (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    if ((event.target as HTMLElement).closest('.lesson-rows, input, textarea')) return;
    event.preventDefault();
    event.stopPropagation();
    if (reasons.update !== null) return;
    const to = index + 1 + (event.key === 'ArrowUp' ? -1 : 1);
    if (to < 1 || to > total) return;
    const target = event.target as HTMLElement;
    const selector = target.matches('[data-row-menu]') ? '[data-row-menu]' : '[data-section-heading]';
    void move(courseId, section, to);
    requestAnimationFrame(() => focusWhenThere(inSection(section.id, selector)));
  };
}

function SectionTitle(props: { section: Section; position: number; waiting: boolean }) {
  const { section, position, waiting } = props;
  const title = section.title ?? '—';
  return (
    <h3
      id={`section-${section.id}`}
      className="section-card-title"
      tabIndex={-1}
      data-section-heading
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
    >
      <span className="section-card-number">
        {t({ id: 'structure.sectionCardHeader.section', defaultMessage: 'Section {position}' }, { position })}
      </span>
      <span className="visually-hidden">: </span>
      <span className="section-card-name" dir="auto" title={title}>
        {title}
      </span>
      {waiting && (
        <Badge tone="warning">
          <span data-testid="section-rename-waiting">
            {t({ id: 'structure.sectionCardHeader.waitingToSend', defaultMessage: 'Waiting to send' })}
          </span>
        </Badge>
      )}
    </h3>
  );
}

function RenameForm(props: { courseId: string; section: Section; onDone: (saved: boolean) => void }) {
  const { courseId, section, onDone } = props;
  const rename = useStructure((s) => s.rename);
  const [value, setValue] = useState(section.title ?? '');
  // The save model's button words (docs/save-model.md): offline, "Save — sends when online".
  const saveLabel = useSaveActionLabel();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, []);
  const save = async () => {
    const title = value.trim();
    if (title === '' || title === section.title) return onDone(false);
    onDone(await rename(courseId, section, title));
  };
  return (
    <form
      className="section-rename"
      aria-label={t(
        { id: 'structure.sectionCardHeader.renameSection', defaultMessage: 'Rename section {value}' },
        { value: section.title ?? '' },
      )}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <input
        ref={input}
        dir="auto"
        aria-label={t({ id: 'structure.sectionCardHeader.sectionTitle', defaultMessage: 'Section title' })}
        value={value}
        maxLength={255}
        required
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone(false);
          }
        }}
      />
      <button className="button button--small button--primary" type="submit">
        {saveLabel}
      </button>
      <button className="button button--small" type="button" onClick={() => onDone(false)}>
        {t({ id: 'structure.sectionCardHeader.cancel', defaultMessage: 'Cancel' })}
      </button>
    </form>
  );
}

function SectionMenu(props: Props & { onRename: () => void }) {
  const { courseId, section, index, total, reasons, onRename } = props;
  const structure = useStructure();
  const title = section.title ?? '—';
  const move = (to: number) => {
    void structure.move(courseId, section, to);
    requestAnimationFrame(() => focusWhenThere(inSection(section.id, '[data-row-menu]')));
  };
  return (
    <RowMenu
      label={t(
        { id: 'structure.sectionCardHeader.actionsForSection', defaultMessage: 'Actions for section {title}' },
        { title },
      )}
      items={[
        {
          label: t({ id: 'structure.sectionCardHeader.rename', defaultMessage: 'Rename' }),
          action: 'rename',
          disabled: reasons.update !== null,
          reason: reasons.update,
          onSelect: onRename,
        },
        {
          label: t({ id: 'structure.sectionCardHeader.moveUp', defaultMessage: 'Move up' }),
          action: 'move-up',
          disabled: index === 0 || reasons.update !== null,
          reason: reasons.update,
          onSelect: () => move(index),
        },
        {
          label: t({ id: 'structure.sectionCardHeader.moveDown', defaultMessage: 'Move down' }),
          action: 'move-down',
          disabled: index === total - 1 || reasons.update !== null,
          reason: reasons.update,
          onSelect: () => move(index + 2),
        },
        {
          label: t({ id: 'structure.sectionCardHeader.deleteSection', defaultMessage: 'Delete section…' }),
          action: 'delete',
          danger: true,
          disabled: reasons.delete !== null,
          reason: reasons.delete,
          onSelect: () => structure.askDelete(section),
        },
      ]}
    />
  );
}

function deletingSentence(pending: PendingSectionDelete, title: string, keyRefusal: string | null): string {
  // The key's refusal is said once, above the sections; a delete it stopped says only that.
  if (pending.refusal !== null && pending.refusal === keyRefusal)
    return t(
      { id: 'structure.sectionCardHeader.wasNotDeleted', defaultMessage: '“{title}” was not deleted.' },
      { title },
    );
  if (pending.refusal !== null) return pending.refusal;
  return pending.state === 'sending'
    ? t({ id: 'structure.sectionCardHeader.deleting', defaultMessage: 'Deleting…' })
    : t({ id: 'structure.sectionCardHeader.willBeDeletedInA', defaultMessage: 'Will be deleted in a few seconds.' });
}

function DeletingNote({ pending, title }: { pending: PendingSectionDelete; title: string }) {
  const structure = useStructure();
  const keyRefusal = useWriteRefusal('section');
  const refused = pending.refusal !== null;
  return (
    <div className="section-card-deleting" data-testid="section-delete-pending" role="status">
      <span className={refused ? 'text-danger' : 'muted'}>{deletingSentence(pending, title, keyRefusal)}</span>
      {pending.state === 'failed' ? (
        <button className="button button--small" type="button" onClick={() => void structure.discard(pending.draftId)}>
          {t({ id: 'structure.sectionCardHeader.dismiss', defaultMessage: 'Dismiss' })}
        </button>
      ) : (
        !pending.inDoubt &&
        pending.state !== 'sending' && (
          <button
            className="button button--small"
            type="button"
            data-section-undo={pending.sectionId}
            onClick={() => {
              void structure.undoDelete(pending.draftId, pending.sectionId, title);
              focusWhenThere(inSection(pending.sectionId, '[data-row-menu]'));
            }}
          >
            {t({ id: 'structure.sectionCardHeader.undo', defaultMessage: 'Undo' })}
            <span className="visually-hidden">
              {' '}
              {t(
                {
                  id: 'structure.sectionCardHeader.deletingTheSection',
                  defaultMessage: 'deleting the section {title}',
                },
                { title },
              )}
            </span>
          </button>
        )
      )}
    </div>
  );
}

export function SectionCardHeader(props: Props) {
  const { courseId, section, index, lessonCount, reasons } = props;
  const structure = useStructure();
  const [renaming, setRenaming] = useState(false);
  const onKeyDown = useKeyboardMove(props);
  const waitingRename = structure.renames.find((r) => r.sectionId === section.id);
  const shown = waitingRename ? { ...section, title: waitingRename.title } : section;
  const deleting = structure.deletes.find((d) => d.sectionId === section.id);
  const draggable = !renaming && !deleting && reasons.update === null;
  return (
    <header
      className="course-section-header section-card-header"
      data-testid="section-row"
      draggable={draggable}
      onDragStart={(event: DragEvent) => {
        if (event.target !== event.currentTarget) return;
        event.dataTransfer.setData(SECTION_DRAG_TYPE, section.id);
        event.dataTransfer.effectAllowed = 'move';
        sectionDrag.id = section.id;
      }}
      onDragEnd={() => {
        sectionDrag.id = null;
      }}
      onKeyDown={onKeyDown}
    >
      {draggable && (
        <span
          className="drag-handle"
          aria-hidden="true"
          title={t({
            id: 'structure.sectionCardHeader.dragToMoveTheSection',
            defaultMessage: 'Drag to move the section',
          })}
        >
          ⠿
        </span>
      )}
      {renaming ? (
        <RenameForm
          courseId={courseId}
          section={shown}
          onDone={() => {
            setRenaming(false);
            focusWhenThere(inSection(section.id, '[data-row-menu]'));
          }}
        />
      ) : (
        <SectionTitle section={shown} position={index + 1} waiting={waitingRename !== undefined} />
      )}
      <LessonCount count={lessonCount} />
      {deleting ? (
        <DeletingNote pending={deleting} title={shown.title ?? '—'} />
      ) : (
        !renaming && <SectionMenu {...props} section={shown} onRename={() => setRenaming(true)} />
      )}
      <RowRefusal resource="section" id={section.id} />
    </header>
  );
}

/** How many lessons a section holds, beside its title (the card's and its stand-in's). */
function LessonCount({ count }: { count: number }) {
  return (
    <span className="muted section-card-count">
      {t(
        {
          id: 'structure.sectionCardHeader.lessonsCount',
          defaultMessage: '{count, plural, one {# lesson} other {# lessons}}',
        },
        { count },
      )}
    </span>
  );
}

/**
 * A long outline's section card before the card itself is mounted (a few frames after the first
 * paint): its heading and lesson count where the card will be, and the room its lessons take.
 */
export const SectionCardStandIn = memo(function SectionCardStandIn(props: {
  section: Section;
  index: number;
  lessonCount: number;
  lessonsHeight: number;
}) {
  const { section, index, lessonCount } = props;
  return (
    <section className="course-section" aria-labelledby={`section-${section.id}`} data-section-id={section.id}>
      <header className="course-section-header section-card-header" data-testid="section-row">
        <SectionTitle section={section} position={index + 1} waiting={false} />
        <LessonCount count={lessonCount} />
      </header>
      <div className="lesson-rows-stand-in" style={{ height: props.lessonsHeight }} data-testid="lessons-stand-in" />
    </section>
  );
});
