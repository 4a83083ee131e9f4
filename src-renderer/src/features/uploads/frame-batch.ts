/**
 * Renderer. Items gathered until the next frame and handed over together: main reports each
 * upload's state change as an event of its own (dozens a second while a batch lands), and each
 * applied alone would be a store update and a render of everything that shows uploads. A window
 * that paints no frames (hidden or minimised) still gets them, after `maxWaitMs`.
 */

export interface FrameBatch<T> {
  add: (item: T) => void;
  /** Hands over what is waiting now (before a read or an action that must see it). */
  flush: () => void;
}

export function createFrameBatch<T>(apply: (items: T[]) => void, maxWaitMs = 100): FrameBatch<T> {
  let waiting: T[] = [];
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const stop = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
  };
  const flush = () => {
    stop();
    if (waiting.length === 0) return;
    const items = waiting;
    waiting = [];
    apply(items);
  };
  return {
    add(item) {
      waiting.push(item);
      if (timer !== null) return;
      frame = requestAnimationFrame(flush);
      timer = setTimeout(flush, maxWaitMs);
    },
    flush,
  };
}
