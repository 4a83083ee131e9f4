/**
 * Shared (every process). The one state model of a change the user made, and the one function that
 * derives it (issues 24, 37): nothing to say · Saved · Local changes · Waiting to send · Sending ·
 * Not saved · Conflict. Every editor's status line and the status bar's summary read it from here,
 * so no screen can show two states at once. "Draft" is the server's status of an assessment and is
 * never used here. The model in words: docs/save-model.md.
 */
import { defineMessages, type MessageDescriptor, type Say } from './messages.ts';
import type { ConnectivityState, DraftState } from './states.ts';

export const SAVE_STATES = ['idle', 'saved', 'local', 'waiting', 'sending', 'not-saved', 'conflict'] as const;
export type SaveStateKind = (typeof SAVE_STATES)[number];

export interface SaveState {
  kind: SaveStateKind;
  /** Short words for a badge or the start of the status line (in the app's language); empty for `idle`. */
  label: string;
  /** One sentence after the label; for `not-saved` the reason in the user's words. */
  detail: string | null;
  tone: 'success' | 'muted' | 'info' | 'danger' | 'warning';
}

export interface SaveStateInput {
  /** The stored change (draft / outbox entry), or null when nothing was stored yet. */
  draft: { state: DraftState; hasChanges: boolean } | null;
  /** Typed changes not in the stored change yet (the editor's debounce, or a form kept in memory). */
  typing?: boolean;
  /** Writing to this computer's store failed (e.g. the disk is full): the reason, in words. */
  localError?: string | null;
  /** Why the server refused the change, in words (state `failed` or `deleted-on-server`). */
  refusal?: string | null;
  connection?: ConnectivityState | null;
}

/** The words of each state (docs/save-model.md). "Draft" is never one of them: it is the server's. */
export const SAVE_STATE_LABELS: Record<Exclude<SaveStateKind, 'idle'>, MessageDescriptor> = defineMessages({
  saved: { id: 'shared.saveState.label.saved', defaultMessage: 'Saved' },
  local: { id: 'shared.saveState.label.local', defaultMessage: 'Local changes' },
  waiting: { id: 'shared.saveState.label.waiting', defaultMessage: 'Waiting to send' },
  sending: { id: 'shared.saveState.label.sending', defaultMessage: 'Sending…' },
  'not-saved': { id: 'shared.saveState.label.notSaved', defaultMessage: 'Not saved' },
  conflict: { id: 'shared.saveState.label.conflict', defaultMessage: 'Conflict' },
});

const TONES: Record<SaveStateKind, SaveState['tone']> = {
  idle: 'muted',
  saved: 'success',
  local: 'muted',
  waiting: 'info',
  sending: 'info',
  'not-saved': 'danger',
  conflict: 'warning',
};

/** The sentences the states say when nothing more particular is known. */
export const SAVE_STATE_DETAILS = defineMessages({
  local: {
    id: 'shared.saveState.detail.local',
    defaultMessage: 'Kept on this computer; not on the server until you save.',
  },
  localJoining: {
    id: 'shared.saveState.detail.localJoining',
    defaultMessage: 'Kept on this computer; they join the change waiting to send.',
  },
  waitingOffline: {
    id: 'shared.saveState.detail.waitingOffline',
    defaultMessage: 'Kept on this computer; sends when the server is reachable.',
  },
  conflict: {
    id: 'shared.saveState.detail.conflict',
    defaultMessage: 'Changed on the server too. Nothing was overwritten: choose what to keep.',
  },
  refused: { id: 'shared.saveState.detail.refused', defaultMessage: 'The server did not take this change.' },
  deleted: {
    id: 'shared.saveState.detail.deleted',
    defaultMessage: 'It was deleted on the server. Your changes are kept here.',
  },
});

/** True when the server cannot be reached for now (a wait, never a failure). */
export function isDisconnected(connection: ConnectivityState | null | undefined): boolean {
  return connection !== null && connection !== undefined && connection !== 'online';
}

