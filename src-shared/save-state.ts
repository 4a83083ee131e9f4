/**
 * Shared (every process). The one state model of a change the user made, and the one function that
 * derives it (issue 24): Saved · Unsaved changes · Waiting to send · Sending · Not saved · Conflict.
 * Every editor's status line and the status bar's summary read it from here, so no screen can show
 * two states at once. "Draft" is the server's status of an assessment and is never used here.
 */
import type { ConnectivityState, DraftState } from './states.ts';

export const SAVE_STATES = ['saved', 'unsaved', 'waiting', 'sending', 'not-saved', 'conflict'] as const;
export type SaveStateKind = (typeof SAVE_STATES)[number];

export interface SaveState {
  kind: SaveStateKind;
  /** Short words for a badge or the start of the status line. */
  label: string;
  /** One sentence after the label; for `not-saved` the reason in the user's words. */
  detail: string | null;
  tone: 'success' | 'muted' | 'info' | 'danger' | 'warning';
}

export interface SaveStateInput {
  /** The stored change (draft / outbox entry), or null when nothing was stored yet. */
  draft: { state: DraftState; hasChanges: boolean } | null;
  /** Keystrokes not yet written to this computer's store (the editor's debounce). */
  typing?: boolean;
  /** Writing to this computer's store failed (e.g. the disk is full): the reason, in words. */
  localError?: string | null;
  /** Why the server refused the change, in words (state `failed` or `deleted-on-server`). */
  refusal?: string | null;
  connection?: ConnectivityState | null;
}

const LABELS: Record<SaveStateKind, string> = {
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  waiting: 'Waiting to send',
  sending: 'Sending…',
  'not-saved': 'Not saved',
  conflict: 'Conflict',
};

const TONES: Record<SaveStateKind, SaveState['tone']> = {
  saved: 'success',
  unsaved: 'muted',
  waiting: 'info',
  sending: 'info',
  'not-saved': 'danger',
  conflict: 'warning',
};

const state = (kind: SaveStateKind, detail: string | null): SaveState => ({
  kind,
  label: LABELS[kind],
  detail,
  tone: TONES[kind],
});

/** True when the server cannot be reached for now (a wait, never a failure). */
export function isDisconnected(connection: ConnectivityState | null | undefined): boolean {
  return connection !== null && connection !== undefined && connection !== 'online';
}

/** The state of one change. Local problems come first: a change not even kept here is the most urgent. */
export function saveStateOf(input: SaveStateInput): SaveState {
  const { draft, connection } = input;
  if (input.localError) return state('not-saved', input.localError);
  switch (draft?.state) {
    case 'conflict':
      return state('conflict', 'Changed on the server too. Nothing was overwritten: choose what to keep.');
    case 'failed':
      return state('not-saved', input.refusal ?? 'The server did not take this change.');
    case 'deleted-on-server':
      return state('not-saved', input.refusal ?? 'It was deleted on the server. Your changes are kept here.');
    case 'sending':
      return state('sending', null);
    case 'queued':
      if (input.typing) return state('unsaved', 'Kept on this computer; they join the change waiting to send.');
      return state(
        'waiting',
        isDisconnected(connection) ? 'Kept on this computer; sends when the server is reachable.' : null,
      );
    default:
      break;
  }
  if (input.typing || draft?.hasChanges) return state('unsaved', 'Kept on this computer until you save.');
  return state('saved', null);
}

/** What the save button of an editor does now, in its own words. */
export function saveActionLabel(connection: ConnectivityState | null | undefined): string {
  return isDisconnected(connection) ? 'Save — sends when online' : 'Save';
}

export interface WorkSummaryInput {
  waiting: number;
  sending: number;
  failed: number;
  conflicts: number;
}

/** The status bar's one line for every change of the workspace: the most urgent first. */
export function summariseWork(work: WorkSummaryInput): { text: string; tone: SaveState['tone'] } {
  const parts: string[] = [];
  if (work.conflicts > 0) parts.push(`${work.conflicts} ${work.conflicts === 1 ? 'conflict' : 'conflicts'}`);
  if (work.failed > 0) parts.push(`${work.failed} not saved`);
  if (work.sending > 0) parts.push(`${work.sending} sending`);
  if (work.waiting > 0) parts.push(`${work.waiting} waiting to send`);
  // Unsent edits still open in an editor are that editor's to show; here only what left it.
  if (parts.length === 0) return { text: 'Nothing waiting to send', tone: 'muted' };
  const tone = work.failed > 0 ? 'danger' : work.conflicts > 0 ? 'warning' : 'info';
  return { text: parts.join(' · '), tone };
}
