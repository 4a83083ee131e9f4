import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('names the thing, puts the focus on Cancel and confirms only on the confirm button', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog open title="Delete lesson?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel}>
        “Forklift basics” will be removed from the course.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete lesson?' });
    expect(dialog.textContent).toContain('Forklift basics');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while busy, shows the work and cannot be confirmed twice; shows an error as an alert', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        busy
        title="Archive?"
        confirmLabel="Archive"
        onConfirm={onConfirm}
        onCancel={() => {}}
        error="The server had a problem answering."
      >
        Archive it.
      </ConfirmDialog>,
    );
    const working = screen.getByRole('button', { name: 'Working…' });
    expect(working).toHaveProperty('disabled', true);
    fireEvent.click(working);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The server had a problem answering.');
  });
});
