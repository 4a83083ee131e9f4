/**
 * Shared (every process), pure. What a folder push did, entry by entry: the executor records one
 * event per section or lesson it created, renamed, put in order, replaced or deleted, and the CLI's
 * summary, the app's progress log and its result all say them with the sentences here, so both
 * name the same things the same way ("Created video lesson “Welcome” in “Basics”.").
 */
import { z } from 'zod';

export const PushEventSchema = z.object({
  kind: z.enum(['created', 'renamed', 'moved', 'replaced', 'deleted']),
  /** "lesson": a lesson deleted from the server, whose kind the plan did not read. */
  what: z.enum(['section', 'text lesson', 'video lesson', 'lesson']),
  title: z.string(),
  /** The lesson's section (null for a section). */
  sectionTitle: z.string().nullable(),
});
export type PushEvent = z.infer<typeof PushEventSchema>;

const q = (title: string) => `“${title}”`;

/** One event as a sentence. */
export function pushEventSentence(e: PushEvent): string {
  const where = e.sectionTitle === null ? '' : ` in ${q(e.sectionTitle)}`;
  switch (e.kind) {
    case 'created':
      return `Created ${e.what} ${q(e.title)}${where}.`;
    case 'renamed':
      return `Renamed ${e.what} ${q(e.title)}${where} to match its ${e.what === 'section' ? 'folder' : 'file'}.`;
    case 'moved':
      return `Put ${e.what} ${q(e.title)}${where} in the folder's order.`;
    case 'replaced':
      return `Replaced the ${e.what === 'video lesson' ? 'video' : 'text'} of ${q(e.title)}${where}.`;
    case 'deleted':
      return `Deleted ${e.what} ${q(e.title)}${where}.`;
  }
}

/** The line of a push (or a plan) that has nothing to do. */
export function nothingToPushSentence(courseName: string): string {
  return `Nothing to push: ${q(courseName)} already matches the folder.`;
}

const VERBS: Record<PushEvent['kind'], string> = {
  created: 'created',
  renamed: 'renamed',
  replaced: 'replaced',
  moved: "put in the folder's order",
  deleted: 'deleted',
};

/**
 * The first line of a push's result: what it did, counted ("Pushed to “Forklift course”: 1 section
 * created, 3 lessons created, 1 lesson deleted."), or that there was nothing to do.
 */
export function pushHeadline(courseName: string, events: readonly PushEvent[]): string {
  if (events.length === 0) return nothingToPushSentence(courseName);
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.what === 'section' ? 'section' : 'lesson'}\0${e.kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const parts: string[] = [];
  for (const what of ['section', 'lesson'])
    for (const kind of Object.keys(VERBS) as PushEvent['kind'][]) {
      const n = counts.get(`${what}\0${kind}`) ?? 0;
      if (n > 0) parts.push(`${n} ${what}${n === 1 ? '' : 's'} ${VERBS[kind]}`);
    }
  return `Pushed to ${q(courseName)}: ${parts.join(', ')}.`;
}
