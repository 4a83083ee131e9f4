// Main process / plain Node, pure. The plan as plain data (for `--json` and for IPC): no absolute
// paths of files, no file contents, only what a person or a script decides on.
import type { LessonChange, PlanTotals, PushPlan, SectionChange } from './plan.ts';

export interface PlanView {
  courseId: string;
  courseName: string | null;
  folder: string;
  deleteOthers: boolean;
  sections: {
    key: string;
    title: string;
    action: string;
    sectionId: string | null;
    matchedBy: string | null;
    changes: SectionChange[];
    lessons: {
      key: string;
      title: string;
      kind: 'video' | 'text';
      action: string;
      lessonId: string | null;
      matchedBy: string | null;
      changes: LessonChange[];
      bytes: number;
      uploadBytes: number;
    }[];
    otherLessons: { id: string; title: string | null; action: 'leave' | 'delete' }[];
  }[];
  otherSections: {
    id: string;
    title: string | null;
    action: 'leave' | 'delete';
    lessons: { id: string; title: string | null; action: 'leave' | 'delete' }[];
  }[];
  skipped: { key: string; reason: string }[];
  totals: PlanTotals;
}

export function planView(plan: PushPlan): PlanView {
  return {
    courseId: plan.courseId,
    courseName: plan.courseName,
    folder: plan.root,
    deleteOthers: plan.deleteOthers,
    sections: plan.sections.map((s) => ({
      key: s.key,
      title: s.title,
      action: s.action,
      sectionId: s.sectionId,
      matchedBy: s.matchedBy,
      changes: s.changes,
      lessons: s.lessons.map((l) => ({
        key: l.key,
        title: l.title,
        kind: l.kind,
        action: l.action,
        lessonId: l.lessonId,
        matchedBy: l.matchedBy,
        changes: l.changes,
        bytes: l.file.size,
        uploadBytes: l.uploadBytes,
      })),
      otherLessons: s.others,
    })),
    otherSections: plan.otherSections,
    skipped: plan.skipped,
    totals: plan.totals,
  };
}
