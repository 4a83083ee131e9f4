/** Renderer. Changes whose discard waits behind its toast's Undo (discard.ts): out of the lists meanwhile. */
const heldBack = new Set<string>();

export function holdBack(id: string, held: boolean): void {
  if (held) heldBack.add(id);
  else heldBack.delete(id);
}

/** The items without the changes held back for discarding. */
export function withoutHeldBack<T extends { id?: string; draftId?: string }>(items: T[]): T[] {
  return items.filter((item) => !heldBack.has(item.draftId ?? item.id ?? ''));
}
