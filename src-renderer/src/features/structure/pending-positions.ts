/**
 * Renderer. Where each new section still waiting in the outbox was asked for: its create's `order`
 * (1-based among the course's sections; none: at the end), read once per draft from main's copy
 * of it. The outline shows a section added between two there at once and keeps it there until the
 * server's copy takes its place, instead of at the end while it waits.
 */
import { useEffect, useState } from 'react';
import type { DraftSummary, Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';

/** A draft's asked position never changes: read once per draft, for the app's lifetime. */
const asked = new Map<string, Promise<number | null>>();

/** The store's create knows where it asked for the section: no need to read it back from main. */
export function rememberAskedPosition(draftId: string, position: number | null): void {
  asked.set(draftId, Promise.resolve(position));
}

function positionOf(draftId: string): Promise<number | null> {
  let position = asked.get(draftId);
  if (!position) {
    position = call((b) => b.drafts.get({ id: draftId })).then(
      (draft) => {
        const order = draft.changes['order'] ?? draft.values['order'];
        return typeof order === 'number' && Number.isInteger(order) && order >= 1 ? order : null;
      },
      () => {
        asked.delete(draftId);
        return null;
      },
    );
    asked.set(draftId, position);
  }
  return position;
}

/** Each waiting create's asked position, by draft id (absent until known: not shown meanwhile). */
export function usePendingPositions(creates: readonly DraftSummary[]): Readonly<Record<string, number | null>> {
  const [known, setKnown] = useState<Record<string, number | null>>({});
  const ids = creates.map((d) => d.id).join('\n');
  useEffect(() => {
    let live = true;
    for (const id of ids ? ids.split('\n') : []) {
      void positionOf(id).then((position) => {
        if (live) setKnown((k) => (id in k && k[id] === position ? k : { ...k, [id]: position }));
      });
    }
    return () => {
      live = false;
    };
  }, [ids]);
  return known;
}

export type OutlineSlot =
  { kind: 'section'; section: Section; index: number } | { kind: 'pending'; draft: DraftSummary };

/**
 * The outline's cards in order: the server's sections, then each waiting create placed as the
 * server will place it when the outbox sends them one by one in the order they were asked: before
 * the card then at its position (none, or past the end: at the end). A create whose asked position
 * is not read yet (one local call) is left out until it is, rather than shown at the end and then
 * moved under the instructor's eyes.
 */
export function placePendingSections(
  sections: readonly Section[],
  creates: readonly DraftSummary[],
  positions: Readonly<Record<string, number | null>>,
): OutlineSlot[] {
  const slots: OutlineSlot[] = sections.map((section, index) => ({ kind: 'section', section, index }));
  const inAskedOrder = creates
    .map((draft, listed) => ({ draft, listed }))
    .sort((a, b) => (a.draft.createdAt ?? '').localeCompare(b.draft.createdAt ?? '') || a.listed - b.listed);
  for (const { draft } of inAskedOrder) {
    if (!(draft.id in positions)) continue;
    const position = positions[draft.id] ?? null;
    const at = position === null ? slots.length : Math.min(position - 1, slots.length);
    slots.splice(at, 0, { kind: 'pending', draft });
  }
  return slots;
}
