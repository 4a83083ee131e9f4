// Plain Node (benchmarks). bench:ui's first rows: each main screen reloaded (navigation start → the
// frame after its first row exists) and moved to inside the app (the address changed → that frame),
// both from main's cache, with where a reload's time went: the page's own start (modules
// evaluated), the screen's first read (sent when, main's handler, its contract checks, JSON, the
// crossing), and React's first render after the answer. A reload is of the window already open, as
// a user's reload or the app's second launch: warm, the renderer's files and their compiled code
// in the browser's caches. A few cold ones (those caches cleared first) are measured beside it.
import type { CDPSession, Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshLaunchUrl, startFloorHost, stopFloorHost, type BenchHost } from './ui-host.ts';
import {
  FIRST_ROW,
  FLOOR_HTML,
  FLOOR_SCRIPT,
  FLOOR_SCRIPT_NAME,
  PAGE_PROBE,
  READ_LOAD_TIMING,
  type ScreenName,
} from './ui-page.ts';

export interface ScreenTarget {
  /** What the report calls it. */
  label: string;
  screen: ScreenName;
  route: string;
  /** The read whose answer the first rows show. */
  channel: string;
  /** What the screen sends with that read (the floor page sends the same). */
  input?: unknown;
}

export interface Breakdown {
  modulesEvaluated: number;
  readSent: number;
  handler: number;
  check: number;
  json: number;
  crossing: number;
  render: number;
}

export interface ScreenTimes {
  target: ScreenTarget;
  /** Warm reloads (the browser's HTTP and code caches kept), what the goal is about. */
  reload: number[];
  /** Reloads with the browser's caches cleared first: every file fetched and compiled again. */
  cold: number[];
  inApp: number[];
  breakdown: Breakdown;
  /** The floor page's warm reloads making the same read (ui-page.ts), when measured. */
  floor: number[] | null;
}

interface LoadTiming {
  painted: number | null;
  modulesEvaluated: number | null;
  calls: { channel: string; start: number; end: number; server: Record<string, number>; bytes: number }[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** Polled from here: waitForFunction would evaluate a string inside the page, which the CSP forbids. */
async function paintedAt(page: Page, screen: ScreenName, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = await page.evaluate<number | null>(`window.__bench.painted[${JSON.stringify(screen)}] ?? null`);
    if (at !== null) return at;
    if (Date.now() > deadline) {
      const shown = await page.evaluate<string>(
        "`${window.location.hash}: ${document.querySelector('main')?.textContent?.slice(0, 300) ?? ''}`",
      );
      throw new Error(`no ${screen} rows within ${timeoutMs / 1000} s; the page shows ${shown}`);
    }
    await new Promise((wait) => setTimeout(wait, 10));
  }
}

/** Moves inside the app to `route` and answers when its first row was painted, from the move. */
export async function moveTo(page: Page, target: ScreenTarget): Promise<number> {
  const started = await page.evaluate<number>(
    `(() => { window.__bench.watch([${JSON.stringify(target.screen)}]); const t = performance.now(); window.location.hash = ${JSON.stringify(target.route)}; return t; })()`,
  );
  return (await paintedAt(page, target.screen)) - started;
}

async function reloadOnce(
  page: Page,
  target: ScreenTarget,
  cold?: CDPSession,
): Promise<{ ms: number; timing: LoadTiming }> {
  // The HTTP cache, and V8's code cache kept beside its entries.
  if (cold) await cold.send('Network.clearBrowserCache');
  await page.reload({ waitUntil: 'commit' });
  const ms = await paintedAt(page, target.screen);
  const timing = await page.evaluate<LoadTiming>(READ_LOAD_TIMING(target.screen, 0));
  return { ms, timing };
}

function breakdownOf(target: ScreenTarget, timings: LoadTiming[]): Breakdown {
  const parts = timings.flatMap((timing) => {
    // The first read answered before the rows showed is the one they show (the cache answers at
    // once); a screen mounting may read again meanwhile, and that read's rows are the same.
    const reads = timing.calls.filter((c) => c.channel === target.channel);
    const read = reads.find((c) => timing.painted !== null && c.end <= timing.painted) ?? reads.at(-1);
    if (!read || timing.painted === null) return [];
    const handler = read.server['handler'] ?? 0;
    const check = read.server['check'] ?? 0;
    const json = read.server['json'] ?? 0;
    return [
      {
        modulesEvaluated: timing.modulesEvaluated ?? NaN,
        readSent: read.start,
        handler,
        check,
        json,
        crossing: read.end - read.start - handler - check - json,
        render: timing.painted - read.end,
      },
    ];
  });
  const pick = (key: keyof Breakdown) => median(parts.map((p) => p[key]));
  return {
    modulesEvaluated: pick('modulesEvaluated'),
    readSent: pick('readSent'),
    handler: pick('handler'),
    check: pick('check'),
    json: pick('json'),
    crossing: pick('crossing'),
    render: pick('render'),
  };
}

/** A screen that is none of the measured ones, to move from. */
const ELSEWHERE = '#/workspaces';

/**
 * The floor beside `target`: the floor page (a page of its own, from its own bridge host) making
 * the screen's first read and showing its first row, reloaded warm `runs` times after three to
 * fill its caches.
 */
async function measureFloor(floor: Page, target: ScreenTarget, runs: number): Promise<number[]> {
  const row = /data-testid="([^"]+)"/.exec(FIRST_ROW[target.screen])![1]!;
  const asked = new URLSearchParams({ read: target.channel, input: JSON.stringify(target.input ?? null), row });
  await floor.bringToFront();
  await floor.evaluate(`window.location.hash = ${JSON.stringify(`#${asked.toString()}`)}`);
  const times: number[] = [];
  for (let run = -3; run < runs; run++) {
    await floor.reload({ waitUntil: 'commit' });
    const ms = await paintedAt(floor, target.screen);
    if (run >= 0) times.push(ms);
  }
  return times;
}

