/**
 * Renderer. Subscribing to bridge events from feature stores (in their `subscribe`, while started)
 * and from components. The bridge arrives asynchronously, so `onEvent` returns a synchronous
 * unsubscribe that also works if it is called before the bridge was ready.
 */
import { useEffect, useRef } from 'react';
import type { CacheKind, EventName, EventPayload } from '../../../src-shared/index.ts';
import { getBridge } from '../bridge.ts';

export function onEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  let unsubscribe: (() => void) | null = null;
  let cancelled = false;
  void getBridge().then(
    (bridge) => {
      if (!cancelled) unsubscribe = bridge.events.on(event, listener);
    },
    () => undefined,
  );
  return () => {
    cancelled = true;
    unsubscribe?.();
  };
}

/** Calls the latest `listener` for each `event` while the component is mounted. */
export function useBridgeEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onEvent(event, (payload) => latest.current(payload)), [event]);
}

/** Calls `listener` when a `cache.updated` event names one of `kinds`, coalescing bursts. */
export function onCacheUpdated(kinds: readonly CacheKind[], listener: () => void, delayMs = 120): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const off = onEvent('cache.updated', (payload) => {
    if (!payload.kinds.some((kind) => kinds.includes(kind))) return;
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      listener();
    }, delayMs);
  });
  return () => {
    if (timer) clearTimeout(timer);
    off();
  };
}
