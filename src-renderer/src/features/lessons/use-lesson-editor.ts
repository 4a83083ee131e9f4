/**
 * Renderer. What the lesson editor reads: the course (for the lesson and its section), the draft
 * already waiting for this lesson (or the new lesson's draft), and the session begun from the
 * first of those that answers. A lesson just created is taken from the create's answer until the
 * course's next read has it, so its editor opens editable at once.
 */
import { useEffect, useState } from 'react';
import type { Draft, Lesson } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { findDraftFor } from '../drafts/index.ts';
import { registerLessonEditorSave } from './editor-save.ts';
import { lessonFormFrom, NEW_LESSON_FORM } from './fields.ts';
import { createdLesson, setLessonTarget, submitLesson, useLessonSession } from './lesson-session.ts';
import { useCourseDetail } from './outline.ts';

export interface Lookup {
  done: boolean;
  draft: Draft | null;
  error: unknown;
}

function findDraft(lessonId: string | null, draftId: string | null): Promise<Draft | null> {
  if (lessonId)
    return findDraftFor('lesson', lessonId).then((d) => (d && d.state === 'sent' && !d.hasChanges ? null : d));
  return draftId ? call((b) => b.drafts.get({ id: draftId })) : Promise.resolve(null);
}

export function useLessonEditor(courseId: string, sectionId: string, lessonId: string | null, draftId: string | null) {
  const session = useLessonSession;
  useFeature(useCourseDetail, session);
  const detail = useCourseDetail();
  const state = session();
  const key = lessonId ?? `new:${sectionId}`;
  const [lookup, setLookup] = useState<Lookup>({ done: false, draft: null, error: null });

  useEffect(() => {
    let cancelled = false;
    setLessonTarget({ courseId, sectionId, lessonId });
    registerLessonEditorSave(submitLesson);
    useCourseDetail.getState().load(courseId, { force: true });
    session.getState().prepare(key);
    findDraft(lessonId, draftId).then(
      (draft) => !cancelled && setLookup({ done: true, draft, error: null }),
      (error: unknown) => !cancelled && setLookup({ done: true, draft: null, error }),
    );
    return () => {
      cancelled = true;
      session.getState().end();
      setLessonTarget(null);
      registerLessonEditorSave(null);
    };
    // draftId changes when the new lesson's draft is made: that is the same editing session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId, sectionId, lessonId, key]);

  const data = detail.param === courseId ? detail.data : null;
  const section = data?.sections.find((s) => s.id === sectionId) ?? null;
  const lesson: Lesson | null =
    (lessonId && section?.lessons?.find((l) => l.id === lessonId)) || createdLesson(lessonId);

  useEffect(() => {
    const s = session.getState();
    if (s.key !== key || s.ready || !lookup.done) return;
    if (lookup.draft) s.begin(key, lessonFormFrom(lookup.draft.values), lookup.draft);
    else if (!lessonId) s.begin(key, { ...NEW_LESSON_FORM }, null);
    else if (lesson) s.begin(key, lessonFormFrom(lesson), null);
  }, [key, lessonId, lookup, lesson, session]);

  return { detail, data, section, lesson, lookup, key, state };
}
