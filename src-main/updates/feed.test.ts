// Tests (plain Node): the update policy driving electron-updater's own feed reading, download and
// sha512 verification (node-feed.ts: electron-updater with a Node app description and HTTP client
// instead of Electron's) against a feed served on loopback, as electron-builder publishes one.
// Time moves by hand (ManualTimers), so backoff is checked without waiting for it.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '../../src-shared/updates.ts';
import { SOON, tempDir } from '../test-support/index.ts';
import { updateMessages } from './messages.ts';
import { createNodeFeedUpdater } from './node-feed.ts';
import { createSettingsStore, type UpdatePolicy } from './policy.ts';
import type { UpdaterPort } from './ports.ts';
import {
  CHECK_INTERVAL_MS,
  createUpdateService,
  FIRST_CHECK_DELAY_MS,
  FIRST_RETRY_DELAY_MS,
  type UpdateService,
} from './service.ts';
import {
  channelFileName,
  ManualTimers,
  sha512Base64,
  startTestFeed,
  TestWork,
  type TestFeed,
} from './test-support/index.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Rig {
  feed: TestFeed;
  service: UpdateService;
  timers: ManualTimers;
  work: TestWork;
  statuses: UpdateStatus[];
  installed: string[];
  warnings: string[];
  cacheDir: string;
}

async function rig(options: {
  bytes?: Buffer;
  statedSha512?: string;
  policy?: UpdatePolicy;
  kind?: UpdaterPort['kind'];
}): Promise<Rig> {
  const dir = tempDir('lectern-updates-');
  const bytes = options.bytes ?? randomBytes(256 * 1024);
  const feed = await startTestFeed({ version: '0.2.0', bytes, statedSha512: options.statedSha512 });
  cleanups.push(() => feed.close());
  const installed: string[] = [];
  const cacheDir = join(dir, 'updater');
  const port = createNodeFeedUpdater({
    feedUrl: feed.url,
    currentVersion: '0.1.0',
    cacheDir,
    onInstall: (file) => installed.push(file),
  });
  const timers = new ManualTimers();
  const work = new TestWork();
  const statuses: UpdateStatus[] = [];
  const warnings: string[] = [];
  const service = createUpdateService({
    updater: options.kind ? { ...port, kind: options.kind } : port,
    work,
    settings: createSettingsStore(join(dir, 'updates.json')),
    policy: options.policy ?? { kind: 'none' },
    log: { info: () => undefined, warn: (message) => warnings.push(message) },
    timers,
    onStatus: (status) => statuses.push(status),
  });
  cleanups.push(() => service.close());
  return { feed, service, timers, work, statuses, installed, warnings, cacheDir };
}

/** The file names left in the updater's cache (a refused download leaves none). */
function cachedFiles(cacheDir: string): string[] {
  const root = join(cacheDir, 'lectern-updater');
  try {
    return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.AppImage'));
  } catch {
    return [];
  }
}

