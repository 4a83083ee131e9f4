/**
 * Renderer. A course's own details as a draft, for its editor: opened (the draft and the categories
 * to choose from), saved to the server in one call to main (the form's values and the send go
 * together), a conflict resolved field by field, and followed while main sends it (sent, refused,
 * conflict). The editor renders and dispatches.
 */
import type { Category, Draft } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore } from '../../lib/feature-store.ts';

interface CourseDetailsState {
  /** The course whose details are open (null: none). */
  courseId: string | null;
  draft: Draft | null;
  categories: Category[];
  /** The last failure, in words. */
  error: string | null;
  /** Reads the course's draft and the categories; resolves to the draft (null when it failed or moved on). */
  open: (courseId: string) => Promise<Draft | null>;
  /** "Save details": the form's values saved and queued for the server, in one call. */
  save: (changes: Record<string, unknown>) => Promise<void>;
  resolve: (field: string, choice: 'mine' | 'theirs') => Promise<void>;
}

const failed = (e: unknown) => describeError(e, { subject: 'thisCourse' });

export const useCourseDetails = createFeatureStore<CourseDetailsState>(
  (set, get) => ({
    courseId: null,
    draft: null,
    categories: [],
    error: null,
    async open(courseId) {
      set({ courseId, draft: null, error: null });
      try {
        const [draft, categories] = await Promise.all([
          call((b) => b.courses.edit({ id: courseId })),
          call((b) => b.categories.list()),
        ]);
        if (get().courseId !== courseId) return null;
        set({ draft, categories: categories.data ?? [] });
        return draft;
      } catch (e) {
        if (get().courseId === courseId) set({ error: failed(e) });
        return null;
      }
    },
    async save(changes) {
      const { draft } = get();
      if (!draft) return;
      set({ error: null });
      try {
        const sent = await call((b) => b.drafts.submit({ id: draft.id, changes }));
        if (get().draft?.id === sent.id) set({ draft: sent });
      } catch (e) {
        set({ error: failed(e) });
      }
    },
    async resolve(field, choice) {
      const { draft } = get();
      if (!draft) return;
      const resolved = await call((b) => b.drafts.resolve({ id: draft.id, choices: { [field]: choice } }));
      if (get().draft?.id === resolved.id) set({ draft: resolved });
    },
  }),
  {
    subscribe: (store) => [
      // The send's outcome arrives later: follow the open draft.
      onEvent('drafts.changed', ({ ids }) => {
        const { draft } = store.getState();
        if (!draft || !ids.includes(draft.id)) return;
        call((b) => b.drafts.get({ id: draft.id })).then(
          (next) => {
            if (store.getState().draft?.id === next.id) store.setState({ draft: next });
          },
          () => undefined,
        );
      }),
    ],
  },
);
