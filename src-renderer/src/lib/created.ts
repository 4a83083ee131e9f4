/**
 * Renderer. What was just created, said in the place it opened: a create form remembers the thing
 * it made and opens it; that screen says "Created …" at its top. One note at a time; it goes when
 * the user closes it or opens something else, and a workspace switch forgets it.
 */
import { createFeatureStore } from './feature-store.ts';

export interface CreatedNote {
  /** What kind of thing: the screen showing it reads only its own kind. */
  kind: string;
  /** The id the screen that opens knows it by (a server id, or a local record's id). */
  id: string;
  title: string;
  /** Where it landed, in words ("Forklift basics", "the course Safety 101"), when known. */
  where: string | null;
}

interface CreatedNoteState {
  note: CreatedNote | null;
  remember: (note: CreatedNote) => void;
  dismiss: () => void;
}

export const useCreatedNote = createFeatureStore<CreatedNoteState>((set) => ({
  note: null,
  remember: (note) => set({ note }),
  dismiss: () => set({ note: null }),
}));

/** The note for thing `id` of `kind`, or null. */
export function useCreatedNoteFor(kind: string, id: string): CreatedNote | null {
  return useCreatedNote((s) => (s.note?.kind === kind && s.note.id === id ? s.note : null));
}

/** The server's answer to a create: its id and title, when it names them. */
export function createdFrom(result: Record<string, unknown> | null | undefined): { id: string; title: string } | null {
  if (!result || typeof result['id'] !== 'string') return null;
  return { id: result['id'], title: typeof result['title'] === 'string' ? result['title'] : '' };
}