describe('updates from a feed on loopback', () => {
  it('finds a newer version shortly after start, downloads it with its progress, verifies it and installs it', async () => {
    const bytes = randomBytes(512 * 1024);
    const { feed, service, timers, statuses, installed } = await rig({ bytes });
    service.start();
    expect(service.status()).toMatchObject({ state: 'idle', message: updateMessages.notCheckedYet });
    expect(timers.nextIn()).toBe(FIRST_CHECK_DELAY_MS);

    timers.advance(FIRST_CHECK_DELAY_MS);
    await vi.waitFor(() => expect(installed).toHaveLength(1), SOON);

    // electron-updater asked for this platform's channel file, then the file it names.
    expect(feed.requests).toEqual([`/${channelFileName()}`, '/Lectern-0.2.0.AppImage']);
    expect(readFileSync(installed[0]!)).toEqual(bytes);
    const states = statuses.map((status) => status.state);
    expect(states).toContain('checking');
    expect(statuses.find((s) => s.state === 'downloading' && s.percent === 100)?.message).toBe(
      updateMessages.downloading('0.2.0'),
    );
    expect(service.status()).toMatchObject({ state: 'restarting', version: '0.2.0', canRestart: false });
  });

  it('refuses a download whose sha512 differs from the feed’s, keeps nothing, and tries again later', async () => {
    const bytes = randomBytes(256 * 1024);
    const { feed, service, timers, installed, cacheDir } = await rig({
      bytes,
      statedSha512: sha512Base64(Buffer.from('other bytes')),
    });
    await service.checkNow();

    expect(service.status()).toMatchObject({ state: 'failed', message: updateMessages.integrity, canRestart: false });
    expect(installed).toEqual([]);
    expect(cachedFiles(cacheDir)).toEqual([]);
    expect(timers.nextIn()).toBe(FIRST_RETRY_DELAY_MS);

    // The publisher fixes the feed: the next planned try downloads and installs the right bytes.
    feed.setRelease({ version: '0.2.0', bytes });
    timers.advance(FIRST_RETRY_DELAY_MS);
    await vi.waitFor(() => expect(installed).toHaveLength(1), SOON);
    expect(readFileSync(installed[0]!)).toEqual(bytes);
  });

  it('a feed that is down: one sentence, one request per try, ever longer pauses; fine again once it is back', async () => {
    const { feed, service, timers, statuses, warnings } = await rig({});
    feed.setDown(true);
    service.start();
    timers.advance(FIRST_CHECK_DELAY_MS);
    await vi.waitFor(() => expect(service.status().state).toBe('failed'), SOON);
    expect(service.status().message).toBe(updateMessages.unreachable);
    expect(feed.requests).toHaveLength(1);

    // A day of the feed being down, a try at a time.
    const pauses: number[] = [];
    let elapsed = 0;
    while (elapsed < 24 * 60 * 60_000) {
      const pause = timers.nextIn();
      if (pause === null) throw new Error('no next try planned');
      pauses.push(pause);
      const tries = feed.requests.length;
      timers.advance(pause);
      elapsed += pause;
      await vi.waitFor(() => {
        expect(feed.requests).toHaveLength(tries + 1);
        expect(service.status().state).toBe('failed');
        expect(timers.nextIn()).not.toBeNull();
      }, SOON);
    }
    const minutes = pauses.map((ms) => ms / 60_000);
    expect(minutes.slice(0, 6)).toEqual([15, 30, 60, 120, 240, 240]);
    expect(feed.requests.length).toBeLessThanOrEqual(11);
    expect(warnings).toHaveLength(feed.requests.length);
    // The user was told one sentence the whole time, never a new one per try.
    const failedMessages = new Set(statuses.filter((s) => s.state === 'failed').map((s) => s.message));
    expect([...failedMessages]).toEqual([updateMessages.unreachable]);

    // "Check now" pressed again and again while one check runs asks the feed once.
    const before = feed.requests.length;
    await Promise.all([service.checkNow(), service.checkNow(), service.checkNow()]);
    expect(feed.requests).toHaveLength(before + 1);

    feed.setDown(false);
    feed.setRelease({ version: '0.1.0', bytes: randomBytes(16) });
    await service.checkNow();
    expect(service.status()).toMatchObject({ state: 'idle', message: updateMessages.upToDate('0.1.0') });
    expect(timers.nextIn()).toBe(CHECK_INTERVAL_MS);
  });

  it('an update ready while uploads run waits for them, then installs once they finish', async () => {
    const { service, work, installed } = await rig({});
    work.current = { uploads: 2, pushing: false, sending: 0 };
    await service.checkNow();

    expect(service.status()).toMatchObject({
      state: 'ready',
      version: '0.2.0',
      message: 'Update ready — restarts when your uploads finish.',
      waitingFor: { uploads: 2, pushing: false, sending: 0 },
      canRestart: true,
    });
    expect(installed).toEqual([]);
    expect(work.pauses).toBe(0);

    // One upload finishes, a push starts: still waiting, and it says for what.
    work.current = { uploads: 1, pushing: true, sending: 0 };
    service.workChanged();
    expect(service.status().message).toBe(
      'Update ready — restarts when your uploads finish and your folder push finishes.',
    );
    expect(installed).toEqual([]);

    work.current = null;
    service.workChanged();
    await vi.waitFor(() => expect(installed).toHaveLength(1), SOON);
    expect(work.pauses).toBe(1);
    expect(work.resumes).toBe(0);
  });

  it('"Restart now" pauses the running uploads safely first, then installs', async () => {
    const { service, work, installed } = await rig({});
    work.current = { uploads: 3, pushing: false, sending: 1 };
    await service.checkNow();
    expect(service.status().message).toBe(
      'Update ready — restarts when your uploads finish and your changes are sent.',
    );

    const status = await service.restartNow();
    expect(work.pauses).toBe(1);
    expect(installed).toHaveLength(1);
    expect(status).toMatchObject({ state: 'restarting', message: updateMessages.restarting('0.2.0') });
  });

  it('a .deb copy checks and says how to update through the package manager, downloading nothing', async () => {
    const { feed, service } = await rig({ kind: 'manual' });
    await service.checkNow();
    expect(service.status()).toMatchObject({ state: 'available', version: '0.2.0', canRestart: false });
    expect(service.status().message).toContain('sudo apt install ./lectern_0.2.0_amd64.deb');
    expect(feed.requests).toEqual([`/${channelFileName()}`]);
  });
});

describe('turning checks off', () => {
  it('an administrator’s policy file turns every check off; the setting cannot turn them on', async () => {
    const file = '/etc/lectern/policy.json';
    const { feed, service, timers } = await rig({ policy: { kind: 'set', file, checks: false, feedUrl: null } });
    service.start();
    expect(service.status()).toMatchObject({
      state: 'off',
      lockedByPolicy: true,
      canCheck: false,
      message: updateMessages.offByPolicy(file),
    });
    expect(timers.planned()).toBe(0);
    await expect(service.checkNow()).rejects.toMatchObject({ code: 'LOCKED_BY_POLICY' });
    expect(() => service.setAutomatic(true)).toThrow(updateMessages.lockedByPolicy);
    expect(feed.requests).toEqual([]);
  });

  it('a policy file that cannot be read keeps checks off and says so', async () => {
    const { service, timers } = await rig({
      policy: { kind: 'unreadable', file: '/etc/lectern/policy.json', reason: 'x' },
    });
    service.start();
    expect(service.status().message).toBe(updateMessages.policyUnreadable('/etc/lectern/policy.json'));
    expect(timers.planned()).toBe(0);
  });

  it('the user’s setting stops automatic checks (kept across starts); "Check now" still looks once', async () => {
    const { feed, service, timers } = await rig({});
    service.start();
    service.setAutomatic(false);
    expect(timers.planned()).toBe(0);
    expect(service.status()).toMatchObject({ state: 'off', automatic: false, canCheck: true });

    feed.setRelease({ version: '0.1.0', bytes: randomBytes(16) });
    await service.checkNow();
    expect(service.status().state).toBe('idle');
    expect(timers.planned()).toBe(0);

    service.setAutomatic(true);
    expect(timers.nextIn()).toBe(CHECK_INTERVAL_MS);
  });
});
