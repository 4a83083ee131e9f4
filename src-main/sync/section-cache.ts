// Main process / plain Node. The cached outline's sections, kept in step with what is done to them:
// a change shows at once, and each answer from the server is written in (its copy of a section or
// the course, a refusal that puts a move or a rename back, a delete), then the server's own order
// is read again once the changes have settled.
import { byOrder, cacheKey, moveInOrder, positionInOrder, type CacheStore } from './cache/index.ts';
import type { DraftRow } from './drafts.ts';
import type { Fields } from './merge.ts';
import { settledRefresh } from './position-work.ts';
import type { DraftParent } from './resources.ts';

export interface CachedSections {
  /** The course's cached sections (null when none are cached) and where they are kept. */
  read(courseId: string): { key: string; list: Fields[] | null };
  /** Writes the list back and tells the windows. */
  write(key: string, list: Fields[]): void;
  /** Where a section stands in the cached list (1-based), null when it is not cached. */
  position(courseId: string, id: string): number | null;
  /** Moves a section in the cached list, if cached (a move shown at once). */
  move(courseId: string, id: string, position: number): void;
  /** A section's or the course's copy from the server; a read taken before a move landed keeps the move. */
  onServerCopy(draft: DraftRow, copy: Fields): void;
  /** The server refused a section's change for good: a move or rename shown at once goes back. */
  onRefused(draft: DraftRow): void;
  onDeleted(parent: DraftParent, id: string): void;
}

export interface CachedSectionsDeps {
  cache: CacheStore;
  cacheChanged: (key: string, kind: 'sections' | 'course') => void;
  refreshSections: (courseId: string) => void;
}

const asList = (data: unknown): Fields[] | null => (Array.isArray(data) ? (data as Fields[]) : null);

export function createCachedSections({ cache, cacheChanged, refreshSections }: CachedSectionsDeps): CachedSections {
  const reconcileSoon = settledRefresh(refreshSections);
  const read = (courseId: string) => {
    const key = cacheKey({ kind: 'sections', courseId });
    return { key, list: asList(cache.read<unknown>(key).data) };
  };
  const write = (key: string, list: Fields[]) => {
    cache.write(key, 'sections', list);
    cacheChanged(key, 'sections');
  };
  const move = (courseId: string, id: string, position: number) => {
    const { key, list } = read(courseId);
    if (list && moveInOrder(list, id, position)) write(key, list);
  };

  /** A rename shown at once goes back to the title the server has. */
  const renameBack = (courseId: string, sectionId: string, base: Fields) => {
    const { key, list } = read(courseId);
    const cached = list?.find((s) => s.id === sectionId);
    if (list && cached && typeof base.title === 'string') {
      cached.title = base.title;
      if (base.description !== undefined) cached.description = base.description;
      write(key, list);
    }
  };

  return {
    read,
    write,
    position(courseId, id) {
      const { list } = read(courseId);
      return list ? positionInOrder(list, id) : null;
    },
    move,

    onServerCopy(draft, copy) {
      if (typeof copy.id !== 'string') return;
      if (draft.resource === 'course') {
        const key = cacheKey({ kind: 'course', courseId: copy.id });
        cache.write(key, 'course', copy);
        cacheChanged(key, 'course');
        return;
      }
      const parent = JSON.parse(draft.parent) as DraftParent;
      if (!parent.courseId) return;
      const { key, list } = read(parent.courseId);
      if (!list) return;
      const index = list.findIndex((s) => s.id === copy.id);
      const wanted = (JSON.parse(draft.fields) as Fields).order;
      // A read taken before our move landed must not undo the move shown meanwhile.
      const keepPlace = wanted !== undefined && copy.order !== wanted && index >= 0;
      const next = { ...copy, ...(keepPlace ? { order: list[index]!.order } : {}) };
      if (index >= 0) list[index] = { ...list[index], ...next, lessons: copy.lessons ?? list[index]!.lessons };
      else {
        list.push(next);
        // A section created at a position shifts the ones from there on, as the server does.
        if (typeof next.order === 'number') moveInOrder(list, copy.id, next.order);
      }
      list.sort(byOrder);
      write(key, list);
      if (!keepPlace) reconcileSoon(parent.courseId);
    },

    onRefused(draft) {
      const parent = JSON.parse(draft.parent) as DraftParent;
      const { order, title } = JSON.parse(draft.fields) as Fields;
      if (draft.resource !== 'section' || !parent.courseId || !draft.server_id) return;
      // `base` is the section as it was when the change was made (moveSection sets its order).
      const base = JSON.parse(draft.base ?? '{}') as Fields;
      if (title !== undefined) renameBack(parent.courseId, draft.server_id, base);
      if (order === undefined) return;
      if (typeof base.order === 'number') move(parent.courseId, draft.server_id, base.order);
      reconcileSoon(parent.courseId); // and the server's own order, to be sure
    },

    onDeleted(parent, id) {
      if (!parent.courseId) return;
      const { key, list } = read(parent.courseId);
      const index = list ? list.findIndex((s) => s.id === id) : -1;
      if (list && index >= 0) {
        list.splice(index, 1);
        write(key, list);
      }
      reconcileSoon(parent.courseId);
    },
  };
}
