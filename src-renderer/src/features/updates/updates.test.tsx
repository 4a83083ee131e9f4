/**
 * The update surface: the Diagnostics card and the status bar's item follow main's update status
 * (read once, then pushed), "Restart now" and "Check now" ask main, the setting is sent as chosen
 * and locked under an administrator's policy. Main is a fake behind `window.lectern` that holds both
 * sides to the contract; the store, the bridge and the components are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UpdateStatus } from '../../../../src-shared/updates.ts';
import { deferred, installFakeMain, removeFakeMain, settle, type FakeMain } from '../../../test-support/fake-main.ts';
import type * as UpdatesModule from './index.ts';

let fake: FakeMain;
let updates: typeof UpdatesModule;

function statusOf(overrides: Partial<UpdateStatus>): UpdateStatus {
  return {
    state: 'idle',
    currentVersion: '0.1.0',
    version: null,
    percent: null,
    message: 'Lectern checks for updates at start and every few hours.',
    waitingFor: null,
    automatic: true,
    lockedByPolicy: false,
    lastCheckedAt: null,
    nextCheckAt: '2026-11-28T12:00:10.000Z',
    canCheck: true,
    canRestart: false,
    ...overrides,
  };
}

const READY = statusOf({
  state: 'ready',
  version: '0.2.0',
  message: 'Update ready — restarts when your uploads finish.',
  waitingFor: { uploads: 2, pushing: false, sending: 0 },
  canCheck: false,
  canRestart: true,
  nextCheckAt: null,
});

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  updates = await import('./index.ts');
});
afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('the updates card', () => {
  it('shows main’s sentence and the download’s progress as it is pushed, then Restart now once ready', async () => {
    fake.handle('updates.status', () => statusOf({}));
    fake.handle('updates.restart', () => ({ ...READY, state: 'restarting', canRestart: false, message: 'Pausing…' }));
    render(<updates.UpdatesPanel />);
    await act(settle);
    expect(screen.getByTestId('update-message').textContent).toBe(
      'Lectern checks for updates at start and every few hours.',
    );
    expect(screen.queryByRole('button', { name: 'Restart now' })).toBeNull();

    act(() =>
      fake.emit('updates.status', statusOf({ state: 'downloading', version: '0.2.0', percent: 42, canCheck: false })),
    );
    expect(screen.getByRole('progressbar', { name: 'Update download' }).getAttribute('value')).toBe('42');
    expect(screen.getByRole('button', { name: 'Check now' }).hasAttribute('disabled')).toBe(true);

    act(() => fake.emit('updates.status', READY));
    expect(screen.getByTestId('update-message').textContent).toBe('Update ready — restarts when your uploads finish.');
    fireEvent.click(screen.getByRole('button', { name: 'Restart now' }));
    await act(settle);
    expect(fake.calls.filter((c) => c.channel === 'updates.restart')).toHaveLength(1);
    expect(screen.getByTestId('update-message').textContent).toBe('Pausing…');
  });

  it('Check now asks main once; the setting is sent as chosen', async () => {
    fake.handle('updates.status', () => statusOf({}));
    fake.handle('updates.check', () => statusOf({ lastCheckedAt: '2026-11-28T12:00:00.000Z', message: 'Up to date.' }));
    fake.handle('updates.setAutomatic', ({ automatic }) => statusOf({ automatic, state: automatic ? 'idle' : 'off' }));
    render(<updates.UpdatesPanel />);
    await act(settle);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await act(settle);
    expect(fake.calls.filter((c) => c.channel === 'updates.check')).toHaveLength(1);
    expect(screen.getByTestId('update-message').textContent).toBe('Up to date.');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Check for updates automatically' }));
    await act(settle);
    expect(fake.inputsTo('updates.setAutomatic')).toEqual([{ automatic: false }]);
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
  });

  it('an answer overtaken by an updates.status event does not bring back the older status', async () => {
    const first = deferred<UpdateStatus>();
    fake.handle('updates.status', () => first.promise);
    render(<updates.UpdatesPanel />);
    await act(settle);
    act(() => fake.emit('updates.status', READY));
    await act(async () => {
      first.resolve(statusOf({})); // computed before the update was ready
      await settle();
    });
    expect(screen.getByTestId('update-message').textContent).toBe(READY.message);
    expect(updates.useUpdates.getState().status?.state).toBe('ready');
  });

  it('under an administrator’s policy the setting is locked and says who manages updates', async () => {
    fake.handle('updates.status', () =>
      statusOf({ state: 'off', lockedByPolicy: true, canCheck: false, message: 'Turned off (policy).' }),
    );
    render(<updates.UpdatesPanel />);
    await act(settle);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Check for updates automatically' });
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(false);
    expect(screen.getByText('Your administrator manages updates on this computer.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check now' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('the status bar’s item', () => {
  it('says nothing while there is nothing to say; then what a ready update waits for, with Restart now', async () => {
    fake.handle('updates.status', () => statusOf({}));
    const stop = updates.useUpdates.start();
    render(<updates.UpdateStatusItem />);
    await act(settle);
    expect(screen.queryByTestId('status-update')).toBeNull();

    act(() => fake.emit('updates.status', READY));
    expect(screen.getByTestId('status-update').textContent).toContain(
      'Update ready — restarts when your uploads finish.',
    );
    expect(screen.getByRole('button', { name: 'Restart now' })).toBeTruthy();

    act(() =>
      fake.emit(
        'updates.status',
        statusOf({ state: 'available', version: '0.2.0', message: 'Use your package manager.', canCheck: true }),
      ),
    );
    expect(screen.getByTestId('status-update').textContent).toBe('Lectern 0.2.0 is available');
    expect(screen.getByTestId('status-update').getAttribute('title')).toBe('Use your package manager.');
    stop();
  });
});
