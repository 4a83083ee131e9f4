/**
 * Renderer. The course's one outline (the curriculum builders' model): its sections as
 * cards in order, each holding its lessons, with the section's own actions in its header (rename
 * in place, move by drag or Alt+↑/↓, delete with Undo), "Add section" between sections and at the
 * end, and the new sections still waiting to be sent. No section is listed twice. The work is the
 * structure and lessons stores'; this composes their pieces.
 */
import { defineMessages } from 'react-intl';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, type HTMLAttributes } from 'react';
import type { Course, DraftSummary, Lesson, PendingLessonDelete, Section } from '../../../../src-shared/index.ts';
import { onCacheUpdated } from '../../lib/events.ts';

import { CROSS_SECTION_NOTE, lessonsStandInHeight, SectionLessons, useCourseDetail } from '../lessons/index.ts';
import {
  AddSection,
  focusInPlace,
  PendingSection,
  placePendingSections,
  SectionCardHeader,
  SectionCardStandIn,
  SectionDeleteDialog,
  SectionsNote,
  useFocusCreatedSection,
  useSectionDrop,
  useSectionReasons,
  usePendingPositions,
  useStructure,
  useStructureOf,
  type SectionReasons,
} from '../structure/index.ts';
import { useMountedSections } from './use-mounted-sections.ts';
import { useFocusAfterLessonUndo } from './use-lesson-focus.ts';
import { t } from '../../lib/i18n.ts';

const messages = defineMessages({
  outline: { id: 'courses.courseOutline.outline', defaultMessage: 'Outline' },
  sectionsCount: {
    id: 'courses.courseOutline.sectionsCount',
    defaultMessage: '{count, plural, one {# section} other {# sections}}',
  },
  lessonsCount: {
    id: 'courses.courseOutline.lessonsCount',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}}',
  },
  dragASectionOrA: {
    id: 'courses.courseOutline.dragASectionOrA',
    defaultMessage:
      'Drag a section or a lesson to move it, or press Alt+↑ / Alt+↓ on it; its menu (⋯) moves, renames and deletes. {cROSSSECTIONNOTE}',
  },
  outlineOf: { id: 'courses.courseOutline.outlineOf', defaultMessage: 'Outline of {value}' },
  thisCourseHasNoSections: {
    id: 'courses.courseOutline.thisCourseHasNoSections',
    defaultMessage: 'This course has no sections yet. Add its first section below.',
  },
});

interface OutlineProps {
  course: Course;
  sections: Section[];
  deletes: PendingLessonDelete[];
  creates: DraftSummary[];
  onDelete: (section: Section, lesson: Lesson) => void;
}

function OutlineHeading({ sections, lessonCount }: { sections: Section[]; lessonCount: number }) {
  return (
    <div className="outline-heading">
      <h2>{t(messages.outline)}</h2>
      <p className="muted" data-testid="course-counts">
        {t(messages.sectionsCount, { count: sections.length })} · {t(messages.lessonsCount, { count: lessonCount })}
      </p>
      <p className="muted form-note" id="reorder-help">
        {t(messages.dragASectionOrA, { cROSSSECTIONNOTE: CROSS_SECTION_NOTE })}
      </p>
    </div>
  );
}

/**
 * After a section action (or its waiting work changed), and whenever main's copy of the outline
 * changes, the course is read again from main's cache at once: the outline never waits out the
 * cached reads' quiet spell (lib/rereads.ts) with a section shown in the wrong place.
 */
