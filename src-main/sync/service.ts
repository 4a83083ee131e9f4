// Main process / plain Node. The offline store and sync engine of one profile behind one facade:
// cache-first reads, drafts, the outbox worker, conflicts and connectivity. The shell exposes its
// methods over IPC and forwards its events. Switching profile = close() this one, create another.
// The facade's types are in service-api.ts; its parts, wired together, in service-parts.ts.
import { assignmentHistory } from './assignment-history.ts';
import type { SyncService, SyncServiceOptions } from './service-api.ts';
import { wireSyncParts } from './service-parts.ts';

export type {
  EditDraftInput,
  NewDraftInput,
  SyncEventListener,
  SyncEventMap,
  SyncEventName,
  SyncService,
  SyncServiceOptions,
} from './service-api.ts';

export function createSyncService(options: SyncServiceOptions): SyncService {
  const parts = wireSyncParts(options);
  const { store, db, life, guard, emit, drafts, connectivity, cache, outbox, lessons, writes } = parts;
  const { capabilities, editDraft, structure, preview, writesChanged, abort, now } = parts;

  // Drafts with no unsent work (sent, or opened and never changed) are history after a while.
  db.prepare(
    `DELETE FROM drafts WHERE fields = '{}' AND (state = 'sent' OR (state = 'editing' AND operation = 'update'))
       AND updated_at < ?`,
  ).run(now() - (options.keepSentDraftsDays ?? 30) * 86_400_000);
  // Crash recovery, then start: rows a killed process left `sending` are safe to resend.
  outbox.recover();
  connectivity.start();
  void connectivity.checkNow(); // the status bar should not wait for the first real request
  queueMicrotask(() => void outbox.drain());

  return {
    profileId: options.profileId,
    notices: store.notices,

    listDrafts: () => guard(() => drafts.list()),
    getDraft: (draftId) => guard(() => drafts.get(draftId)),
    createDraft: (input) => guard(() => drafts.createNew(input.resource, input.parent ?? {}, input.fields ?? {})),
    editDraft,
    saveDraftFields: (draftId, patch) => guard(() => drafts.saveFields(draftId, patch)),
    saveToServer: (draftId, patch) =>
      guard(() => {
        const row = drafts.row(draftId);
        try {
          capabilities.assertOffered(row.resource, row.operation);
        } catch (error) {
          // Known missing here: keep the last keystrokes in the draft, refuse only the send.
          if (patch !== undefined) drafts.saveFields(draftId, patch);
          throw error;
        }
        return outbox.enqueue(draftId, patch);
      }),
    reopenDraft: (draftId) => guard(() => outbox.reopen(draftId)),
    retryDraft: (draftId) =>
      guard(() => {
        const view = outbox.retry(draftId);
        if (!connectivity.isOnline()) void connectivity.checkNow(); // "retry" also means "try the server now"
        return view;
      }),
    discardDraft: (draftId) =>
      guard(() => {
        drafts.discard(draftId);
        emit('outbox.changed', outbox.summary());
      }),
    resolveConflict: (draftId, choices, opts) => guard(() => outbox.resolveConflict(draftId, choices, opts)),

    listOutbox: () => guard(() => outbox.list()),
    outboxSummary: () => guard(() => outbox.summary()),
    holdCourse: (courseId) => outbox.holdCourse(courseId),
    async sendCourseChanges(courseId, signal) {
      if (life.closed) return [];
      if (!connectivity.isOnline()) await connectivity.checkNow();
      return outbox.sendCourse(courseId, signal);
    },
    async drainOutbox() {
      if (life.closed) return;
      if (!connectivity.isOnline()) await connectivity.checkNow();
      await outbox.drain();
    },

    connectivity: () => connectivity.status(),
    checkConnectivity: () => connectivity.checkNow(),
    setNetworkHint: (online) => connectivity.setNetworkHint(online),
    reportAttempt: (attempt) => {
      if (!life.closed) connectivity.reportAttempt(attempt);
    },
    setInUse: (inUse) => connectivity.setInUse(inUse),
    onConnectivityChange: (listener) => connectivity.onChange(listener),

    rememberLesson(courseId, sectionId, lesson) {
      if (!life.closed) cache.rememberLesson(courseId, sectionId, lesson);
    },
    readCache: (query, opts) => guard(() => cache.read(query, opts)),
    refreshCache: (query) => cache.refresh(query),

    moveLesson: (ref, position) =>
      guard(async () => {
        writes.assertAllowed('lesson'); // known refused: nothing moves, the reason says why
        await lessons.move(ref, position);
      }),
    scheduleLessonDelete: (ref, delayMs) => guard(() => lessons.scheduleDelete(ref, delayMs)),
    undoLessonDelete: (draftId) => guard(() => lessons.undoDelete(draftId)),
    pendingLessonWork: (courseId) => guard(() => lessons.pending(courseId)),

    structure,
    preview,
    forgetDeleted: (_resource, id) => cache.forgetAssessment(id),

    searchCache: (text, limit) => guard(() => cache.search(text, limit)),
    prepareSearch: () => guard(() => cache.readOutlinesSoon()),
    searchServer: (text) => guard(() => cache.searchServer(text)),
    assignmentHistory: () => guard(() => assignmentHistory(db)),
    writesRefused: () => guard(() => writes.refused()),
    forgetWriteRefusals: () =>
      guard(() => {
        writes.forget();
        writesChanged(null);
      }),

    async close() {
      if (life.closed) return;
      life.closed = true;
      connectivity.stop();
      abort.abort();
      await outbox.close();
      await cache.settle();
      store.close();
    },
  };
}
