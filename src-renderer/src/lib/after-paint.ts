/**
 * Renderer. Runs something once the frame now being prepared has been painted: a task queued from
 * that frame's animation callback runs after its paint. A page that paints no frames (a hidden or
 * minimised window pauses animation callbacks) runs it after `fallbackMs` instead, so nothing waits
 * for a window to be shown; with `null`, it waits for the next frame however long that takes (work
 * that only matters once there is something to paint). Returns a cancel.
 */
export function afterNextPaint(run: () => void, fallbackMs: number | null = 100): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    run();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0);
  });
  const fallback = fallbackMs === null ? undefined : setTimeout(once, fallbackMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
