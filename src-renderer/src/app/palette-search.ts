/**
 * Renderer. The palette's two searches, run side by side for each text: main's cache (at once,
 * offline too; re-run when the cache changes, as when an outline read in the background lands
 * while the palette is open) and the server's own search (courses, assessments, quizzes; online
 * only, a little later so a typist does not send a request per key). On opening, main is asked to
 * read the outlines of listed courses never opened so their lessons can be found too.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CacheKind, PaletteHit, PaletteServerSearch } from '../../../src-shared/index.ts';
import { call } from '../bridge.ts';
import { onEvent } from '../lib/events.ts';
import { mergeHits } from './palette-entries.ts';

const SEARCH_DELAY_MS = 40;
/** The server is asked once typing pauses this long. */
const SERVER_DELAY_MS = 250;
const SEARCHED_KINDS: readonly CacheKind[] = ['courses', 'course', 'sections', 'assessments', 'assessment'];

/** The server's search for the current text: not asked (no text), under way, or how it ended. */
export type ServerSearchState = 'idle' | 'searching' | PaletteServerSearch['state'];

export interface PaletteSearch {
  /** The cache's hits, then the server's, without repeats. */
  hits: PaletteHit[];
  /** The cache search for the current text is under way (nothing to say about it yet). */
  waiting: boolean;
  server: ServerSearchState;
  /** Outlines main started reading in the background when the palette opened (0 offline or all cached). */
  reading: number;
}

/** Asks main once per opening to read the outlines not cached yet; each cache change re-runs the search. */
function useOutlineReading(): { reading: number; version: number } {
  const [reading, setReading] = useState(0);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let open = true;
    call((b) => b.palette.prepare()).then(
      (answer) => open && setReading(answer.reading),
      () => undefined,
    );
    const stop = onEvent('cache.updated', (update) => {
      if (update.kinds.some((kind) => SEARCHED_KINDS.includes(kind))) setVersion((v) => v + 1);
    });
    return () => {
      open = false;
      stop();
    };
  }, []);
  return { reading, version };
}

function useCacheSearch(query: string, version: number): { hits: PaletteHit[]; current: boolean } {
  const [found, setFound] = useState<{ query: string; version: number; hits: PaletteHit[] }>({
    query: '',
    version: 0,
    hits: [],
  });
  useEffect(() => {
    if (query === '') return;
    let cancelled = false;
    const settle = (hits: PaletteHit[]) => !cancelled && setFound({ query, version, hits });
    const timer = setTimeout(() => {
      call((b) => b.palette.search({ text: query, limit: 20 })).then(settle, () => settle([]));
    }, SEARCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query, version]);
  // Hits for an older text are never shown; hits of an older cache version are, until the new ones come.
  const current = query !== '' && found.query === query;
  return { hits: current ? found.hits : EMPTY, current };
}

function useServerSearch(query: string): { hits: PaletteHit[]; state: ServerSearchState } {
  const [found, setFound] = useState<{ query: string } & PaletteServerSearch>({ query: '', state: 'done', hits: [] });
  useEffect(() => {
    if (query === '') return;
    let cancelled = false;
    const settle = (answer: PaletteServerSearch) => !cancelled && setFound({ query, ...answer });
    const timer = setTimeout(() => {
      call((b) => b.palette.searchServer({ text: query })).then(settle, () => settle({ state: 'failed', hits: [] }));
    }, SERVER_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query]);
  if (query === '') return { hits: EMPTY, state: 'idle' };
  if (found.query !== query) return { hits: EMPTY, state: 'searching' };
  return { hits: found.hits, state: found.state };
}

const EMPTY: PaletteHit[] = [];

export function usePaletteSearch(text: string): PaletteSearch {
  const query = text.trim();
  const { reading, version } = useOutlineReading();
  const cache = useCacheSearch(query, version);
  const server = useServerSearch(query);
  const hits = useMemo(() => mergeHits(cache.hits, server.hits), [cache.hits, server.hits]);
  return { hits, waiting: query !== '' && !cache.current, server: server.state, reading };
}
