import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ListScreen, RowTitle, type ListBody } from './ListScreen.tsx';

afterEach(cleanup);

function Screen({ body }: { body: ListBody }) {
  return (
    <ListScreen
      title="Things"
      primaryAction={<button type="button">New thing</button>}
      filters={<input aria-label="Search" defaultValue="" />}
      count="3 things"
      countTestId="thing-count"
      body={body}
    />
  );
}

describe('ListScreen', () => {
  it('keeps the title, the primary action and the typed search while loading: skeleton rows stand in the list', () => {
    const { rerender } = render(<Screen body={{ state: 'rows', list: rowsOf(['a']) }} />);
    const search = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'forklift' } });

    rerender(<Screen body={{ state: 'loading', label: 'Loading things…' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New thing' })).toBeTruthy();
    // The same input, not a new one: what was typed is still there.
    expect(screen.getByRole('textbox', { name: 'Search' })).toBe(search);
    expect((search as HTMLInputElement).value).toBe('forklift');
    const loading = screen.getByTestId('list-loading');
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.textContent).toBe('Loading things…');
    expect(loading.querySelectorAll('.row--placeholder').length).toBeGreaterThan(3);
    expect(screen.getByRole('search', { name: 'Filter things' })).toBeTruthy();
    expect(screen.getByTestId('thing-count').textContent).toBe('3 things');
  });

  it('an empty list says what to do next and offers the button for it', () => {
    const onCreate = vi.fn();
    render(
      <Screen
        body={{
          state: 'empty',
          title: 'No things yet',
          body: <p>Create the first thing to see it here.</p>,
          action: (
            <button type="button" onClick={onCreate}>
              Create a thing
            </button>
          ),
        }}
      />,
    );
    const empty = screen.getByTestId('list-empty');
    expect(empty.textContent).toContain('No things yet');
    expect(empty.textContent).toContain('Create the first thing to see it here.');
    fireEvent.click(screen.getByRole('button', { name: 'Create a thing' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('an error is an alert with Try again, under the same header', () => {
    const onRetry = vi.fn();
    render(<Screen body={{ state: 'error', message: 'The server could not be reached.', onRetry }} />);
    expect(screen.getByRole('alert').textContent).toContain('The server could not be reached.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeTruthy();
  });

  it('rows go in a labelled virtual list; any other body stands in its place', () => {
    const { rerender } = render(<Screen body={{ state: 'rows', list: rowsOf(['Alpha', 'Beta']) }} />);
    const list = screen.getByRole('list', { name: 'Things' });
    expect(list).toBeTruthy();
    rerender(<Screen body={{ state: 'content', content: <p>Offline, nothing saved yet.</p> }} />);
    expect(screen.queryByRole('list', { name: 'Things' })).toBeNull();
    expect(screen.getByText('Offline, nothing saved yet.')).toBeTruthy();
  });

  it('a steered list: what feeds it above the toolbar, a named group of controls, a banner right above the rows', () => {
    render(
      <ListScreen
        title="Uploads"
        intro={<section aria-label="Drop files here" />}
        toolbar="controls"
        filterLabel="All uploads"
        filters={<button type="button">Pause all</button>}
        notice={<p data-testid="banner">2 uploads waiting to continue.</p>}
        body={{ state: 'rows', list: rowsOf(['a.mp4']) }}
      />,
    );
    expect(screen.queryByRole('search')).toBeNull();
    const controls = screen.getByRole('group', { name: 'All uploads' });
    expect(controls.textContent).toBe('Pause all');
    const drop = screen.getByRole('region', { name: 'Drop files here' });
    const list = screen.getByRole('list', { name: 'Things' });
    const order = [screen.getByRole('heading', { level: 1 }), drop, controls, screen.getByTestId('banner'), list];
    for (let i = 1; i < order.length; i++) {
      // Each follows the one before it in the page.
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('a long row title keeps its full name on hover and in its accessible name', () => {
    const long = 'Forklift safety for warehouse staff: an overview of the rules, the checks and the daily log';
    render(
      <a href="#/x">
        <RowTitle text={long} />
      </a>,
    );
    const link = screen.getByRole('link');
    expect(link.textContent).toBe(long);
    expect(link.querySelector('.row-title')?.getAttribute('title')).toBe(long);
  });
});

function rowsOf(titles: string[]) {
  return {
    count: titles.length,
    rowHeight: 40,
    label: 'Things',
    renderRow: (index: number) => <span>{titles[index]}</span>,
  };
}
