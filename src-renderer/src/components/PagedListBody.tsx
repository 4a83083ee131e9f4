/**
 * Renderer. The body of a list screen over a paged, cached list (courses, assessments, quizzes):
 * the error with "Try again", skeleton rows until the first page is there, "offline, nothing saved
 * yet", the screen's own empty state, or the rows — each row read from the page that holds it, and
 * the pages around the rows in view read as they come into view. The screen supplies its words,
 * its row and its empty state; the order of the states is the same on every list.
 */
import { useCallback, type ReactNode } from 'react';
import type { KeyMode } from '../../../src-shared/index.ts';
import { describeError, type ErrorSubject } from '../lib/errors.ts';
import { itemAt, rowCount, type PagedListState } from '../lib/paged-list.ts';
import type { ListBody } from './ListScreen.tsx';
import { OfflineNothingSaved } from './OfflineState.tsx';

/** Rows read ahead of and behind the ones in view, so a short scroll finds its page already there. */
const READ_AROUND = 20;

export interface PagedListBodySpec<T> {
  /** What failed, for the error's sentence ("the courses"). */
  subject: ErrorSubject;
  keyMode: KeyMode | null;
  loadingLabel: string;
  /** The list's accessible name and test id. */
  label: string;
  testId: string;
  rowHeight: number;
  /** One row; `item` is undefined while its page is on its way. */
  renderItem: (item: T | undefined, active: boolean) => ReactNode;
  /** What an empty list says and offers next (clear the filters, create one). */
  empty: () => ListBody;
  /** Changes when something every row shows changes (rows marked deleted). */
  version?: unknown;
}

type PagedList<T> = Pick<
  PagedListState<T, unknown>,
  'status' | 'error' | 'pages' | 'pageSize' | 'total' | 'requested' | 'offlineReason' | 'ensureRange' | 'reread'
>;

export function usePagedListBody<T>(list: PagedList<T>, spec: PagedListBodySpec<T>): ListBody {
  const count = rowCount(list);
  const { pages, pageSize, ensureRange } = list;
  const onRange = useCallback(
    (from: number, to: number) => ensureRange(from - READ_AROUND, to + READ_AROUND),
    [ensureRange],
  );

  if (list.status === 'error') {
    return {
      state: 'error',
      message: describeError(list.error, { subject: spec.subject, keyMode: spec.keyMode }),
      error: list.error,
      onRetry: list.reread,
    };
  }
  if (list.status === 'idle' || list.status === 'loading' || (count === 0 && list.requested[1] === 'waiting')) {
    return { state: 'loading', label: spec.loadingLabel, rowHeight: spec.rowHeight };
  }
  if (count === 0 && list.offlineReason) {
    return { state: 'content', content: <OfflineNothingSaved reason={list.offlineReason} onRetry={list.reread} /> };
  }
  if (count === 0) return spec.empty();
  const at = (index: number) => itemAt({ pages, pageSize }, index);
  return {
    state: 'rows',
    list: {
      count,
      rowHeight: spec.rowHeight,
      renderRow: (index, active) => spec.renderItem(at(index), active),
      onRangeChange: onRange,
      label: spec.label,
      testId: spec.testId,
      itemAt: at,
      ...(spec.version !== undefined ? { version: spec.version } : {}),
    },
  };
}
