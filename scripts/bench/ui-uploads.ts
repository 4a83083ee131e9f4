// Plain Node (benchmarks). bench:ui while uploading: the same typing in the lesson editor with no
// upload running and then with 60 files uploading at link speed, then the uploads list scrolled
// until every file is done; from that one run: renderer long tasks, keystroke-to-paint latency,
// event messages reaching the page, and main's event-loop delay. And a day of uploads: 2,000 small
// files through one session, with main's and the renderer's memory before and after.
import type { CDPSession, Page } from '@playwright/test';
import { SCROLL_FOR } from './ui-page.ts';
import {
  readMainProbe,
  sandboxRss,
  startIdleProbe,
  uploadFiles,
  uploadsSettled,
  type BenchHost,
  type MainProbe,
} from './ui-host.ts';
import { moveTo, type ScreenTarget } from './ui-screens.ts';

export interface TypingSample {
  keys: number[];
}

export interface UploadWindow {
  seconds: number;
  files: number;
  states: Record<string, number>;
  typing: number[];
  longTasks: number[];
  /** Progress messages (uploads.progress) that reached the page; state changes (uploads.changed); all. */
  progressMessages: number;
  stateMessages: number;
  allMessages: number;
  /** The most progress messages that arrived within any one frame (16.7 ms). */
  mostInOneFrame: number;
  scrollFrames: number[];
  main: MainProbe;
  /** An idle Node process's own loop delay over the same window (ui-idle-probe.ts): the machine's floor. */
  idle: MainProbe['loop'];
}

const TEXT = 'The forklift is parked with its forks lowered, the brake set and the key removed. ';

/** Types TEXT into the open lesson editor; each key's latency from keydown to the frame after. */
export async function typeInEditor(page: Page, keys: number, delayMs: number): Promise<number[]> {
  const field = page.locator('textarea[name="text_content"], textarea[name="description"]').first();
  await field.click();
  await page.keyboard.press('End');
  await page.evaluate('window.__bench.keys = []; window.__bench.typing = true');
  const text = TEXT.repeat(Math.ceil(keys / TEXT.length)).slice(0, keys);
  await page.keyboard.type(text, { delay: delayMs });
  // The last key's frame.
  await page.waitForTimeout(100);
  return page.evaluate<number[]>('(() => { window.__bench.typing = false; return window.__bench.keys; })()');
}

/** Opens the lesson editor at `route` and waits for its fields. */
export async function openEditor(page: Page, route: string): Promise<void> {
  await page.evaluate(`window.location.hash = ${JSON.stringify(route)}`);
  await page.locator('textarea[name="text_content"], textarea[name="description"]').first().waitFor();
}

export async function uploadWhileWorking(options: {
  page: Page;
  host: BenchHost;
  files: string[];
  target: { courseId: string; sectionId: string };
  editorRoute: string;
  uploadsScreen: ScreenTarget;
  keys: number;
  keyDelayMs: number;
}): Promise<UploadWindow> {
  const { page, host, files } = options;
  await openEditor(page, options.editorRoute);
  const idle = await startIdleProbe();
  await readMainProbe(host); // main's loop from here on
  await idle.read(); // and the idle process's
  const started = await page.evaluate<{ at: number; tasks: number; messages: number }>(
    '({ at: performance.now(), tasks: window.__bench.longTasks.length, messages: window.__bench.messages.length })',
  );
  const wall = Date.now();
  const ids = await uploadFiles(host, files, options.target, (i) => `Upload ${String(i + 1).padStart(3, '0')}`);
  const typing = await typeInEditor(page, options.keys, options.keyDelayMs);
  await moveTo(page, options.uploadsScreen);
  const scrollFrames: number[] = [];
  const settled = uploadsSettled(host, ids, 600_000);
  let done = false;
  void settled.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    const scroll = await page.evaluate<{ deltas: number[] }>(SCROLL_FOR('[data-testid="upload-list"]', 40, 1000));
    scrollFrames.push(...scroll.deltas);
  }
  const states = Object.fromEntries(await settled);
  const seconds = (Date.now() - wall) / 1000;
  const main = await readMainProbe(host);
  const idleLoop = await idle.read();
  idle.stop();
  const seen = await page.evaluate<{ tasks: number[]; messages: [number, string][] }>(
    `({ tasks: window.__bench.longTasks.slice(${started.tasks}).map((t) => t.duration), messages: window.__bench.messages.slice(${started.messages}) })`,
  );
  const progress = seen.messages.filter(([, name]) => name === 'uploads.progress').map(([at]) => at);
  return {
    seconds,
    files: files.length,
    states,
    typing,
    longTasks: seen.tasks.filter((d) => d > 50),
    progressMessages: progress.length,
    stateMessages: seen.messages.filter(([, name]) => name === 'uploads.changed').length,
    allMessages: seen.messages.length,
    mostInOneFrame: mostWithin(progress, 1000 / 60),
    scrollFrames,
    main,
    idle: idleLoop,
  };
}

/** The most timestamps within any window of `span` ms. */
function mostWithin(times: number[], span: number): number {
  let most = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while (times[to]! - times[from]! >= span) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

export interface Memory {
  mainRss: number;
  /** Main's JS heap: what live objects take, and what V8 keeps for them. */
  mainHeap: number;
  mainHeapTotal: number;
  /** Memory outside the JS heap that JS objects hold (buffers, native handles). */
  mainExternal: number;
  rendererHeap: number;
  domNodes: number;
  /** The sandbox server's own process, apart from the app's. */
  sandboxRss: number;
}

/** Main's and the renderer's memory after a full collection in each. */
export async function memoryNow(host: BenchHost, cdp: CDPSession): Promise<Memory> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const main = await readMainProbe(host);
  return {
    mainRss: main.memory.rss,
    mainHeap: main.memory.heapUsed,
    mainHeapTotal: main.memory.heapTotal,
    mainExternal: main.memory.external,
    rendererHeap: metric('JSHeapUsedSize'),
    domNodes: metric('Nodes'),
    sandboxRss: sandboxRss(host),
  };
}

const WARM_UP_FILES = 50;

export interface DayOfUploads {
  /** Files in the measured day (after the warm-up). */
  files: number;
  before: Memory;
  after: Memory;
  seconds: number;
  states: Record<string, number>;
}

/** `files` beyond the first WARM_UP_FILES are the day measured. */
export async function dayOfUploads(options: {
  page: Page;
  cdp: CDPSession;
  host: BenchHost;
  files: string[];
  target: { courseId: string; sectionId: string };
}): Promise<DayOfUploads> {
  const { host, cdp } = options;
  // The first files pay once for what every later one reuses (code compiled, connections, caches):
  // the day is measured from after them.
  const [warmUp, files] = [options.files.slice(0, WARM_UP_FILES), options.files.slice(WARM_UP_FILES)];
  await uploadsSettled(host, await uploadFiles(host, warmUp, options.target, (i) => `Warm-up ${i + 1}`), 600_000);
  const before = await memoryNow(host, cdp);
  const wall = Date.now();
  const ids = await uploadFiles(host, files, options.target, (i) => `Small upload ${i + 1}`);
  const states = Object.fromEntries(await uploadsSettled(host, ids, 3_600_000));
  const seconds = (Date.now() - wall) / 1000;
  const after = await memoryNow(host, cdp);
  return { files: files.length, before, after, seconds, states };
}
