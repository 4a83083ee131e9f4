/**
 * Renderer. Lectern's own file and folder browser, shown wherever main has no native dialog (the
 * bridge host). A modal with the folder's path as a breadcrumb and its entries as one listbox:
 * ↑/↓, Home/End and Page Up/Down move, typing a name's start jumps to it, Enter opens a folder (or
 * chooses a file), Backspace or Alt+↑ goes to the parent, Space selects a file when several may be
 * chosen, Escape cancels. Folder picks choose the folder that is open.
 */
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { BrowseEntry, BrowseListing, PickPurpose } from '../../../../src-shared/index.ts';
import { Modal } from '../../components/Modal.tsx';
import { describeError } from '../../lib/errors.ts';
import { formatBytes } from '../../lib/format.ts';
import { choose, usePicker, type PickRequest } from './store.ts';
import { choiceOf, useBrowser, type BrowserControls } from './use-browser.ts';
import { t } from '../../lib/i18n.ts';

/** The open browser, if any: mounted once by the app shell. */
export function FileBrowserHost() {
  const request = usePicker((s) => s.request);
  // A fresh browser (from home) for every pick.
  return request ? <FileBrowser key={request.id} request={request} /> : null;
}

const FOLDER_PICKS: ReadonlySet<PickPurpose> = new Set(['course', 'video-folder']);

function FileBrowser({ request }: { request: PickRequest }) {
  const { purpose, title, finish } = request;
  const browser = useBrowser(purpose);
  const [choosing, setChoosing] = useState(false);
  const handles = choiceOf(purpose, browser);

  const chooseNow = (picked: string[] | null = handles) => {
    if (!picked || choosing) return;
    setChoosing(true);
    choose(purpose, picked).then(
      (chosen) => finish(chosen),
      (error: unknown) => {
        setChoosing(false);
        browser.setError(describeError(error));
      },
    );
  };

  return (
    <Modal
      open
      title={title}
      onClose={() => finish(null)}
      size="large"
      testId="file-browser"
      description={t({
        id: 'picker.fileBrowser.moveEnterOpensAFolder',
        defaultMessage: '↑ ↓ move · Enter opens a folder · Backspace goes up · type a name to jump to it',
      })}
    >
      <BrowserBar browser={browser} />
      <EntryList browser={browser} purpose={purpose} onChoose={chooseNow} />
      <BrowserStatus browser={browser} purpose={purpose} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={() => finish(null)}>
          {t({ id: 'picker.fileBrowser.cancel', defaultMessage: 'Cancel' })}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!handles || choosing || browser.loading}
          onClick={() => chooseNow()}
        >
          {chooseLabel(purpose, browser.listing, handles)}
        </button>
      </div>
    </Modal>
  );
}

function chooseLabel(purpose: PickPurpose, listing: BrowseListing | null, handles: string[] | null): string {
  if (FOLDER_PICKS.has(purpose))
    return listing
      ? t({ id: 'picker.fileBrowser.choose', defaultMessage: 'Choose “{name}”' }, { name: listing.folder.name })
      : t({ id: 'picker.fileBrowser.choose2', defaultMessage: 'Choose' });
  if (purpose === 'videos' && handles && handles.length > 1)
    return t({ id: 'picker.fileBrowser.addVideos', defaultMessage: 'Add {count} videos' }, { count: handles.length });
  return t({ id: 'picker.fileBrowser.choose2', defaultMessage: 'Choose' });
}

