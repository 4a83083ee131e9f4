/**
 * Renderer. Focus that never moves the window: `scrollIntoView` also scrolls ancestors
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
 * header always looks in view; its section card is what is revealed.
 */
export function focusInPlace(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  reveal(element.closest<HTMLElement>('.course-section') ?? element);
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
