/**
 * Renderer. The command palette (Ctrl/Cmd+K): actions ("New assessment", "Upload videos",
 * "Switch workspace…", the screens), the courses, sections, lessons and assessments in main's
 * cache (at once, offline too; on opening, main reads the outlines of listed courses never opened,
 * so their lessons are found), and the courses, assessments and quizzes the server's own search
 * finds, as they arrive. Grouped by kind. A combobox over a listbox of groups: arrows move, Enter
 * opens, Escape closes, the focus returns.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Modal } from '../components/Modal.tsx';
import { useRoute } from '../lib/router.ts';
import { MOD_LABEL } from '../lib/shortcuts.ts';
import {
  actionEntries,
  groupEntries,
  matchingActions,
  SHORTCUTS_KEY,
  type Entry,
  type EntryGroup,
} from './palette-entries.ts';
import { usePaletteSearch, type PaletteSearch } from './palette-search.ts';
import { t } from '../lib/i18n.ts';

export interface CommandPaletteProps {
  open: boolean;
  /** `navigated`: an entry was chosen (the new screen takes the focus; nothing to return to). */
  onClose: (navigated: boolean) => void;
  onShowShortcuts: () => void;
}

export function CommandPalette({ open, onClose, onShowShortcuts }: CommandPaletteProps) {
  return (
    <Modal
      open={open}
      title={t({ id: 'app.commandPalette.goToOrDo', defaultMessage: 'Go to or do…' })}
      onClose={() => onClose(false)}
      size="medium"
      testId="command-palette"
    >
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
  const groups = useMemo(() => groupEntries(matchingActions(actions, text), search.hits), [search.hits, actions, text]);
  const entries = useMemo(() => groups.flatMap((g) => g.entries), [groups]);
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
        aria-label={t({
          id: 'app.commandPalette.findACourseSectionLesson',
          defaultMessage: 'Find a course, section, lesson, assessment or action',
        })}
        aria-expanded={entries.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={entries[at] ? `${listId}-${at}` : undefined}
        placeholder={t({
          id: 'app.commandPalette.courseLessonAssessmentOrAction',
          defaultMessage: 'Course, lesson, assessment or action…',
        })}
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
      <PaletteList listId={listId} groups={groups} active={at} onHover={setActive} onChoose={choose} />
      <PaletteNote text={text} search={search} shown={entries.length} />
    </div>
  );
}

interface PaletteListProps {
  listId: string;
  groups: EntryGroup[];
  active: number;
  onHover: (index: number) => void;
  onChoose: (entry: Entry) => void;
}

function PaletteList({ listId, groups, active, onHover, onChoose }: PaletteListProps) {
  let index = 0;
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={t({ id: 'app.commandPalette.results', defaultMessage: 'Results' })}
      className="palette-list"
      data-testid="palette-results"
    >
      {groups.map(({ group, entries }) => (
        <div
          key={group}
          role="group"
          aria-labelledby={`${listId}-${group}`}
          className="palette-group"
          data-testid="palette-group"
          data-group={group}
        >
          <div id={`${listId}-${group}`} role="presentation" className="palette-group-label">
            {group}
          </div>
          {entries.map((entry) => {
            const at = index++;
            return (
              <div
                key={entry.key}
                id={`${listId}-${at}`}
                role="option"
                aria-selected={at === active}
                className={`palette-option${at === active ? ' palette-option--active' : ''}`}
                data-testid="palette-option"
                onMouseMove={() => onHover(at)}
                onClick={() => onChoose(entry)}
              >
                <span className="palette-kind">{entry.kind}</span>
                <span className="palette-label" dir="auto">
                  {entry.label}
                </span>
                {entry.detail && (
                  <span className="palette-detail" dir="auto">
                    {entry.detail}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

const SERVER_WORDS: Record<PaletteSearch['server'], string> = {
  idle: '',
  searching: '',
  done: '',
  offline: ' The server’s search needs a connection; it runs again when you type once Lectern is online.',
  failed: ' The server’s search did not answer this time.',
};

/**
 * One line under the list: "Searching…" while either search may still find something and nothing
 * is shown, "Nothing matches" only when both have answered with nothing, otherwise the keys (and
 * that the server is still being asked).
 */
export function paletteNote(text: string, search: PaletteSearch, shown: number): string {
  const query = text.trim();
  const keys = `↑ ↓ to move, Enter to open, Esc to close · ${MOD_LABEL}+K any time`;
  if (query === '') return keys;
  const searching = search.waiting || search.server === 'searching';
  if (shown > 0)
    return searching
      ? t({ id: 'app.commandPalette.searchingTheServer', defaultMessage: 'Searching the server… · {keys}' }, { keys })
      : keys;
  if (searching) return t({ id: 'app.commandPalette.searching', defaultMessage: 'Searching…' });
  const reading =
    search.reading > 0
      ? ` It is reading the outlines of ${search.reading === 1 ? 'one course' : `${search.reading} courses`} not opened yet; their lessons appear as they arrive.`
      : '';
  return t(
    {
      id: 'app.commandPalette.nothingMatchesLecternSearchedThe',
      defaultMessage:
        'Nothing matches “{query}”. Lectern searched the server’s courses, assessments and quizzes and the sections and lessons it has saved.{item}{reading}',
    },
    { query, item: SERVER_WORDS[search.server], reading },
  );
}

function PaletteNote({ text, search, shown }: { text: string; search: PaletteSearch; shown: number }) {
  return (
    <p className="palette-note muted" role="status" aria-live="polite" data-testid="palette-note">
      {paletteNote(text, search, shown)}
    </p>
  );
}
