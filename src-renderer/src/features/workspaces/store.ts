/**
 * Renderer. Workspaces (profiles): the list, the active one, and the actions on them. The API
 * key passes through `add` / `setKey` straight to main and is never kept here; profiles only
 * carry `hasKey` and at most the last four characters.
 */
import type { ChannelInput, ChannelOutput, Profile } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, type LoadState } from '../../lib/feature-store.ts';
import { createOvertakeGuard } from '../../lib/overtaken.ts';
import { settlePending, useNotices } from '../../lib/notices.ts';
import { forgetWorkspaceData } from '../../lib/reset.ts';

export type Verification = ChannelOutput<'workspaces.add'>;
export type ProfileDraft = ChannelInput<'workspaces.add'>;
export type ProfileUpdate = ChannelInput<'workspaces.update'>;

interface WorkspacesState extends LoadState {
  profiles: Profile[];
  activeId: string | null;
  /** Bumps on every switch; the shell keys the screens on it so they re-read everything. */
  epoch: number;
  switching: boolean;
  load: () => Promise<void>;
  add: (draft: ProfileDraft) => Promise<Verification>;
  update: (update: ProfileUpdate) => Promise<Profile>;
  setKey: (id: string, apiKey: string) => Promise<Verification>;
  test: (id: string) => Promise<Verification>;
  remove: (id: string) => Promise<void>;
  activate: (id: string) => Promise<void>;
}

/** Reads of the list, newest answer wins (lib/overtaken.ts). */
const listReads = createOvertakeGuard();

export const useWorkspaces = createFeatureStore<WorkspacesState>(
  (set, get) => {
    const upsert = (profile: Profile) =>
      set((s) => ({
        profiles: s.profiles.some((p) => p.id === profile.id)
          ? s.profiles.map((p) => (p.id === profile.id ? profile : p))
          : [...s.profiles, profile],
      }));

    const applyActive = (activeId: string | null) => {
      if (activeId === get().activeId) return;
      const first = get().activeId === null && get().status !== 'ready';
      if (!first) forgetWorkspaceData();
      // Toasts belong to their workspace: the other workspaces' leave.
      useNotices.getState().setWorkspace(activeId);
      set((s) => ({
        activeId,
        epoch: first ? s.epoch : s.epoch + 1,
        profiles: s.profiles.map((p) => ({ ...p, isActive: p.id === activeId })),
      }));
    };

    return {
      profiles: [],
      activeId: null,
      status: 'idle',
      error: null,
      epoch: 0,
      switching: false,
      async load() {
        if (get().status === 'idle') set({ status: 'loading' });
        try {
          // Each change reads the list again: an older answer arriving last must not win.
          await listReads.read(
            () => call((b) => b.workspaces.list()),
            ({ profiles, activeId }) => {
              set({ profiles });
              applyActive(activeId);
              set({ status: 'ready', error: null });
            },
          );
        } catch (error) {
          set({ status: get().profiles.length ? 'ready' : 'error', error });
        }
      },
      async add(draft) {
        const verification = await call((b) => b.workspaces.add(draft));
        upsert(verification.profile);
        return verification;
      },
      async update(update) {
        const profile = await call((b) => b.workspaces.update(update));
        upsert(profile);
        return profile;
      },
      async setKey(id, apiKey) {
        const verification = await call((b) => b.workspaces.setKey({ id, apiKey }));
        upsert(verification.profile);
        return verification;
      },
      async test(id) {
        const verification = await call((b) => b.workspaces.test({ id }));
        upsert(verification.profile);
        return verification;
      },
      async remove(id) {
        await call((b) => b.workspaces.remove({ id, confirm: true }));
        set((s) => ({ profiles: s.profiles.filter((p) => p.id !== id) }));
        await get().load();
      },
      async activate(id) {
        if (id === get().activeId) return;
        set({ switching: true });
        try {
          // What a toast still holds back (an Undo window) is done in the workspace it was made in.
          await settlePending();
          const profile = await call((b) => b.workspaces.activate({ id }));
          upsert(profile);
          applyActive(profile.id);
        } finally {
          set({ switching: false });
        }
      },
    };
  },
  {
    load: (store) => store.getState().load(),
    subscribe: (store) => [onEvent('workspaces.changed', () => void store.getState().load())],
    // The list of workspaces is what a switch happens in, not part of one workspace.
    reset: false,
  },
);

export function activeProfile(state: Pick<WorkspacesState, 'profiles' | 'activeId'>): Profile | null {
  return state.profiles.find((p) => p.id === state.activeId) ?? null;
}

export function useActiveProfile(): Profile | null {
  return useWorkspaces((s) => activeProfile(s));
}

/** The key mode of the active workspace, for error sentences outside React. */
export function activeKeyMode(): Profile['keyMode'] | null {
  return activeProfile(useWorkspaces.getState())?.keyMode ?? null;
}
