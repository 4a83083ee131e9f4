/**
 * Renderer (any feature). Focus that never moves the window: `scrollIntoView` also scrolls ancestors
 * that hide their overflow (the shell), which pushed the top bar off screen after "Add section".
 * Here only the nearest scrolling container moves, and only when the element is out of its view.
 */

function scroller(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/** Brings `element` into its scrolling container's view (that container only), with a margin. */
export function reveal(element: HTMLElement, margin = 48): void {
  const box = scroller(element);
  if (!box) return;
  const outer = box.getBoundingClientRect();
  const inner = element.getBoundingClientRect();
  if (inner.top < outer.top + margin) box.scrollTop -= outer.top + margin - inner.top;
  else if (inner.bottom > outer.bottom - margin) {
    box.scrollTop += Math.min(inner.bottom - (outer.bottom - margin), inner.top - (outer.top + margin));
  }
}

/**
 * Focuses an element without scrolling anything, then reveals it in its own container. A sticky
 * header always looks in view; its section card is what is revealed. A move drawn a moment after
 * the focus (the store takes the new order after the key) is followed to where it lands.
 */
export function focusInPlace(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  const shown = inStickyHeader(element) ? (element.closest<HTMLElement>('.course-section') ?? element) : element;
  reveal(shown);
  followMoves(element, shown);
}

/** A section card's header sticks to the top of the outline while the card scrolls under it. */
function inStickyHeader(element: HTMLElement): boolean {
  return element.closest('.course-section > header') !== null;
}

/** How far down its scrolling container's content an element is (unchanged by scrolling). */
function contentTop(element: HTMLElement, box: HTMLElement | null): number {
  const top = element.getBoundingClientRect().top;
  return box ? top - box.getBoundingClientRect().top + box.scrollTop : top;
}

/** How long a focused element is followed after a move: the new order is drawn within it. */
const FOLLOW_FRAMES = 60;

/**
 * While `focused` keeps the focus, each time the page draws `shown` somewhere else in its content
 * (a reorder the store answered after the key was handled) it is revealed again. The person's own
 * scrolling does not move it within the content, so it is never fought.
 */
export function followMoves(focused: HTMLElement, shown: HTMLElement, frames = FOLLOW_FRAMES): void {
  const box = scroller(shown);
  let last = contentTop(shown, box);
  const step = (left: number) => {
    if (left === 0 || document.activeElement !== focused || !shown.isConnected) return;
    const now = contentTop(shown, box);
    if (now !== last) {
      last = now;
      reveal(shown);
    }
    requestAnimationFrame(() => step(left - 1));
  };
  requestAnimationFrame(() => step(frames));
}

/**
 * Focuses the first element matching `selector` once it is on the page (a section the server
 * just created, an Undo that appears after the store reads again); gives up after ~3 s.
 */
export function focusWhenThere(selector: string, frames = 180): void {
  const found = document.querySelector<HTMLElement>(selector);
  if (found) {
    focusInPlace(found);
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusWhenThere(selector, frames - 1));
}
