/**
 * Renderer. The state of Lectern's own file browser while it is open: the folder main listed, the
 * active row, the files selected, and what went wrong. Main lists by handle (`picker.browse`); the
 * browser never sees or sends a path.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BrowseEntry, BrowseListing, PickPurpose } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';

export interface BrowserView {
  listing: BrowseListing | null;
  loading: boolean;
  error: string | null;
  active: number;
  selected: ReadonlySet<string>;
  showHidden: boolean;
}

export interface BrowserControls extends BrowserView {
  /** Lists a folder (none: home); `focus` is the entry to make active there (the folder left). */
  open: (folder?: string, focus?: string) => void;
  setActive: (index: number) => void;
  toggle: (entry: BrowseEntry) => void;
  setShowHidden: (show: boolean) => void;
  setError: (message: string | null) => void;
}

const FIRST: BrowserView = {
  listing: null,
  loading: true,
  error: null,
  active: -1,
  selected: new Set(),
  showHidden: false,
};

export function useBrowser(purpose: PickPurpose): BrowserControls {
  const [view, setView] = useState<BrowserView>(FIRST);
  const latest = useRef(0);
  const showHidden = useRef(false);

  /** Asks main for a listing; the answer (or its error) lands in the state when it comes. */
  const fetchListing = useCallback(
    (folder?: string, focus?: string) => {
      const ticket = ++latest.current;
      call((b) =>
        b.picker.browse({ purpose, showHidden: showHidden.current, ...(folder !== undefined && { folder }) }),
      ).then(
        (listing) => {
          if (ticket !== latest.current) return;
          const focused = focus === undefined ? -1 : listing.entries.findIndex((e) => e.handle === focus);
          const active = focused >= 0 ? focused : listing.entries.length > 0 ? 0 : -1;
          setView((v) => ({ ...v, listing, loading: false, error: null, active, selected: new Set() }));
        },
        (error: unknown) => {
          if (ticket !== latest.current) return;
          setView((v) => ({ ...v, loading: false, error: describeError(error) }));
        },
      );
    },
    [purpose],
  );
  const open = (folder?: string, focus?: string) => {
    setView((v) => ({ ...v, loading: true, error: null }));
    fetchListing(folder, focus);
  };

  // The first listing: the home folder (the state starts as loading).
  useEffect(() => fetchListing(), [fetchListing]);

  return {
    ...view,
    open,
    setActive: (index) => setView((v) => ({ ...v, active: index })),
    toggle: (entry) =>
      setView((v) => {
        const selected = new Set(v.selected);
        if (!selected.delete(entry.handle)) selected.add(entry.handle);
        return { ...v, selected };
      }),
    setShowHidden: (show) => {
      showHidden.current = show;
      setView((v) => ({ ...v, showHidden: show }));
      open(view.listing?.folder.handle);
    },
    setError: (message) => setView((v) => ({ ...v, error: message })),
  };
}

/** Which browse handles Choose sends, or null when nothing can be chosen yet. */
export function choiceOf(purpose: PickPurpose, view: BrowserView): string[] | null {
  const { listing, active, selected } = view;
  if (!listing) return null;
  if (purpose === 'course' || purpose === 'video-folder') return [listing.folder.handle];
  const current = listing.entries[active];
  if (purpose === 'videos' && selected.size > 0) {
    return listing.entries.filter((e) => selected.has(e.handle)).map((e) => e.handle);
  }
  return current?.kind === 'file' ? [current.handle] : null;
}
