/**
 * Renderer. The one list screen every feature uses: the page header (title, primary action, a
 * note such as how old the copy is), the search and filters, and one body: skeleton rows while
 * loading (the header and filters stay where they are, so the page never jumps or loses what was
 * typed), the error with "Try again", an empty state that says what to do next with a button, or
 * the rows in a virtual list. The feature supplies only what differs: its words, filters and rows.
 */
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader.tsx';
import { Empty, ErrorState } from './States.tsx';
import { VirtualList, type VirtualListProps } from './VirtualList.tsx';
import { t } from '../lib/i18n.ts';

export type ListBody =
  | { state: 'loading'; label: string; rowHeight?: number }
  | { state: 'error'; message: string; error?: unknown; onRetry?: () => void }
  /** `action` is required: an empty list always offers the next step (create, clear filters…). */
  | { state: 'empty'; title: string; body?: ReactNode; action: ReactNode }
  /** Rows in a virtual list (thousands scroll like ten). */
  | { state: 'rows'; list: VirtualListProps }
  /** Anything else in the body's place: a short list or table, or "offline, nothing saved yet". */
  | { state: 'content'; content: ReactNode };

export interface ListScreenProps {
  title: string;
  eyebrow?: ReactNode;
  /** The page's main button ("New assessment"). */
  primaryAction?: ReactNode;
  /** Under the title: how old the copy is, a one-line explanation. */
  headerNote?: ReactNode;
  /** Between the header and the toolbar: what feeds the list (a drop zone, files waiting to start). */
  intro?: ReactNode;
  /**
   * Search and filter controls; the toolbar is a search landmark named `filterLabel`. A list that
   * is not searched but steered (pause all, a speed limit) makes it a named group: `toolbar="controls"`.
   */
  filters?: ReactNode;
  filterLabel?: string;
  toolbar?: 'search' | 'controls';
  /** Right above the list: a banner about it ("2 uploads waiting to continue"). */
  notice?: ReactNode;
  /** "12 courses", at the toolbar's end, announced politely. */
  count?: ReactNode;
  countTestId?: string;
  body: ListBody;
  /** The list fills the window (virtual lists); off for a page that scrolls as a whole. */
  fill?: boolean;
}

const SKELETON_ROWS = 6;

export function ListScreen(props: ListScreenProps) {
  const { filters, count, fill = true } = props;
  return (
    <div className={fill ? 'screen screen--fill' : 'screen'}>
      <PageHeader title={props.title} eyebrow={props.eyebrow} actions={props.primaryAction}>
        {props.headerNote}
      </PageHeader>
      {props.intro}
      {(filters || count !== undefined) && (
        <div
          className="toolbar"
          role={props.toolbar === 'controls' ? 'group' : 'search'}
          aria-label={
            props.filterLabel ??
            t(
              { id: 'components.listScreen.filter', defaultMessage: 'Filter {toLowerCase}' },
              { toLowerCase: props.title.toLowerCase() },
            )
          }
        >
          {filters}
          {count !== undefined && (
            <p className="toolbar-count" aria-live="polite" data-testid={props.countTestId}>
              {count}
            </p>
          )}
        </div>
      )}
      {props.notice}
      <ListBodyView body={props.body} />
    </div>
  );
}

function ListBodyView({ body }: { body: ListBody }) {
  switch (body.state) {
    case 'loading':
      return <SkeletonRows label={body.label} rowHeight={body.rowHeight} />;
    case 'error':
      return <ErrorState message={body.message} error={body.error} onRetry={body.onRetry} />;
    case 'empty':
      return (
        <div data-testid="list-empty">
          <Empty title={body.title}>
            {body.body}
            <div className="list-empty-action">{body.action}</div>
          </Empty>
        </div>
      );
    case 'rows':
      return <VirtualList {...body.list} />;
    case 'content':
      return <>{body.content}</>;
  }
}

/** Grey rows where the list will be: the page keeps its shape while the first page loads. */
export function SkeletonRows({ label, rowHeight = 68 }: { label: string; rowHeight?: number | undefined }) {
  return (
    <div className="list-skeleton" role="status" aria-live="polite" aria-busy="true" data-testid="list-loading">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} className="row row--placeholder" style={{ height: rowHeight }} aria-hidden="true">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  );
}

/**
 * A row's title, cut to one line with "…" when long; the full name shows on hover (the title
 * attribute) and stays in the accessible name, so nothing is lost by the cut. Its direction is its
 * own (dir="auto"): a right-to-left title is cut at its end, so how it begins stays in view.
 */
export function RowTitle({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className ? `row-title ${className}` : 'row-title'} title={text} dir="auto">
      {text}
    </span>
  );
}
