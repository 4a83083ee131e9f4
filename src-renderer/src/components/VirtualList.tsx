/**
 * Renderer. A virtualized list (@tanstack/react-virtual) that is one tab stop: arrow keys, Home,
 * End, Page Up/Down move between rows, Tab reaches the active row's own buttons. Only the rows in
 * view are in the DOM, so thousands of rows scroll like ten. `onRangeChange` tells the owner which
 * rows are visible, so it can load the pages behind them.
 */
import { useVirtualizer, type Rect } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';

export interface VirtualListProps {
  count: number;
  /** Row height in px (fixed heights keep scrolling cheap). */
  rowHeight: number | ((index: number) => number);
  renderRow: (index: number, active: boolean) => ReactNode;
  label: string;
  onRangeChange?: (from: number, to: number) => void;
  className?: string;
  testId?: string;
  /**
   * The data behind row `index` (undefined while its page loads). Rows re-render only when their
   * own item (or `version`) changes, so a page arriving does not repaint every row in view.
   */
  itemAt?: (index: number) => unknown;
  /** Changes when something all rows show changes (e.g. looked-up names). */
  version?: unknown;
}

const EDITABLE = 'input, textarea, select, [contenteditable="true"]';

/** The row a navigation key moves to from `activeIndex`, or undefined for any other key. */
function keyTarget(key: string, activeIndex: number, pageRows: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: activeIndex + 1,
    ArrowUp: activeIndex - 1,
    PageDown: activeIndex + pageRows,
    PageUp: activeIndex - pageRows,
    Home: 0,
    End: count - 1,
  };
  return moves[key];
}

/** After a keyboard move, focuses the row moved to (its primary control) once it is rendered. */
function useFocusAfterMove(scrollRef: RefObject<HTMLDivElement | null>): RefObject<number | null> {
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    const target = row?.querySelector<HTMLElement>('[data-primary]') ?? row;
    if (target) {
      pendingFocus.current = null;
      target.focus({ preventScroll: true });
    }
  });
  return pendingFocus;
}

/** Rows rendered beyond each edge of the view. */
const OVERSCAN = 6;
const SIZE_KEY = 'lectern.listSize.';

/**
 * The size this list had when last shown in this window (kept across reloads). Until the list is
 * measured the virtualizer picks its rows for this size; the same size as now gives the same rows,
 * so a reopened list is not rendered twice (once for no size, again once measured) before it paints.
 */
function lastSize(testId: string | undefined): Rect | undefined {
  if (!testId) return undefined;
  try {
    const [width, height] = (sessionStorage.getItem(SIZE_KEY + testId) ?? '').split(' ').map(Number);
    return width! > 0 && height! > 0 ? { width: width!, height: height! } : undefined;
  } catch {
    return undefined; // storage refused: the list is measured as it would be anyway
  }
}

function keepSize(testId: string | undefined, rect: Rect | null): void {
  if (!testId || !rect) return;
  const size = `${rect.width} ${rect.height}`;
  try {
    if (sessionStorage.getItem(SIZE_KEY + testId) !== size) sessionStorage.setItem(SIZE_KEY + testId, size);
  } catch {
    // Only a hint for the next time the list opens.
  }
}

/**
 * The rows past the edges, kept rendered so a scroll shows them at once, are added from the
 * animation callback of the frame after the list's first: that first frame shows only the rows in
 * view, sooner, and whatever waited behind it runs before they are added.
 */
function useOverscanAfterFirstFrame(): number {
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setOverscan(OVERSCAN));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return overscan;
}

export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, renderRow, label, onRangeChange, className, testId } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const pendingFocus = useFocusAfterMove(scrollRef);
  const [initialRect] = useState(() => lastSize(testId));
  const overscan = useOverscanAfterFirstFrame();
  const estimate = useCallback(
    (index: number) => (typeof rowHeight === 'number' ? rowHeight : rowHeight(index)),
    [rowHeight],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimate,
    overscan,
    initialRect,
    // Rows are keyed by position (the default): a key function that changes identity would make
    // the virtualizer re-measure every row on every render, thousands of objects per frame.
  });
  useEffect(() => keepSize(testId, virtualizer.scrollRect));
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? -1;
  const last = items[items.length - 1]?.index ?? -1;
  const activeIndex = count === 0 ? 0 : Math.min(active, count - 1);

  useEffect(() => {
    if (first >= 0) onRangeChange?.(first, last);
  }, [first, last, onRangeChange]);

  // Row heights follow the data (a section header vs a lesson): re-estimate when they change (the
  // first estimate is the one the virtualizer was made with).
  const estimated = useRef(estimate);
  useEffect(() => {
    if (estimated.current === estimate) return;
    estimated.current = estimate;
    virtualizer.measure();
  }, [estimate, virtualizer]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    pendingFocus.current = next;
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest(EDITABLE) || event.altKey || event.ctrlKey || event.metaKey) return;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / estimate(activeIndex)) - 1);
    const target = keyTarget(event.key, activeIndex, pageRows, count);
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const index = row ? Number(row.dataset['index']) : NaN;
    if (!Number.isNaN(index) && index !== activeIndex) setActive(index);
  };

  return (
    <div ref={scrollRef} className={`vlist ${className ?? ''}`} data-testid={testId}>
      <div
        role="list"
        aria-label={label}
        className="vlist-inner"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        {items.map((item) => (
          <Row
            key={item.key}
            index={item.index}
            start={item.start}
            size={item.size}
            count={count}
            active={item.index === activeIndex}
            renderRow={renderRow}
            item={props.itemAt ? props.itemAt(item.index) : renderRow}
            version={props.version}
          />
        ))}
      </div>
    </div>
  );
}

interface RowProps {
  index: number;
  start: number;
  size: number;
  count: number;
  active: boolean;
  renderRow: (index: number, active: boolean) => ReactNode;
  /** Without `itemAt`, the row follows `renderRow` itself (any change re-renders it). */
  item: unknown;
  version: unknown;
}

const sameRow = (a: RowProps, b: RowProps) =>
  a.index === b.index &&
  a.start === b.start &&
  a.size === b.size &&
  a.count === b.count &&
  a.active === b.active &&
  a.item === b.item &&
  a.version === b.version;

const Row = memo(function Row({ index, start, size, count, active, renderRow }: RowProps) {
  return (
    <div
      role="listitem"
      aria-setsize={count}
      aria-posinset={index + 1}
      data-index={index}
      className="vlist-row"
      style={{ transform: `translateY(${start}px)`, height: size }}
    >
      {renderRow(index, active)}
    </div>
  );
}, sameRow);