export async function measureScreen(
  page: Page,
  target: ScreenTarget,
  runs: number,
  floorPage?: Page,
): Promise<ScreenTimes> {
  // Once to fill main's cache and the page's, then from the cache only.
  await moveTo(page, target);
  // Cold first, so the warm reloads that follow start from the caches a reload just filled.
  const session = await page.context().newCDPSession(page);
  const cold: number[] = [];
  for (let run = 0; run < Math.max(3, Math.ceil(runs / 3)); run++) {
    cold.push((await reloadOnce(page, target, session)).ms);
  }
  await session.detach();
  const floor = floorPage ? await measureFloor(floorPage, target, runs) : null;
  if (floorPage) await page.bringToFront();
  const reload: number[] = [];
  const timings: LoadTiming[] = [];
  for (let run = 0; run < runs; run++) {
    const { ms, timing } = await reloadOnce(page, target);
    reload.push(ms);
    timings.push(timing);
  }
  const inApp: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.evaluate(`window.location.hash = ${JSON.stringify(ELSEWHERE)}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(150);
    inApp.push(await moveTo(page, target));
  }
  return { target, reload, cold, inApp, breakdown: breakdownOf(target, timings), floor };
}

/** The floor page (ui-page.ts) from a bridge host of its own, in a second page of the browser, its token taken. */
export async function openFloor(
  page: Page,
  host: BenchHost,
  dataDir: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const rendererDir = join(dataDir, 'floor-renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), FLOOR_HTML);
  writeFileSync(join(rendererDir, FLOOR_SCRIPT_NAME), FLOOR_SCRIPT);
  const floorHost = await startFloorHost(join(dataDir, 'floor'), rendererDir, host);
  // A context of its own (the app's page owns its context): its own caches, filled as the app's are.
  const floor = await page.context().browser()!.newPage({ viewport: page.viewportSize() });
  await floor.addInitScript({ content: PAGE_PROBE });
  await floor.goto(await freshLaunchUrl(floorHost), { waitUntil: 'load' });
  const deadline = Date.now() + 30_000;
  while (!(await floor.evaluate<boolean>("sessionStorage.getItem('floor.token') !== null"))) {
    if (Date.now() > deadline) throw new Error('the floor page took no token');
    await new Promise((wait) => setTimeout(wait, 20));
  }
  return {
    page: floor,
    close: async () => {
      await floor.close();
      await page.bringToFront();
      await stopFloorHost(floorHost);
    },
  };
}

export function firstRowSelector(screen: ScreenName): string {
  return FIRST_ROW[screen];
}
