import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { withTechnical } from '../../../src-shared/connection-words.ts';
import { formatClock } from '../lib/format.ts';
import { CacheNote, ListCacheNote } from './CacheNote.tsx';

afterEach(cleanup);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('CacheNote', () => {
  it('a fresh copy says its age and offers "Refresh", which asks for the server’s copy', () => {
    const onRefreshNow = vi.fn();
    render(<CacheNote fetchedAt={minutesAgo(3)} stale={false} offlineReason={null} onRefreshNow={onRefreshNow} />);
    const note = screen.getByTestId('cache-note');
    expect(note.textContent).toContain('Updated 3 min ago');
    expect(note.textContent).not.toContain('refreshing');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefreshNow).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a stale copy says it is refreshing, and offers no second refresh', () => {
    render(<CacheNote fetchedAt={minutesAgo(3)} stale offlineReason={null} onRefreshNow={() => undefined} />);
    expect(screen.getByTestId('cache-note').textContent).toContain('Updated 3 min ago · refreshing…');
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('offline, it says which copy is shown and why, and offers "Try again" instead of "Refresh"', () => {
    const fetchedAt = minutesAgo(90);
    render(
      <CacheNote
        fetchedAt={fetchedAt}
        stale
        offlineReason={withTechnical(
          'The server cannot be reached.',
          'ECONNREFUSED: GET /v1/external/learning/courses',
        )}
        onRefresh={() => undefined}
        onRefreshNow={() => undefined}
      />,
    );
    const note = screen.getByTestId('cache-note');
    expect(note.textContent).toContain(`Offline — showing the copy from ${formatClock(fetchedAt, Date.now())}`);
    // The why in words only: the code and request stay out of a tooltip.
    expect(note.getAttribute('title')).toBe('The server cannot be reached.');
    expect(note.className).toContain('cache-note--offline');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('with no copy shown it says nothing (the screen’s own state explains)', () => {
    render(<CacheNote fetchedAt={null} stale offlineReason="No connection." />);
    expect(screen.queryByTestId('cache-note')).toBeNull();
  });

  it('a list that has not started loading shows no line; once loading, the line follows its copy', () => {
    const list = {
      status: 'idle',
      fetchedAt: minutesAgo(3),
      stale: false,
      offlineReason: null,
      reread: () => undefined,
      refreshNow: vi.fn(),
    };
    const { rerender } = render(<ListCacheNote list={list} />);
    expect(screen.queryByTestId('cache-note')).toBeNull();
    rerender(<ListCacheNote list={{ ...list, status: 'ready' }} />);
    expect(screen.getByTestId('cache-note').textContent).toContain('Updated 3 min ago');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(list.refreshNow).toHaveBeenCalledTimes(1);
  });
});
