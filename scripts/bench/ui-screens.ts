// Plain Node (benchmarks). bench:ui's first rows: each main screen reloaded (navigation start → the
// frame after its first row exists) and moved to inside the app (the address changed → that frame),
// both from main's cache, with where a reload's time went: the page's own start (modules
// evaluated), the screen's first read (sent when, main's handler, its contract checks, JSON, the
// crossing), and React's first render after the answer. A reload is of the window already open, as
// a user's reload or the app's second launch: warm, the renderer's files and their compiled code
// in the browser's caches. A few cold ones (those caches cleared first) are measured beside it.
import type { CDPSession, Page } from '@playwright/test';
import { FIRST_ROW, READ_LOAD_TIMING, type ScreenName } from './ui-page.ts';

export interface ScreenTarget {
  /** What the report calls it. */
  label: string;
  screen: ScreenName;
  route: string;
  /** The read whose answer the first rows show. */
  channel: string;
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

export async function measureScreen(page: Page, target: ScreenTarget, runs: number): Promise<ScreenTimes> {
  // Once to fill main's cache and the page's, then from the cache only.
  await moveTo(page, target);
  // Cold first, so the warm reloads that follow start from the caches a reload just filled.
  const session = await page.context().newCDPSession(page);
  const cold: number[] = [];
  for (let run = 0; run < Math.max(3, Math.ceil(runs / 3)); run++) {
    cold.push((await reloadOnce(page, target, session)).ms);
  }
  await session.detach();
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
  return { target, reload, cold, inApp, breakdown: breakdownOf(target, timings) };
}

export function firstRowSelector(screen: ScreenName): string {
  return FIRST_ROW[screen];
}
