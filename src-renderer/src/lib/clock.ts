/** Renderer. A shared ticking clock, so "updated 3 min ago" stays true without each row timing itself. */
import { useSyncExternalStore } from 'react';

const TICK_MS = 15_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function snapshot(): number {
  return now;
}

/** The current time, refreshed every 15 s (and whenever a component first subscribes). */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot);
}
