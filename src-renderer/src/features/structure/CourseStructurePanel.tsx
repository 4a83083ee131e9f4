/**
 * Renderer. A course's structure: its details (CourseDetailsEditor), its preview video and its
 * sections: add, rename, describe, reorder (drag and drop, a row's Move up/down, Alt+↑/↓ on a row)
 * and delete. A section that still holds lessons is never deleted: the app says so and offers only
 * to cancel; a server's 409/422 refusal is shown in words. Everything goes through drafts and the
 * outbox (offline too). A created section is focused in the outline once the server has it.
 */
import { useEffect, useState } from 'react';
import type { Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { CourseDetailsEditor } from './CourseDetailsEditor.tsx';
import { CoursePreviewVideo } from './CoursePreviewVideo.tsx';
import { DeleteSectionAsk, NewSectionForm, SectionEditForm, SectionWork, type SectionEdit } from './SectionForms.tsx';
import { StructureSectionList } from './SectionRows.tsx';
import { useStructure } from './store.ts';
import {
  useFocusCreatedSection,
  useSectionActions,
  useSectionReasons,
  type SectionReasons,
} from './use-section-actions.ts';

const byOrder = (a: { order?: number }, b: { order?: number }) =>
  (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);

/** Why the sections' row actions are disabled, each sentence once. */
function SectionsDisabled({ reasons }: { reasons: SectionReasons }) {
  const said = [...new Set([reasons.update, reasons.delete])].filter((r): r is string => r !== null);
  if (said.length === 0) return null;
  return (
    <p className="muted" data-testid="sections-disabled">
      {said.join(' ')}
    </p>
  );
}

export function CourseStructurePanel({ courseId, sections }: { courseId: string; sections: Section[] }) {
  const structure = useStructure();
  useFeature(useStructure);
  useEffect(() => {
    void structure.load(courseId).catch(() => undefined);
  }, [courseId]); // eslint-disable-line react-hooks/exhaustive-deps
  const reasons = useSectionReasons();
  const { error, run, move } = useSectionActions(courseId);
  const [asking, setAsking] = useState<Section | null>(null);
  const [editing, setEditing] = useState<SectionEdit | null>(null);
  const ordered = [...sections].sort(byOrder);
  const focusCreated = useFocusCreatedSection(ordered);

  return (
    <section className="course-structure" aria-label="Course structure">
      <h2>Course details</h2>
      <CourseDetailsEditor courseId={courseId} disabledReason={reasons.course} />
      <CoursePreviewVideo courseId={courseId} disabledReason={reasons.course} />
      <h2>Sections</h2>
      {error && (
        <p className="inline-alert" role="alert">
          {error}
        </p>
      )}
      <StructureSectionList
        ordered={ordered}
        deleting={new Set(structure.deletes.map((d) => d.sectionId))}
        created={focusCreated.created}
        reasons={reasons}
        onMove={move}
        onRename={(section) =>
          setEditing({ section, title: section.title ?? '', description: section.description ?? '' })
        }
        onDelete={setAsking}
      />
      <SectionsDisabled reasons={reasons} />
      <SectionWork creates={structure.creates} deletes={structure.deletes} run={run} />
      <NewSectionForm
        courseId={courseId}
        reason={reasons.create}
        // A key refused section changes disables every section action with one sentence: said once, above.
        sayReason={reasons.create !== reasons.update && reasons.create !== reasons.delete}
        run={run}
        onAsked={focusCreated.expect}
      />
      {editing && (
        <SectionEditForm
          key={editing.section.id}
          courseId={courseId}
          editing={editing}
          run={run}
          onClose={() => setEditing(null)}
        />
      )}
      {asking && (
        <DeleteSectionAsk
          asking={asking}
          onCancel={() => setAsking(null)}
          onDelete={() => {
            const target = asking;
            setAsking(null);
            run(() => call((b) => b.sections.delete({ courseId, id: target.id })), target.id);
          }}
        />
      )}
    </section>
  );
}