function useRereadAfterSectionWork(): void {
  useEffect(() => {
    const reread = () => useCourseDetail.getState().reread();
    const stops = [
      useStructure.subscribe((now, before) => {
        if (now.revision !== before.revision) reread();
      }),
      onCacheUpdated(['sections'], reread),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
}

/**
 * A section that leaves the outline (its delete sent) takes its controls with it: focus, if it
 * was there and fell to the page, goes to the section now in its place (or the last, or "Add
 * section"), never the page body.
 */
function useFocusAfterRemoval(sections: Section[]): void {
  const before = useRef<string[]>([]);
  useEffect(() => {
    const was = before.current;
    const now = sections.map((s) => s.id);
    before.current = now;
    const gone = was.findIndex((id) => !now.includes(id));
    if (gone < 0) return;
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const next = now[Math.min(gone, now.length - 1)];
      const target = next
        ? document.querySelector<HTMLElement>(
            `.course-section[data-section-id="${CSS.escape(next)}"] > header [data-row-menu]`,
          )
        : document.querySelector<HTMLElement>('[data-testid="add-section"]');
      if (target) focusInPlace(target);
    });
  }, [sections]);
}

interface OutlineSectionProps {
  courseId: string;
  section: Section;
  index: number;
  /** The outline's sections in order (for "Add section" before this one; compared by `sectionIds`). */
  sections: Section[];
  sectionIds: string;
  reasons: SectionReasons;
  lessonCount: number;
  dropOver: boolean;
  created: boolean;
  deleting: boolean;
  cardProps: (section: Section, index: number) => HTMLAttributes<HTMLElement>;
  deletes: PendingLessonDelete[];
  creates: DraftSummary[];
  onDelete: (section: Section, lesson: Lesson) => void;
}

const sameItems = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * One section's place in the outline. Rendered again only when something it shows changed: a
 * lesson moved in one section, or one more section mounted, leaves the other cards as they are.
 */
const OutlineSection = memo(function OutlineSection(props: OutlineSectionProps) {
  const { courseId, section, index, sections, reasons } = props;
  return (
    <div className="outline-slot">
      {index > 0 && (
        <AddSection
          courseId={courseId}
          sections={sections}
          position={index + 1}
          reason={reasons.create}
          after={sections[index - 1]}
        />
      )}
      <SectionLessons
        courseId={courseId}
        section={section}
        className={[
          props.dropOver ? 'course-section--drop' : '',
          props.created ? 'course-section--created' : '',
          props.deleting ? 'course-section--deleting' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        cardProps={props.cardProps(section, index)}
        header={
          <SectionCardHeader
            courseId={courseId}
            section={section}
            index={index}
            total={sections.length}
            lessonCount={props.lessonCount}
            reasons={reasons}
          />
        }
        deletes={props.deletes}
        creates={props.creates}
        onDelete={props.onDelete}
      />
    </div>
  );
}, sameSection);

function sameSection(a: OutlineSectionProps, b: OutlineSectionProps): boolean {
  return (
    a.courseId === b.courseId &&
    a.section === b.section &&
    a.index === b.index &&
    a.sectionIds === b.sectionIds &&
    a.sections[a.index - 1] === b.sections[b.index - 1] &&
    a.reasons.create === b.reasons.create &&
    a.reasons.update === b.reasons.update &&
    a.reasons.delete === b.reasons.delete &&
    a.reasons.course === b.reasons.course &&
    a.lessonCount === b.lessonCount &&
    a.dropOver === b.dropOver &&
    a.created === b.created &&
    a.deleting === b.deleting &&
    a.cardProps === b.cardProps &&
    a.onDelete === b.onDelete &&
    sameItems(a.deletes, b.deletes) &&
    sameItems(a.creates, b.creates)
  );
}

/** Each section's lessons not waiting to be deleted, counted once per render (not once per use). */
function lessonsShownIn(sections: readonly Section[], deletes: readonly PendingLessonDelete[]): Map<string, number> {
  const deleting = new Set(deletes.map((d) => d.lessonId));
  const counts = new Map<string, number>();
  for (const section of sections) {
    const lessons = section.lessons ?? [];
    counts.set(section.id, deleting.size === 0 ? lessons.length : lessons.filter((l) => !deleting.has(l.id)).length);
  }
  return counts;
}

const NO_DELETES: PendingLessonDelete[] = [];
const NO_CREATES: DraftSummary[] = [];

/** The newest `onDelete`, behind a function that stays the same (the cards are memoised). */
function useStableOnDelete(onDelete: OutlineProps['onDelete']): OutlineProps['onDelete'] {
  const latest = useRef(onDelete);
  useLayoutEffect(() => {
    latest.current = onDelete;
  });
  return useCallback((section, lesson) => latest.current(section, lesson), []);
}

export function CourseOutline({ course, sections, deletes, creates, onDelete }: OutlineProps) {
  useStructureOf(course.id);
  useRereadAfterSectionWork();
  useFocusAfterRemoval(sections);
  useFocusAfterLessonUndo(deletes);
  const structure = useStructure();
  const reasons = useSectionReasons();
  const created = useFocusCreatedSection(sections);
  const drop = useSectionDrop(course.id, sections, reasons.update !== null);
  const stableOnDelete = useStableOnDelete(onDelete);
  const shownCounts = lessonsShownIn(sections, deletes);
  const visibleIn = (section: Section) => shownCounts.get(section.id) ?? 0;
  const lessonCount = sections.reduce((n, s) => n + visibleIn(s), 0);
  const sectionCreates = structure.courseId === course.id ? structure.creates : [];
  const sectionDeletes = new Set(structure.deletes.map((d) => d.sectionId));
  const sectionIds = sections.map((s) => s.id).join(' ');
  const mounted = useMountedSections(course.id, sections);
  // A new section waiting to be sent shows where it was asked for, not at the end.
  const slots = placePendingSections(sections, sectionCreates, usePendingPositions(sectionCreates));

  const sectionSlot = (section: Section, index: number) => {
    if (index >= mounted.count) {
      const count = visibleIn(section);
      return (
        <div key={section.id} className="outline-slot">
          <SectionCardStandIn
            section={section}
            index={index}
            lessonCount={count}
            lessonsHeight={lessonsStandInHeight(section.id, count)}
          />
        </div>
      );
    }
    const sectionLessonDeletes = deletes.filter((d) => d.sectionId === section.id);
    const sectionLessonCreates = creates.filter((d) => d.parent.sectionId === section.id);
    return (
      <OutlineSection
        key={section.id}
        courseId={course.id}
        section={section}
        index={index}
        sections={sections}
        sectionIds={sectionIds}
        reasons={reasons}
        lessonCount={visibleIn(section)}
        dropOver={drop.over === section.id}
        created={created === section.id}
        deleting={sectionDeletes.has(section.id)}
        cardProps={drop.cardProps}
        deletes={sectionLessonDeletes.length > 0 ? sectionLessonDeletes : NO_DELETES}
        creates={sectionLessonCreates.length > 0 ? sectionLessonCreates : NO_CREATES}
        onDelete={stableOnDelete}
      />
    );
  };

  return (
    <section className="course-outline" aria-label={t(messages.outlineOf, { value: course.name ?? 'this course' })}>
      <OutlineHeading sections={sections} lessonCount={lessonCount} />
      <SectionsNote reasons={reasons} />
      <div className={`course-sections${mounted.long ? ' course-sections--long' : ''}`} data-testid="lesson-list">
        {sections.length === 0 && sectionCreates.length === 0 && (
          <p className="muted outline-empty">{t(messages.thisCourseHasNoSections)}</p>
        )}
        {slots.map((slot) =>
          slot.kind === 'pending' ? (
            <PendingSection key={slot.draft.id} draft={slot.draft} />
          ) : (
            sectionSlot(slot.section, slot.index)
          ),
        )}
      </div>
      <AddSection courseId={course.id} sections={sections} position={null} reason={reasons.create} />
      <SectionDeleteDialog courseId={course.id} />
    </section>
  );
}
