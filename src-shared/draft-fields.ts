/** Shared (every process). How large and how deep draft fields from the renderer may be. */

/** Limits on draft fields coming from the renderer: plenty for any form, far from a stack overflow. */
export const DRAFT_FIELD_LIMITS = { depth: 12, nodes: 20_000, stringLength: 200_000, keyLength: 200 } as const;

/**
 * Why a value is not JSON within DRAFT_FIELD_LIMITS, or null. Walks with an explicit stack, so a
 * value nested 100,000 deep is refused here instead of overflowing whatever recurses over it later.
 */
export function boundedJsonProblem(root: unknown): string | null {
  const limits = DRAFT_FIELD_LIMITS;
  const stack: [unknown, number][] = [[root, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (++nodes > limits.nodes) return `too many values (more than ${limits.nodes})`;
    if (value === null || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return 'a number that is not finite';
      continue;
    }
    if (typeof value === 'string') {
      if (value.length > limits.stringLength) return `a text longer than ${limits.stringLength} characters`;
      continue;
    }
    if (typeof value !== 'object') return `a ${typeof value}, which is not JSON`;
    if (depth >= limits.depth) return `nested deeper than ${limits.depth} levels`;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return 'an object that is not plain JSON';
    for (const [key, item] of Object.entries(value)) {
      if (key.length > limits.keyLength) return `a field name longer than ${limits.keyLength} characters`;
      stack.push([item, depth + 1]);
    }
  }
  return null;
}
