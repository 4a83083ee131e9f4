/**
 * Main process / plain Node. Who switches with the active workspace (the app's session, tests):
 * called one after another, in the order added, so each finishes switching before the next starts.
 */
import type { ActiveProfileChange } from './types.ts';

export type ActiveProfileListener = (change: ActiveProfileChange) => void | Promise<void>;

export class ActiveProfileListeners {
  readonly #listeners = new Set<ActiveProfileListener>();
  readonly #onError: ((error: unknown) => void) | undefined;

  /**
   * `onError` hears a listener that threw while the others still run; without it, `notify`
   * rejects with the first such error once all have run.
   */
  constructor(onError?: (error: unknown) => void) {
    this.#onError = onError;
  }

  /** Returns an unsubscribe function. */
  add(listener: ActiveProfileListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  clear(): void {
    this.#listeners.clear();
  }

  async notify(change: ActiveProfileChange): Promise<void> {
    const failures: unknown[] = [];
    for (const listener of [...this.#listeners]) {
      try {
        await listener(change);
      } catch (error) {
        if (this.#onError) this.#onError(error);
        else failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}
