/**
 * Subscribing to main's events from stores: an unsubscribe that works even before the bridge
 * arrived, and `cache.updated` bursts coalesced into one call for the kinds asked for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeMain, removeFakeMain, settle, type FakeMain } from '../../test-support/fake-main.ts';
import type * as Events from './events.ts';

let fake: FakeMain;
let events: typeof Events;

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  events = await import('./events.ts');
});

afterEach(() => {
  vi.useRealTimers();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('events', () => {
  it('delivers payloads once subscribed, and stops after unsubscribing', async () => {
    const seen: number[] = [];
    const off = events.onEvent('outbox.changed', ({ count }) => seen.push(count));
    await vi.waitFor(() => expect(fake.listenerCount('outbox.changed')).toBe(1));
    fake.emit('outbox.changed', { count: 2 });
    off();
    fake.emit('outbox.changed', { count: 3 });
    expect(seen).toEqual([2]);
    expect(fake.listenerCount('outbox.changed')).toBe(0);
  });

  it('an unsubscribe called before the bridge arrived never subscribes', async () => {
    const listener = vi.fn();
    const off = events.onEvent('outbox.changed', listener);
    off();
    await settle();
    expect(fake.listenerCount('outbox.changed')).toBe(0);
    fake.emit('outbox.changed', { count: 1 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('coalesces a burst of cache.updated for its kinds into one call, and ignores other kinds', async () => {
    const listener = vi.fn();
    const off = events.onCacheUpdated(['courses', 'sections'], listener, 120);
    await vi.waitFor(() => expect(fake.listenerCount('cache.updated')).toBe(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fake.emit('cache.updated', { kinds: ['quizzes'] });
    await vi.advanceTimersByTimeAsync(500);
    expect(listener).not.toHaveBeenCalled();

    fake.emit('cache.updated', { kinds: ['courses'] });
    await vi.advanceTimersByTimeAsync(60);
    fake.emit('cache.updated', { kinds: ['sections', 'quizzes'] });
    await vi.advanceTimersByTimeAsync(59);
    expect(listener).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(listener).toHaveBeenCalledTimes(1);

    // A burst cut short by unsubscribing is not delivered.
    fake.emit('cache.updated', { kinds: ['courses'] });
    off();
    await vi.advanceTimersByTimeAsync(500);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
