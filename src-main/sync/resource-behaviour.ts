// Main process / plain Node. What each kind of resource does in sync, as one table: how a draft of
// it is sent (the API calls), merged (a position kept out of the three-way merge), refused (a
// delete answer that ends it), found in the offline cache, and what the caches do with the
// server's answers. The outbox's sender, the draft editor and the cache read it; adding a kind is
// one entry the compiler checks. What a draft of each kind may hold is resources.ts.
import type { StructureOperationId } from '../api/index.ts';
import type { SyncApiClient } from './client.ts';
import { findCachedLesson } from './cache/lesson-order.ts';
import { cacheKey } from './cache/queries.ts';
import { findInLists, type CacheStore } from './cache/store.ts';
import type { DraftRow } from './drafts.ts';
import { SyncServiceError } from './errors.ts';
import type { Fields } from './merge.ts';
import type { DraftOperation, DraftParent, ResourceKind } from './resources.ts';

/** What a part of the service keeps in step with the server's answers about its resources. */
export interface CacheEffects {
  /** A fresh server copy (a read before a PATCH, or a send's answer). */
  onServerCopy(draft: DraftRow, copy: Fields): void;
  /** A delete was confirmed by the server (or the resource was already gone). */
  onDeleted(parent: DraftParent, id: string): void;
  /** The server refused a change for good: what was shown at once is undone. */
  onRefused(draft: DraftRow): void;
}

/** The live parts of one profile's service that the entries act on (wired in service-parts.ts). */
export interface ResourceParts {
  client: SyncApiClient;
  /** Assessment details and the lists holding them. */
  assessments: { remember(id: string, copy: Fields, options?: { inLists?: boolean }): void };
  lessons: CacheEffects;
  /** Sections and the course's own details. */
  structure: CacheEffects;
}

/** The API calls a kind is sent with; a call left out is one Lectern never makes for it. */
export interface ResourceSend {
  get?(client: SyncApiClient, parent: DraftParent, id: string, signal?: AbortSignal): Promise<Fields>;
  create?(
    client: SyncApiClient,
    parent: DraftParent,
    body: Fields,
    idempotencyKey: string,
    signal?: AbortSignal,
  ): Promise<Fields>;
  update?(client: SyncApiClient, parent: DraftParent, id: string, patch: Fields, signal?: AbortSignal): Promise<Fields>;
  delete?(client: SyncApiClient, parent: DraftParent, id: string, signal?: AbortSignal): Promise<void>;
}

export interface ResourceBehaviour {
  send: ResourceSend;
  /**
   * A field that is a position, not a value to merge: siblings moving shift it on the server
   * without anyone editing it, so it is sent as the user's last word, outside the merge.
   */
  position: string | null;
  /**
   * The catalogue operation a write of this kind is (a server may not offer it: capabilities.ts
   * then refuses it up front with the reason); absent: not a course-structure write.
   */
  structureOperation?(operation: DraftOperation): StructureOperationId | null;
  /** Statuses that answer a delete for good (not "try again"): a section that still holds lessons. */
  finalDeleteStatuses: readonly number[];
  /** The cached copy of one about to be edited: its detail, else the list or section holding it. */
  cachedCopy(store: CacheStore, parent: DraftParent, id: string): Fields | null;
  /** The copy read to open an editor, remembered where screens read it. */
  onEditCopy?(parts: Pick<ResourceParts, 'assessments'>, id: string, copy: Fields): void;
  onServerCopy?(parts: ResourceParts, draft: DraftRow, copy: Fields): void;
  onDeleted?(parts: ResourceParts, parent: DraftParent, id: string): void;
  onRefused?(parts: ResourceParts, draft: DraftRow): void;
}

function lessonParent(parent: DraftParent): { courseId: string; sectionId: string } {
  if (!parent.courseId || !parent.sectionId) {
    throw new SyncServiceError('DRAFT_PARENT_REQUIRED', 'A lesson draft needs its course and section.');
  }
  return { courseId: parent.courseId, sectionId: parent.sectionId };
}

function courseOf(parent: DraftParent): string {
  if (!parent.courseId) throw new SyncServiceError('DRAFT_PARENT_REQUIRED', 'A section draft needs its course.');
  return parent.courseId;
}

const sectionsOf = (store: CacheStore, courseId: string): unknown =>
  store.read<unknown>(cacheKey({ kind: 'sections', courseId })).data;

