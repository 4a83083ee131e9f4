/**
 * Renderer. The command palette (Ctrl/Cmd+K): actions ("New assessment", "Upload videos",
 * "Switch workspace…", the screens) and the courses, sections, lessons and assessments in main's
 * cache, searched there (one IPC call, no network), so it finds what was seen before, offline too.
 * A combobox over a listbox: arrows move, Enter opens, Escape closes, the focus returns.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { PaletteHit } from '../../../src-shared/index.ts';
import { call } from '../bridge.ts';
import { Modal } from '../components/Modal.tsx';
import { lessonHref } from '../lib/lesson-link.ts';
import { href, navigate, useRoute, type Route } from '../lib/router.ts';
import { MOD_LABEL } from '../lib/shortcuts.ts';

interface Entry {
  key: string;
  label: string;
  kind: string;
  detail: string | null;
  run: () => void;
}

const KIND_LABELS: Record<PaletteHit['kind'], string> = {
  course: 'Course',
  section: 'Section',
  lesson: 'Lesson',
  assessment: 'Assessment',
};

function hitHref(hit: PaletteHit): string {
  switch (hit.kind) {
    case 'course':
      return href({ name: 'course', id: hit.id });
    case 'assessment':
      return href({ name: 'assessment', id: hit.id });
    case 'section':
      return hit.courseId
        ? `${href({ name: 'course', id: hit.courseId })}?section=${encodeURIComponent(hit.id)}`
        : '#/';
    case 'lesson':
      return hit.courseId ? lessonHref(hit.courseId, hit.id, hit.sectionId) : '#/';
  }
}

function courseOf(route: Route): string | null {
  if (route.name === 'course') return route.id;
  if (route.name === 'assessments' || route.name === 'assessment-new') return route.courseId;
  return null;
}

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
  const [found, setFound] = useState<{ query: string; hits: PaletteHit[] }>({ query: '', hits: [] });
  const [active, setActive] = useState(0);
  const listId = useId();
  const query = text.trim();
  const hits = useMemo(() => (query !== '' && found.query === query ? found.hits : []), [found, query]);
  const searched = found.query;

  useEffect(() => {
    if (query === '') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      call((b) => b.palette.search({ text: query, limit: 20 })).then(
        (result) => {
          if (cancelled) return;
          setFound({ query, hits: result });
          setActive(0);
        },
        () => {
          if (!cancelled) setFound({ query, hits: [] });
        },
      );
    }, 60);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query]);

  const entries = useMemo<Entry[]>(() => {
    const go = (target: Route | string) => () => {
      if (typeof target === 'string') window.location.hash = target;
      else navigate(target);
    };
    const courseId = courseOf(route);
    const actions: Entry[] = [
      {
        key: 'new-assessment',
        label: 'New assessment',
        kind: 'Action',
        detail: courseId ? 'In this course' : null,
        run: go({ name: 'assessment-new', courseId, draftId: null }),
      },
      { key: 'upload', label: 'Upload videos', kind: 'Action', detail: null, run: go({ name: 'uploads' }) },
      { key: 'workspace', label: 'Switch workspace…', kind: 'Action', detail: null, run: go({ name: 'workspaces' }) },
      {
        key: 'new-assignment',
        label: 'New assignment',
        kind: 'Action',
        detail: null,
        run: go({ name: 'assignment-new', draftId: null }),
      },
      { key: 'courses', label: 'Go to Courses', kind: 'Go to', detail: null, run: go({ name: 'courses' }) },
      { key: 'quizzes', label: 'Go to Quizzes', kind: 'Go to', detail: null, run: go({ name: 'quizzes' }) },
      {
        key: 'assessments',
        label: 'Go to Assessments',
        kind: 'Go to',
        detail: null,
        run: go({ name: 'assessments', courseId: null }),
      },
      { key: 'assignments', label: 'Go to Assignments', kind: 'Go to', detail: null, run: go({ name: 'assignments' }) },
      { key: 'drafts', label: 'Go to Drafts & sync', kind: 'Go to', detail: null, run: go({ name: 'drafts' }) },
      { key: 'shortcuts', label: 'Keyboard shortcuts', kind: 'Help', detail: '?', run: onShowShortcuts },
    ];
    const needle = text.trim().toLocaleLowerCase();
    const matching = needle ? actions.filter((a) => a.label.toLocaleLowerCase().includes(needle)) : actions;
    const found = hits.map<Entry>((hit) => ({
      key: `${hit.kind}:${hit.id}`,
      label: hit.title,
      kind: KIND_LABELS[hit.kind],
      detail: hit.detail,
      run: go(hitHref(hit)),
    }));
    return [...found, ...matching];
  }, [hits, text, route, onShowShortcuts]);

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    const isHelp = entry.key === 'shortcuts';
    if (!isHelp) onClose(true);
    entry.run();
  };

  const activeId = entries[active] ? `${listId}-${active}` : undefined;
  const waiting = query !== '' && searched !== query;

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
        aria-activedescendant={activeId}
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
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => Math.min(entries.length - 1, i + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(0, i - 1));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            choose(entries[active]);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label="Results" className="palette-list" data-testid="palette-results">
        {entries.map((entry, index) => (
          <li
            key={entry.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`palette-option${index === active ? ' palette-option--active' : ''}`}
            data-testid="palette-option"
            onMouseMove={() => setActive(index)}
            onClick={() => choose(entry)}
          >
            <span className="palette-kind">{entry.kind}</span>
            <span className="palette-label">{entry.label}</span>
            {entry.detail && <span className="palette-detail">{entry.detail}</span>}
          </li>
        ))}
      </ul>
      <p className="palette-note muted" role="status" aria-live="polite">
        {waiting
          ? 'Searching…'
          : text.trim() !== '' && hits.length === 0
            ? 'Nothing seen here matches. Lectern searches what it has saved from the server, so open a course once to find its lessons.'
            : `↑ ↓ to move, Enter to open, Esc to close · ${MOD_LABEL}+K any time`}
      </p>
    </div>
  );
}
