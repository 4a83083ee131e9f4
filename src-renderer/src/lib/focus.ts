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
 * the focus (the store takes the new order after the key) is followed to where it lands; with
 * `selector`, the element is found again if the move put it back in the page (focus dropped).
 */
export function focusInPlace(element: HTMLElement, selector?: string): void {
  element.focus({ preventScroll: true });
  reveal(shownFor(element));
  followMoves(element, selector);
}

/** A section card's header sticks to the top of the outline while the card scrolls under it. */
function shownFor(element: HTMLElement): HTMLElement {
  const inStickyHeader = element.closest('.course-section > header') !== null;
  return inStickyHeader ? (element.closest<HTMLElement>('.course-section') ?? element) : element;
}

/** How far down its scrolling container's content an element is (unchanged by scrolling). */
function contentTop(element: HTMLElement): number {
  const box = scroller(element);
  const top = element.getBoundingClientRect().top;
  return box ? top - box.getBoundingClientRect().top + box.scrollTop : top;
}

/** How long a focused element is followed after a move: the new order is drawn within it, busy or not. */
const FOLLOW_MS = 3_000;

/**
 * Until FOLLOW_MS have passed, each time the page draws the focused element somewhere else in
 * its content (a reorder the store answered after the key was handled) it is revealed again. A
 * move that puts the element back in the page drops the focus to the body: the element `selector`
 * finds then takes it again. The person's own scrolling does not move it within the content, so it
 * is never fought, and once they focus something else it is theirs.
 */
function followMoves(element: HTMLElement, selector: string | undefined): void {
  const until = performance.now() + FOLLOW_MS;
  let focused = element;
  let last = contentTop(shownFor(focused));
  const step = () => {
    if (performance.now() > until) return;
    if (document.activeElement !== focused || !focused.isConnected) {
      const lost = document.activeElement === null || document.activeElement === document.body;
      const again = selector ? document.querySelector<HTMLElement>(selector) : null;
      if (!lost || !again) return;
      again.focus({ preventScroll: true });
      focused = again;
      last = Number.NaN;
    }
    const now = contentTop(shownFor(focused));
    if (now !== last) {
      last = now;
      reveal(shownFor(focused));
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * Focuses the first element matching `selector` once it is on the page (a section the server
 * just created, an Undo that appears after the store reads again); gives up after ~3 s.
 */
export function focusWhenThere(selector: string, frames = 180): void {
  const found = document.querySelector<HTMLElement>(selector);
  if (found) {
    focusInPlace(found, selector);
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusWhenThere(selector, frames - 1));
}