/** The breadcrumb (each folder up to the root opens with one click), Up, Home and hidden entries. */
function BrowserBar({ browser }: { browser: BrowserControls }) {
  const { listing, open } = browser;
  const trail = listing?.trail ?? [];
  return (
    <div className="file-browser-bar">
      <nav
        aria-label={t({ id: 'picker.fileBrowser.folderPath', defaultMessage: 'Folder path' })}
        className="file-browser-crumbs"
      >
        <ol>
          {trail.map((crumb, i) => (
            <li key={crumb.handle}>
              {i === trail.length - 1 ? (
                <span aria-current="location">{crumb.name}</span>
              ) : (
                <button type="button" className="button button--link" onClick={() => open(crumb.handle)}>
                  {crumb.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="file-browser-tools">
        <button
          type="button"
          className="button button--small"
          disabled={!listing?.parent}
          aria-keyshortcuts="Backspace Alt+ArrowUp"
          onClick={() => listing?.parent && open(listing.parent, listing.folder.handle)}
        >
          {t({ id: 'picker.fileBrowser.up', defaultMessage: 'Up' })}
        </button>
        <button type="button" className="button button--small" onClick={() => open(listing?.home)}>
          {t({ id: 'picker.fileBrowser.home', defaultMessage: 'Home' })}
        </button>
        <label className="file-browser-hidden">
          <input
            type="checkbox"
            checked={browser.showHidden}
            onChange={(event) => browser.setShowHidden(event.target.checked)}
          />
          {t({ id: 'picker.fileBrowser.showHidden', defaultMessage: 'Show hidden' })}
        </label>
      </div>
    </div>
  );
}

/** Where a navigation key moves the active row, or undefined for any other key. */
function moveFor(key: string, active: number, count: number): number | undefined {
  const page = 10;
  const moves: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + page,
    PageUp: active - page,
    Home: 0,
    End: count - 1,
  };
  const to = moves[key];
  return to === undefined ? undefined : Math.max(0, Math.min(count - 1, to));
}

/** Type-ahead: the typed letters (kept for a moment) jump to the first entry starting with them. */
function useTypeAhead(entries: readonly BrowseEntry[], setActive: (index: number) => void) {
  const typed = useRef({ text: '', at: 0 });
  // A new folder starts a new name (the letters typed to open it are not this one's).
  useEffect(() => {
    typed.current = { text: '', at: 0 };
  }, [entries]);
  return (char: string) => {
    const now = Date.now();
    const text = (now - typed.current.at < 800 ? typed.current.text : '') + char.toLowerCase();
    typed.current = { text, at: now };
    const index = entries.findIndex((e) => e.name.toLowerCase().startsWith(text));
    if (index >= 0) setActive(index);
  };
}

interface EntryListProps {
  browser: BrowserControls;
  purpose: PickPurpose;
  onChoose: (handles: string[]) => void;
}

function EntryList({ browser, purpose, onChoose }: EntryListProps) {
  const { listing, active, selected, setActive, open } = browser;
  const entries = listing?.entries ?? [];
  const id = useId();
  const multi = purpose === 'videos';
  const typeAhead = useTypeAhead(entries, setActive);
  const activate = (entry: BrowseEntry | undefined) => {
    if (!entry) return;
    if (entry.kind === 'folder') open(entry.handle);
    else onChoose(multi && selected.size > 0 ? [...selected] : [entry.handle]);
  };
  useEffect(() => {
    document.getElementById(`${id}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active, listing]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey) return;
    const up = event.key === 'Backspace' || (event.altKey && event.key === 'ArrowUp');
    const move = event.altKey ? undefined : moveFor(event.key, active, entries.length);
    const entry = entries[active];
    if (up) {
      if (listing?.parent) open(listing.parent, listing.folder.handle);
    } else if (move !== undefined) {
      setActive(move);
    } else if (event.key === 'Enter') {
      activate(entry);
    } else if (event.key === ' ' && multi && entry?.kind === 'file') {
      browser.toggle(entry);
    } else if (event.key.length === 1 && !event.altKey && event.key !== ' ') {
      typeAhead(event.key);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div
      role="listbox"
      tabIndex={0}
      data-autofocus
      className="file-browser-list"
      aria-label={
        listing
          ? t(
              { id: 'picker.fileBrowser.contentsOf', defaultMessage: 'Contents of “{name}”' },
              { name: listing.folder.name },
            )
          : t({ id: 'picker.fileBrowser.folderContents', defaultMessage: 'Folder contents' })
      }
      aria-multiselectable={multi || undefined}
      aria-activedescendant={active >= 0 && entries[active] ? `${id}-${active}` : undefined}
      aria-busy={browser.loading}
      onKeyDown={onKeyDown}
    >
      {entries.map((entry, index) => (
        <EntryRow
          key={entry.handle}
          id={`${id}-${index}`}
          entry={entry}
          active={index === active}
          selected={multi ? selected.has(entry.handle) : index === active}
          onPick={() => {
            setActive(index);
            if (multi && entry.kind === 'file') browser.toggle(entry);
          }}
          onOpen={() => activate(entry)}
        />
      ))}
    </div>
  );
}

/** A folder or a film strip, drawn (no emoji font needed). */
function EntryIcon({ kind }: { kind: BrowseEntry['kind'] }) {
  return (
    <svg className="file-browser-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {kind === 'folder' ? (
        <path d="M1.5 3.5h4.5l1.5 1.5h7v8h-13z" fill="currentColor" fillOpacity="0.25" stroke="currentColor" />
      ) : (
        <g fill="none" stroke="currentColor">
          <rect x="2.5" y="2.5" width="11" height="11" rx="1" />
          <path d="M5 2.5v11M11 2.5v11M2.5 6h2.5M2.5 10h2.5M11 6h2.5M11 10h2.5" />
        </g>
      )}
    </svg>
  );
}

interface EntryRowProps {
  id: string;
  entry: BrowseEntry;
  active: boolean;
  selected: boolean;
  onPick: () => void;
  onOpen: () => void;
}

const EntryRow = memo(
  function EntryRow({ id, entry, active, selected, onPick, onOpen }: EntryRowProps) {
    return (
      <div
        id={id}
        role="option"
        aria-selected={selected}
        className={`file-browser-entry${active ? ' is-active' : ''}`}
        data-kind={entry.kind}
        onClick={onPick}
        onDoubleClick={onOpen}
      >
        <EntryIcon kind={entry.kind} />
        <span className="file-browser-name" dir="auto">
          {entry.name}
        </span>
        {entry.link && (
          <span className="muted file-browser-meta">
            {t({ id: 'picker.fileBrowser.linkKind', defaultMessage: 'link' })}
          </span>
        )}
        {entry.size !== undefined && <span className="muted file-browser-meta">{formatBytes(entry.size)}</span>}
        {entry.kind === 'folder' && (
          <span className="visually-hidden">
            {t({ id: 'picker.fileBrowser.folderKind', defaultMessage: 'folder' })}
          </span>
        )}
      </div>
    );
  },
  // The handlers are new on every render; a row repaints only when what it shows changes.
  (a, b) => a.id === b.id && a.entry === b.entry && a.active === b.active && a.selected === b.selected,
);

/** What the folder holds, what is left out, and what went wrong (announced). */
function BrowserStatus({ browser, purpose }: { browser: BrowserControls; purpose: PickPurpose }) {
  const { listing, loading, error } = browser;
  const folders = listing?.entries.filter((e) => e.kind === 'folder').length ?? 0;
  const files = (listing?.entries.length ?? 0) - folders;
  const parts = [
    `${folders} ${folders === 1 ? 'folder' : 'folders'}`,
    ...(FOLDER_PICKS.has(purpose) ? [] : [`${files} ${files === 1 ? 'video' : 'videos'}`]),
    ...(listing && listing.hidden > 0 ? [`${listing.hidden} hidden`] : []),
    ...(listing && listing.notShown > 0 ? [`${listing.notShown} more not shown`] : []),
  ];
  return (
    <>
      <p className="muted file-browser-status" aria-live="polite">
        {loading
          ? t({ id: 'picker.fileBrowser.readingTheFolder', defaultMessage: 'Reading the folder…' })
          : listing
            ? parts.join(' · ')
            : ''}
      </p>
      {listing && !loading && listing.entries.length === 0 && (
        // An empty box said nothing (a home folder of hidden files only): say where to go from here.
        <p className="file-browser-empty" data-testid="file-browser-empty">
          {t({
            id: 'picker.fileBrowser.nothingToChooseHere',
            defaultMessage: 'Nothing to choose in this folder. Backspace (or Up) goes to the folder above it.',
          })}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