/**
 * The state of one change. Local problems come first: a change not even kept here is the most
 * urgent. "Saved" only when the server took this change (`sent`); an empty new form, or an existing
 * one opened and left as it was, has nothing to say (`idle`).
 */
export function saveStateOf(input: SaveStateInput, say: Say): SaveState {
  const { draft, connection } = input;
  const state = (kind: SaveStateKind, detail: MessageDescriptor | string | null): SaveState => ({
    kind,
    label: kind === 'idle' ? '' : say(SAVE_STATE_LABELS[kind]),
    detail: detail === null || typeof detail === 'string' ? detail : say(detail),
    tone: TONES[kind],
  });
  if (input.localError) return state('not-saved', input.localError);
  switch (draft?.state) {
    case 'conflict':
      return state('conflict', SAVE_STATE_DETAILS.conflict);
    case 'failed':
      return state('not-saved', input.refusal ?? SAVE_STATE_DETAILS.refused);
    case 'deleted-on-server':
      return state('not-saved', input.refusal ?? SAVE_STATE_DETAILS.deleted);
    case 'sending':
      return state('sending', null);
    case 'queued':
      if (input.typing) return state('local', SAVE_STATE_DETAILS.localJoining);
      return state('waiting', isDisconnected(connection) ? SAVE_STATE_DETAILS.waitingOffline : null);
    default:
      break;
  }
  if (input.typing || draft?.hasChanges) return state('local', SAVE_STATE_DETAILS.local);
  return state(draft?.state === 'sent' ? 'saved' : 'idle', null);
}

const ACTION_WORDS = defineMessages({
  save: { id: 'shared.saveState.action.save', defaultMessage: 'Save' },
  sendsWhenOnline: { id: 'shared.saveState.action.sendsWhenOnline', defaultMessage: '{verb} — sends when online' },
});

/**
 * What the save button of an editor does now, in its own words: `verb` ("Save") online, and the
 * same with "— sends when online" while the server cannot be reached (it keeps the change to send later).
 */
export function saveActionLabel(connection: ConnectivityState | null | undefined, say: Say, verb?: string): string {
  const word = verb ?? say(ACTION_WORDS.save);
  return isDisconnected(connection) ? say(ACTION_WORDS.sendsWhenOnline, { verb: word }) : word;
}

export interface WorkSummaryInput {
  waiting: number;
  sending: number;
  /** Changes the server refused (or whose resource it deleted): resolved by the user, never sent by waiting. */
  refused: number;
  conflicts: number;
}

const WORK_WORDS = defineMessages({
  conflicts: {
    id: 'shared.saveState.work.conflicts',
    defaultMessage: '{count, plural, one {# conflict} other {# conflicts}}',
  },
  refused: { id: 'shared.saveState.work.refused', defaultMessage: '{count} refused' },
  sending: { id: 'shared.saveState.work.sending', defaultMessage: '{count} sending' },
  waiting: { id: 'shared.saveState.work.waiting', defaultMessage: '{count} waiting to send' },
  nothing: { id: 'shared.saveState.work.nothing', defaultMessage: 'Nothing waiting to send' },
});

/** The status bar's one line for every change of the workspace: the most urgent first. */
export function summariseWork(work: WorkSummaryInput, say: Say): { text: string; tone: SaveState['tone'] } {
  const parts = (['conflicts', 'refused', 'sending', 'waiting'] as const)
    .filter((kind) => work[kind] > 0)
    .map((kind) => say(WORK_WORDS[kind], { count: work[kind] }));
  // Unsent edits still open in an editor are that editor's to show; here only what left it.
  if (parts.length === 0) return { text: say(WORK_WORDS.nothing), tone: 'muted' };
  const tone = work.refused > 0 ? 'danger' : work.conflicts > 0 ? 'warning' : 'info';
  return { text: parts.join(' · '), tone };
}
