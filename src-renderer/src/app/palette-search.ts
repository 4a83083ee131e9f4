/**
 * Renderer. The palette's search of main's cache: debounced, re-run when the cache changes (an
 * outline read in the background lands while the palette is open), and, on opening, main asked
 * to read the outlines of listed courses never opened so their lessons can be found too.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CacheKind, PaletteHit } from '../../../src-shared/index.ts';
import { call } from '../bridge.ts';
import { onEvent } from '../lib/events.ts';

const SEARCH_DELAY_MS = 60;
const SEARCHED_KINDS: readonly CacheKind[] = ['courses', 'course', 'sections', 'assessments', 'assessment'];

export interface PaletteSearch {
  hits: PaletteHit[];
  /** A search for the current text is under way (nothing to say about it yet). */
  waiting: boolean;
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

export function usePaletteSearch(text: string): PaletteSearch {
  const query = text.trim();
  const { reading, version } = useOutlineReading();
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
  const hits = useMemo(() => (current ? found.hits : []), [current, found.hits]);
  return { hits, waiting: query !== '' && !current, reading };
}
