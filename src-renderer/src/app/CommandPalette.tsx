/**
 * Renderer. The command palette (Ctrl/Cmd+K): actions ("New assessment", "Upload videos",
 * "Switch workspace…", the screens) and the courses, sections, lessons and assessments in main's
 * cache, searched there (one IPC call, no network), so it finds what was seen before, offline too;
 * on opening, main reads the outlines of listed courses never opened, so their lessons are found.
 * A combobox over a listbox: arrows move, Enter opens, Escape closes, the focus returns.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Modal } from '../components/Modal.tsx';
import { useRoute } from '../lib/router.ts';
import { MOD_LABEL } from '../lib/shortcuts.ts';
import { actionEntries, hitEntry, matchingActions, SHORTCUTS_KEY, type Entry } from './palette-entries.ts';
import { usePaletteSearch, type PaletteSearch } from './palette-search.ts';

export interface CommandPaletteProps {
  open: boolean;
  /** `navigated`: an entry was chosen (the new screen takes the focus; nothing to return to). */
  onClose: (navigated: boolean) => void;
  onShowShortcuts: () => void;
}

export function CommandPalette({ open, onClose, onShowShortcuts }: CommandPaletteProps) {
  return (
    <Modal open={open} title="Go to or do…" onClose={() => onClose(false)} size="medium" testId="command-palette">
      {/* Mounted only while open, so every opening starts empty. */}
      <PaletteBody onClose={onClose} onShowShortcuts={onShowShortcuts} />
    </Modal>
  );
}

function PaletteBody({ onClose, onShowShortcuts }: Omit<CommandPaletteProps, 'open'>) {
  const route = useRoute();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const search = usePaletteSearch(text);
  const actions = useMemo(() => actionEntries(route, onShowShortcuts), [route, onShowShortcuts]);
  const entries = useMemo(
    () => [...search.hits.map(hitEntry), ...matchingActions(actions, text)],
    [search.hits, actions, text],
  );
  const at = Math.min(active, Math.max(0, entries.length - 1));

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    if (entry.key !== SHORTCUTS_KEY) onClose(true);
    entry.run();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive(Math.min(entries.length - 1, at + 1)),
      ArrowUp: () => setActive(Math.max(0, at - 1)),
      Enter: () => choose(entries[at]),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div className="palette">
      <input
        className="input palette-input"
        type="text"
        role="combobox"
        aria-label="Find a course, section, lesson, assessment or action"
        aria-expanded={entries.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={entries[at] ? `${listId}-${at}` : undefined}
        placeholder="Course, lesson, assessment or action…"
        autoComplete="off"
        spellCheck={false}
        value={text}
        data-autofocus
        data-testid="palette-input"
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <PaletteList listId={listId} entries={entries} active={at} onHover={setActive} onChoose={choose} />
      <PaletteNote text={text} search={search} shown={entries.length} />
    </div>
  );
}

interface PaletteListProps {
  listId: string;
  entries: Entry[];
  active: number;
  onHover: (index: number) => void;
  onChoose: (entry: Entry) => void;
}

function PaletteList({ listId, entries, active, onHover, onChoose }: PaletteListProps) {
  return (
    <ul id={listId} role="listbox" aria-label="Results" className="palette-list" data-testid="palette-results">
      {entries.map((entry, index) => (
        <li
          key={entry.key}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          className={`palette-option${index === active ? ' palette-option--active' : ''}`}
          data-testid="palette-option"
          onMouseMove={() => onHover(index)}
          onClick={() => onChoose(entry)}
        >
          <span className="palette-kind">{entry.kind}</span>
          <span className="palette-label">{entry.label}</span>
          {entry.detail && <span className="palette-detail">{entry.detail}</span>}
        </li>
      ))}
    </ul>
  );
}

/** One line under the list: searching, the keys, or "nothing matches" — the last only when the list is empty. */
export function paletteNote(text: string, search: PaletteSearch, shown: number): string {
  const reading =
    search.reading > 0
      ? ` It is reading the outlines of ${search.reading === 1 ? 'one course' : `${search.reading} courses`} not opened yet; their lessons appear as they arrive.`
      : '';
  if (text.trim() !== '' && search.waiting && shown === 0) return 'Searching…';
  if (text.trim() !== '' && shown === 0) {
    return `Nothing matches “${text.trim()}”. Lectern searches the courses, sections, lessons and assessments it has saved from the server.${reading}`;
  }
  return `↑ ↓ to move, Enter to open, Esc to close · ${MOD_LABEL}+K any time`;
}

function PaletteNote({ text, search, shown }: { text: string; search: PaletteSearch; shown: number }) {
  return (
    <p className="palette-note muted" role="status" aria-live="polite" data-testid="palette-note">
      {paletteNote(text, search, shown)}
    </p>
  );
}
