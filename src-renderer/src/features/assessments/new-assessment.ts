/**
 * Renderer. The assessment being created: a create draft made on the first change (its
 * Idempotency-Key is born with it in main), saved as the user types and sent once; and the list
 * of courses to put it in (read through the cache, so it works offline once seen).
 */
import { call } from '../../bridge.ts';
import { createDraftSession } from '../drafts/session.ts';

export const NEW_ASSESSMENT = 'new-assessment';

/** What a new assessment starts with: one hour, the server's other defaults. */
export const NEW_ASSESSMENT_DEFAULTS: Record<string, string> = {
  course_id: '',
  title: '',
  description: '',
  source: '',
  type: '',
  organization_strategy: '',
  seat_layout: '',
  duration_hours: '1',
  duration_minutes: '0',
  total_points: '',
};

export const useNewAssessmentSession = createDraftSession({
  async open(_key, pending) {
    // The course may have come with the link (never typed), so it is taken from the form.
    const courseId = useNewAssessmentSession.getState().form['course_id'];
    const fields = { duration_hours: 1, duration_minutes: 0, ...(courseId ? { course_id: courseId } : {}), ...pending };
    const draft = await call((b) => b.drafts.create({ resource: 'assessment', fields }));
    return { draft, consumed: true };
  },
});

/** Courses to choose from: the first 100 by the server's order (search narrows on the server). */
export async function loadCourseChoices(): Promise<{ courses: { id: string; name: string }[]; offline: boolean }> {
  const read = await call((b) => b.courses.list({ page: 1, pageSize: 100 }));
  const courses = (read.data?.results ?? []).map((c) => ({ id: c.id, name: c.name || 'Untitled course' }));
  return { courses, offline: read.offlineReason !== null };
}
