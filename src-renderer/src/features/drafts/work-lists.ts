/**
 * Renderer. The three lists of Changes & sync, each change in exactly one: refused by the
 * server (resolved by the user with Try again or Discard, never counted as waiting), waiting to send
 * (the outbox's queued and sending rows) and local changes (kept on this computer, not sent: being
 * edited, or in conflict). A sent change, or an edit left as it was, is in none.
 */
import type { DraftSummary, OutboxItem, SyncError } from '../../../../src-shared/index.ts';
import { isIdleUpdate } from './labels.ts';

/** A change the server did not take: a refusal (failed) or its resource gone (deleted-on-server). */
export interface RefusedChange {
  draftId: string;
  title: string;
  resource: DraftSummary['resource'];
  operation: DraftSummary['operation'];
  state: 'failed' | 'deleted-on-server';
  error: SyncError | null;
  inDoubt: boolean;
  updatedAt: string;
  /** The draft, when listed (for its editor's link); null for an outbox row alone. */
  draft: DraftSummary | null;
}

export interface WorkLists {
  refused: RefusedChange[];
  waiting: OutboxItem[];
  local: DraftSummary[];
  /** Sent recently and kept for reference (not listed). */
  sent: number;
}

const REFUSED_STATES = new Set<string>(['failed', 'deleted-on-server']);
const LOCAL_STATES = new Set<string>(['editing', 'conflict']);

export function workLists(drafts: readonly DraftSummary[], outbox: readonly OutboxItem[]): WorkLists {
  const refused: RefusedChange[] = drafts
    .filter((d) => REFUSED_STATES.has(d.state))
    .map((d) => ({
      draftId: d.id,
      title: d.title,
      resource: d.resource,
      operation: d.operation,
      state: d.state as RefusedChange['state'],
      error: d.error,
      inDoubt: d.inDoubt,
      updatedAt: d.updatedAt,
      draft: d,
    }));
  const listed = new Set(refused.map((r) => r.draftId));
  // A failed outbox row whose draft was not (yet) read as failed is still one refused change.
  for (const item of outbox) {
    if (item.state !== 'failed' || listed.has(item.draftId)) continue;
    listed.add(item.draftId);
    refused.push({
      draftId: item.draftId,
      title: item.title,
      resource: item.resource,
      operation: item.operation,
      state: 'failed',
      error: item.lastError,
      inDoubt: item.inDoubt,
      updatedAt: item.updatedAt,
      draft: null,
    });
  }
  return {
    refused,
    waiting: outbox.filter((item) => item.state !== 'failed' && !listed.has(item.draftId)),
    local: drafts.filter((d) => LOCAL_STATES.has(d.state) && !isIdleUpdate(d)),
    sent: drafts.filter((d) => d.state === 'sent').length,
  };
}
