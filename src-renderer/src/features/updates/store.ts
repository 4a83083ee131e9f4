/**
 * Renderer. Where the app's own update stands (read once, then pushed by `updates.status`), and
 * the three things the user can do: check now, restart now, turn automatic checks on or off.
 */
import type { UpdateStatus } from '../../../../src-shared/updates.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore } from '../../lib/feature-store.ts';
import { createOvertakeGuard } from '../../lib/overtaken.ts';
import { notify } from '../../lib/notices.ts';

interface UpdatesState {
  status: UpdateStatus | null;
  error: unknown;
  /** An action the user started and main has not answered yet. */
  pending: 'check' | 'restart' | 'setting' | null;
  load: () => Promise<void>;
  checkNow: () => Promise<void>;
  restartNow: () => Promise<void>;
  setAutomatic: (automatic: boolean) => Promise<void>;
}

/** A status answer is dropped when an `updates.status` event overtook it (lib/overtaken.ts). */
const statusReads = createOvertakeGuard();

export const useUpdates = createFeatureStore<UpdatesState>(
  (set, get) => {
    const act = async (pending: UpdatesState['pending'], run: () => Promise<UpdateStatus>) => {
      if (get().pending) return;
      set({ pending });
      try {
        await statusReads.read(run, (status) => set({ status, error: null }));
      } catch (error) {
        notify('error', describeError(error));
      } finally {
        set({ pending: null });
      }
    };
    return {
      status: null,
      error: null,
      pending: null,
      async load() {
        try {
          await statusReads.read(
            () => call((b) => b.updates.status()),
            (status) => set({ status, error: null }),
          );
        } catch (error) {
          set({ error });
        }
      },
      checkNow: () => act('check', () => call((b) => b.updates.check())),
      restartNow: () => act('restart', () => call((b) => b.updates.restart())),
      setAutomatic: (automatic) => act('setting', () => call((b) => b.updates.setAutomatic({ automatic }))),
    };
  },
  {
    load: (store) => store.getState().load(),
    subscribe: (store) => [
      onEvent('updates.status', (status) => {
        statusReads.eventArrived();
        store.setState({ status, error: null });
      }),
    ],
  },
);
