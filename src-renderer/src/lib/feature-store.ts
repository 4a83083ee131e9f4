/**
 * Renderer. The one shape of a feature store: a zustand store with a lifecycle.
 *
 * - Importing a store does nothing. The screen (or the shell, for what it always shows) calls
 *   `start()` — in React through `useFeature(store)` — and the first user's start reads what the
 *   feature shows and subscribes to main's events; when the last user leaves, the subscriptions
 *   end. A store nobody looks at neither listens nor re-reads, and a test decides when it starts.
 * - A failed read keeps main's typed error in the state (`error`); the screen words it with
 *   `describeError`, so one code always reads the same way.
 * - Switching workspace puts every store back to its first state through the one registry in
 *   `reset.ts`, and a started store reads again; answers to reads made before the switch are
 *   dropped (`readInto`).
 */
import { useEffect } from 'react';
import { create, type StateCreator, type StoreApi, type UseBoundStore } from 'zustand';
import { onWorkspaceSwitch } from './reset.ts';

/** Where a store's own read stands, and the typed error of the last one that failed. */
export interface LoadState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: unknown;
}

export interface FeatureLifecycle<S> {
  /** Reads what the feature shows: at the first start, and after a workspace switch while started. */
  load?: (store: StoreApi<S>) => void | Promise<void>;
  /** Subscribes to main's events while started; returns what ends each subscription. */
  subscribe?: (store: StoreApi<S>) => readonly (() => void)[];
  /**
   * What a workspace switch does to the state: by default it goes back to the first state;
   * `false` for what does not belong to one workspace (the workspace list itself, notices).
   */
  reset?: false | ((store: StoreApi<S>) => void);
}

export interface Startable {
  /** Ref-counted: the first start loads and subscribes. Returns this user's stop. */
  start: () => () => void;
}

export type FeatureStore<S> = UseBoundStore<StoreApi<S>> &
  Startable & {
    /** How many users hold the store started (0: no subscriptions). */
    users: () => number;
    /** Bumps on every workspace switch; an answer read under an older one is not applied. */
    generation: () => number;
  };

export function createFeatureStore<S>(
  initializer: StateCreator<S, [], []>,
  lifecycle: FeatureLifecycle<S> = {},
): FeatureStore<S> {
  const store = create<S>()(initializer);
  const initial = store.getState();
  let users = 0;
  let generation = 0;
  let unsubscribes: readonly (() => void)[] = [];

  const load = () => {
    // A failed read is kept in the state by the load itself; nothing is left unhandled here.
    void Promise.resolve(lifecycle.load?.(store)).catch(() => undefined);
  };

  const start = () => {
    users++;
    if (users === 1) {
      unsubscribes = lifecycle.subscribe?.(store) ?? [];
      load();
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      users--;
      if (users === 0) {
        for (const unsubscribe of unsubscribes) unsubscribe();
        unsubscribes = [];
      }
    };
  };

  if (lifecycle.reset !== false) {
    const reset = lifecycle.reset ?? (() => store.setState(initial, true));
    onWorkspaceSwitch(() => {
      generation++;
      reset(store);
      if (users > 0) load();
    });
  }

  return Object.assign(store, { start, users: () => users, generation: () => generation });
}

/** Per store: the number of the last read asked, and of the last one whose answer was applied. */
const readNumbers = new WeakMap<object, { asked: number; applied: number }>();

/**
 * Runs one read into a store: `loading` while nothing is shown yet, then `ready` with what the
 * read returned, or the typed error — beside what was already shown, which stays. Reads may be
 * answered out of order (two re-reads on two quick events): an answer to a read asked before one
 * already applied is older than what is shown, and is dropped.
 */
export async function readInto<S extends LoadState>(
  store: FeatureStore<S>,
  read: () => Promise<Partial<S>>,
): Promise<void> {
  const generation = store.generation();
  const numbers = readNumbers.get(store) ?? { asked: 0, applied: 0 };
  readNumbers.set(store, numbers);
  const number = ++numbers.asked;
  const current = () => generation === store.generation() && number > numbers.applied;
  if (store.getState().status === 'idle') store.setState({ status: 'loading' } as Partial<S>);
  try {
    const result = await read();
    if (!current()) return;
    numbers.applied = number;
    store.setState({ ...result, status: 'ready', error: null });
  } catch (error) {
    if (!current()) return;
    store.setState({ status: store.getState().status === 'ready' ? 'ready' : 'error', error } as Partial<S>);
  }
}

/** Holds the stores started while the component is mounted. The stores are module constants. */
export function useFeature(...stores: readonly Startable[]): void {
  useEffect(() => {
    const stops = stores.map((store) => store.start());
    return () => {
      for (const stop of stops) stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the same stores on every render
  }, []);
}
