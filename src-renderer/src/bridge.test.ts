/**
 * The bridge's hold on calls while the window's first frame is built: calls made before the hold
 * go at once, calls made during it wait until it is released (in the order they were made), and a
 * hold nobody releases lets go after its longest wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeMain, removeFakeMain, settle, type FakeMain } from '../test-support/fake-main.ts';
import type * as Bridge from './bridge.ts';

let fake: FakeMain;
let bridge: typeof Bridge;

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  fake.handle('app.info', () => ({
    name: 'Lectern',
    version: '1.0.0',
    transport: 'bridge',
    platform: 'linux',
    versions: { node: '24', electron: null, chrome: null },
  }));
  bridge = await import('./bridge.ts');
});

afterEach(() => {
  bridge.releaseCalls();
  vi.useRealTimers();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

const channels = () => fake.calls.map((c) => c.channel);

describe('holding calls for the first frame', () => {
  it('calls made before the hold go; calls made during it wait for the release, in order', async () => {
    const before = bridge.call((b) => b.app.info());
    bridge.holdCalls(10_000);
    const answered: number[] = [];
    const during = [1, 2].map((n) => bridge.call((b) => b.app.info()).then(() => answered.push(n)));
    await settle();
    expect(channels()).toEqual(['app.info']);
    await expect(before).resolves.toMatchObject({ version: '1.0.0' });
    expect(answered).toEqual([]);

    bridge.releaseCalls();
    await Promise.all(during);
    expect(channels()).toEqual(['app.info', 'app.info', 'app.info']);
    expect(answered).toEqual([1, 2]);
    // Released: the next call goes at once.
    await bridge.call((b) => b.app.info());
    expect(channels()).toHaveLength(4);
  });

  it('a hold nobody releases lets go after its longest wait', async () => {
    vi.useFakeTimers();
    bridge.holdCalls(1_000);
    const held = bridge.call((b) => b.app.info());
    await vi.advanceTimersByTimeAsync(999);
    expect(channels()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await held;
    expect(channels()).toEqual(['app.info']);
  });
});
