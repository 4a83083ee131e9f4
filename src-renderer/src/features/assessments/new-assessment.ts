/**
 * Renderer. The assessment being created: a create draft made on the first change (its
 * Idempotency-Key is born with it in main), saved as the user types and sent once. The courses to
 * put it in come from the one source of course names (`courses/names.ts`).
 */
import { call } from '../../bridge.ts';
import { createDraftSession } from '../drafts/index.ts';

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
