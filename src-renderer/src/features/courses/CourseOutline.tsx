/**
 * Renderer. The course's one outline (the curriculum builders' model): its sections as
 * cards in order, each holding its lessons, with the section's own actions in its header (rename
 * in place, move by drag or Alt+↑/↓, delete with Undo), "Add section" between sections and at the
 * end, and the new sections still waiting to be sent. No section is listed twice. The work is the
 * structure and lessons stores'; this composes their pieces.
 */
import { defineMessages } from 'react-intl';
import { useEffect, useRef } from 'react';
import type { Course, DraftSummary, Lesson, PendingLessonDelete, Section } from '../../../../src-shared/index.ts';
import { onCacheUpdated } from '../../lib/events.ts';

import { CROSS_SECTION_NOTE, SectionLessons, useCourseDetail } from '../lessons/index.ts';
import {
  AddSection,
  focusInPlace,
  PendingSection,
  placePendingSections,
  SectionCardHeader,
  SectionDeleteDialog,
  SectionsNote,
  useFocusCreatedSection,
  useSectionDrop,
  useSectionReasons,
  usePendingPositions,
  useStructure,
  useStructureOf,
} from '../structure/index.ts';
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

export function CourseOutline({ course, sections, deletes, creates, onDelete }: OutlineProps) {
  useStructureOf(course.id);
  useRereadAfterSectionWork();
  useFocusAfterRemoval(sections);
  useFocusAfterLessonUndo(deletes);
  const structure = useStructure();
  const reasons = useSectionReasons();
  const created = useFocusCreatedSection(sections);
  const drop = useSectionDrop(course.id, sections, reasons.update !== null);
  const deletingIds = new Set(deletes.map((d) => d.lessonId));
  const visibleIn = (section: Section) => (section.lessons ?? []).filter((l) => !deletingIds.has(l.id)).length;
  const lessonCount = sections.reduce((n, s) => n + visibleIn(s), 0);
  const sectionCreates = structure.courseId === course.id ? structure.creates : [];
  const sectionDeletes = new Set(structure.deletes.map((d) => d.sectionId));
  // A new section waiting to be sent shows where it was asked for, not at the end.
  const slots = placePendingSections(sections, sectionCreates, usePendingPositions(sectionCreates));
  return (
    <section className="course-outline" aria-label={t(messages.outlineOf, { value: course.name ?? 'this course' })}>
      <OutlineHeading sections={sections} lessonCount={lessonCount} />
      <SectionsNote reasons={reasons} />
      <div className="course-sections" data-testid="lesson-list">
        {sections.length === 0 && sectionCreates.length === 0 && (
          <p className="muted outline-empty">{t(messages.thisCourseHasNoSections)}</p>
        )}
        {slots.map((slot) => {
          if (slot.kind === 'pending') return <PendingSection key={slot.draft.id} draft={slot.draft} />;
          const { section, index } = slot;
          return (
            <div key={section.id} className="outline-slot">
              {index > 0 && (
                <AddSection
                  courseId={course.id}
                  sections={sections}
                  position={index + 1}
                  reason={reasons.create}
                  after={sections[index - 1]}
                />
              )}
              <SectionLessons
                courseId={course.id}
                section={section}
                className={[
                  drop.over === section.id ? 'course-section--drop' : '',
                  created === section.id ? 'course-section--created' : '',
                  sectionDeletes.has(section.id) ? 'course-section--deleting' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                cardProps={drop.cardProps(section, index)}
                header={
                  <SectionCardHeader
                    courseId={course.id}
                    section={section}
                    index={index}
                    total={sections.length}
                    lessonCount={visibleIn(section)}
                    reasons={reasons}
                  />
                }
                deletes={deletes.filter((d) => d.sectionId === section.id)}
                creates={creates.filter((d) => d.parent.sectionId === section.id)}
                onDelete={onDelete}
              />
            </div>
          );
        })}
      </div>
      <AddSection courseId={course.id} sections={sections} position={null} reason={reasons.create} />
      <SectionDeleteDialog courseId={course.id} />
    </section>
  );
}
