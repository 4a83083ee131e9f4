/**
 * Renderer. What was just created, said in the place it opened: the new-assessment form remembers
 * the assessment it made, the editor it opens says "Created …" at its top. One note at a time; it
 * goes when the user closes it or opens another assessment.
 */
import { createFeatureStore } from '../../lib/feature-store.ts';

export interface CreatedNote {
  id: string;
  title: string;
  courseName: string | null;
}

interface CreatedNoteState {
  note: CreatedNote | null;
  remember: (note: CreatedNote) => void;
  dismiss: () => void;
}

// A switch of workspace forgets it (the default reset): the assessment belongs to the old one.
export const useCreatedNote = createFeatureStore<CreatedNoteState>((set) => ({
  note: null,
  remember: (note) => set({ note }),
  dismiss: () => set({ note: null }),
}));

/** The server's answer to a create: its id and title, when it names them. */
export function createdFrom(result: Record<string, unknown> | null | undefined): { id: string; title: string } | null {
  if (!result || typeof result['id'] !== 'string') return null;
  return { id: result['id'], title: typeof result['title'] === 'string' ? result['title'] : '' };
}