export const RESOURCE_BEHAVIOUR = {
  assessment: {
    send: {
      get: (client, _parent, id, signal) => client.assessments.get(id, { signal }),
      create: (client, _parent, body, idempotencyKey, signal) =>
        client.assessments.create(body, { idempotencyKey, signal }),
      update: (client, _parent, id, patch, signal) => client.assessments.update(id, patch, { signal }),
    },
    position: null,
    finalDeleteStatuses: [],
    cachedCopy: (store, _parent, id) =>
      store.read<Fields>(cacheKey({ kind: 'assessment', assessmentId: id })).data ??
      findInLists(store.entries('assessments'), id),
    onEditCopy: (parts, id, copy) => parts.assessments.remember(id, copy, { inLists: false }),
    onServerCopy: (parts, _draft, copy) => parts.assessments.remember(String(copy.id), copy),
  },
  assignment: {
    send: {
      create: (client, _parent, body, idempotencyKey, signal) =>
        client.assignments.create(body, { idempotencyKey, signal }),
    },
    position: null,
    finalDeleteStatuses: [],
    cachedCopy: () => null,
  },
  lesson: {
    send: {
      get: (client, parent, id, signal) => {
        const p = lessonParent(parent);
        return client.lessons.get(p.courseId, p.sectionId, id, { signal });
      },
      create: (client, parent, body, idempotencyKey, signal) => {
        const p = lessonParent(parent);
        return client.lessons.create(p.courseId, p.sectionId, body, { idempotencyKey, signal });
      },
      update: (client, parent, id, patch, signal) => {
        const p = lessonParent(parent);
        return client.lessons.update(p.courseId, p.sectionId, id, patch, { signal });
      },
      delete: (client, parent, id, signal) => {
        const p = lessonParent(parent);
        return client.lessons.delete(p.courseId, p.sectionId, id, { signal });
      },
    },
    position: 'order',
    finalDeleteStatuses: [],
    cachedCopy: (store, parent, id) =>
      parent.courseId && parent.sectionId
        ? findCachedLesson(sectionsOf(store, parent.courseId), parent.sectionId, id)
        : null,
    onServerCopy: (parts, draft, copy) => parts.lessons.onServerCopy(draft, copy),
    onDeleted: (parts, parent, id) => parts.lessons.onDeleted(parent, id),
    onRefused: (parts, draft) => parts.lessons.onRefused(draft),
  },
  section: {
    send: {
      get: (client, parent, id, signal) => client.sections.get(courseOf(parent), id, { signal }),
      create: (client, parent, body, idempotencyKey, signal) =>
        client.sections.create(courseOf(parent), body, { idempotencyKey, signal }),
      update: (client, parent, id, patch, signal) => client.sections.update(courseOf(parent), id, patch, { signal }),
      delete: (client, parent, id, signal) => client.sections.delete(courseOf(parent), id, { signal }),
    },
    position: 'order',
    structureOperation: (operation) => `sections.${operation}`,
    // A section still holding lessons may be refused with 409 (catalogue.ts): an answer, not "in progress".
    finalDeleteStatuses: [409],
    cachedCopy: (store, parent, id) => {
      if (!parent.courseId) return null;
      const sections = sectionsOf(store, parent.courseId);
      return Array.isArray(sections) ? ((sections as Fields[]).find((s) => s?.id === id) ?? null) : null;
    },
    onServerCopy: (parts, draft, copy) => parts.structure.onServerCopy(draft, copy),
    onDeleted: (parts, parent, id) => parts.structure.onDeleted(parent, id),
    onRefused: (parts, draft) => parts.structure.onRefused(draft),
  },
  // A course is only ever updated from Lectern.
  course: {
    send: {
      get: (client, _parent, id, signal) => client.courses.get(id, { signal }),
      update: (client, _parent, id, patch, signal) => client.courses.update(id, patch, { signal }),
    },
    position: null,
    structureOperation: (operation) => (operation === 'update' ? 'courses.update' : null),
    finalDeleteStatuses: [],
    cachedCopy: (store, _parent, id) =>
      store.read<Fields>(cacheKey({ kind: 'course', courseId: id })).data ?? findInLists(store.entries('courses'), id),
    onServerCopy: (parts, draft, copy) => parts.structure.onServerCopy(draft, copy),
  },
} satisfies Record<ResourceKind, ResourceBehaviour>;

const WORDS: Record<keyof ResourceSend, string> = {
  get: 'read back',
  create: 'create',
  update: 'update',
  delete: 'delete',
};

/** The entry of `resource`, read through its wider type (every hook may be absent). */
export const behaviourOf = (resource: ResourceKind): ResourceBehaviour => RESOURCE_BEHAVIOUR[resource];

/** The call that sends `operation` for this kind; a kind Lectern never sends that way is refused. */
export function sendCall<K extends keyof ResourceSend>(
  resource: ResourceKind,
  operation: K,
): NonNullable<ResourceSend[K]> {
  const call = behaviourOf(resource).send[operation];
  if (!call) throw new SyncServiceError('NOT_EDITABLE', `Lectern cannot ${WORDS[operation]} a ${resource}.`);
  return call;
}
