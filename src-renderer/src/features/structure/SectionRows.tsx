/**
 * Renderer. The structure panel's list of sections: each row says its title and how many lessons
 * it holds, and keeps its actions (Rename, Move up, Move down, Delete section…) behind one row
 * menu. Reordering also works by drag and drop and by Alt+↑/↓ on a row. Presentational.
 */
import { useState } from 'react';
import type { Section } from '../../../../src-shared/index.ts';
import { RowMenu } from '../../components/RowMenu.tsx';
import { plural } from '../../lib/format.ts';
import { RowRefusal } from '../drafts/index.ts';
import type { SectionReasons } from './use-section-actions.ts';

interface Props {
  ordered: Section[];
  deleting: Set<string>;
  created: string | null;
  reasons: SectionReasons;
  onMove: (section: Section, position: number) => void;
  onRename: (section: Section) => void;
  onDelete: (section: Section) => void;
}

interface RowProps extends Omit<Props, 'ordered' | 'deleting' | 'created'> {
  section: Section;
  index: number;
  count: number;
}

function SectionRowMenu({ section, index, count, reasons, onMove, onRename, onDelete }: RowProps) {
  const title = section.title ?? '—';
  return (
    <RowMenu
      label={`Actions for section ${title}`}
      items={[
        {
          label: 'Rename',
          action: 'rename',
          disabled: reasons.update !== null,
          reason: reasons.update,
          onSelect: () => onRename(section),
        },
        {
          label: 'Move up',
          action: 'move-up',
          disabled: index === 0 || reasons.update !== null,
          reason: reasons.update,
          onSelect: () => onMove(section, index),
        },
        {
          label: 'Move down',
          action: 'move-down',
          disabled: index === count - 1 || reasons.update !== null,
          reason: reasons.update,
          onSelect: () => onMove(section, index + 2),
        },
        {
          label: 'Delete section…',
          action: 'delete',
          danger: true,
          disabled: reasons.delete !== null,
          reason: reasons.delete,
          onSelect: () => onDelete(section),
        },
      ]}
    />
  );
}

export function StructureSectionList(props: Props) {
  const { ordered, deleting, created, reasons, onMove } = props;
  const [dragged, setDragged] = useState<string | null>(null);
  return (
    <ol className="structure-sections" data-testid="structure-sections">
      {ordered.map((section, index) => {
        const lessons = section.lessons?.length ?? 0;
        return (
          <li
            key={section.id}
            className="structure-section-row"
            data-section-id={section.id}
            data-just-created={created === section.id ? 'true' : undefined}
            draggable={reasons.update === null}
            onDragStart={() => setDragged(section.id)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              const from = ordered.find((s) => s.id === dragged);
              setDragged(null);
              if (from && from.id !== section.id) onMove(from, index + 1);
            }}
            onKeyDown={(e) => {
              if (!e.altKey || reasons.update !== null) return;
              if (e.key === 'ArrowUp' && index > 0) onMove(section, index);
              if (e.key === 'ArrowDown' && index < ordered.length - 1) onMove(section, index + 2);
            }}
          >
            <span className="section-title" title={section.title ?? undefined}>
              {section.title ?? '—'}
            </span>
            <span className="muted">({plural(lessons, 'lesson')})</span>
            {deleting.has(section.id) ? (
              <span className="muted">— being deleted</span>
            ) : (
              <SectionRowMenu {...props} section={section} index={index} count={ordered.length} />
            )}
            <RowRefusal resource="section" id={section.id} />
          </li>
        );
      })}
    </ol>
  );
}
