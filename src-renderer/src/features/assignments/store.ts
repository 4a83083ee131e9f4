/**
 * Renderer. The assignment being written: a create draft made on the first keystroke (its
 * Idempotency-Key is born with it in main), saved as the user types, and sent once on submit.
 */
import { call } from '../../bridge.ts';
import { createDraftSession } from '../drafts/session.ts';

export const NEW_ASSIGNMENT = 'new';

export const useAssignmentSession = createDraftSession({
  async open(_key, pending) {
    const draft = await call((b) =>
      b.drafts.create({ resource: 'assignment', fields: { status: 'DRAFT', ...pending } }),
    );
    return { draft, consumed: true };
  },
});

export const ASSIGNMENT_DEFAULTS: Record<string, string> = {
  title: '',
  description: '',
  duration_hours: '',
  duration_minutes: '',
  status: 'DRAFT',
};
