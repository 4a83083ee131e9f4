// Plain Node (benchmarks). bench:ui's goals and how it prints them: each figure with its ratio to
// its goal (≤ 1 meets it), as bench:link prints its own.
import { PROBE_RESOLUTION_MS } from './ui-idle-probe.ts';
import type { ScreenTimes } from './ui-screens.ts';
import type { DayOfUploads, UploadWindow } from './ui-uploads.ts';

export interface Judged {
  name: string;
  value: number;
  unit: string;
  goal: number;
  /** value ÷ goal (for "none at all" goals: the count itself). */
  ratio: number;
  met: boolean;
}

const GOALS = {
  reloadP95Ms: 200,
  bigReloadP95Ms: 300,
  inAppP95Ms: 100,
  moveShownP95Ms: 100,
  keystrokeP95Ms: 50,
  loopDelayP99Ms: 20,
  messagesPerSecond: 60,
  frameP95Ms: 20,
  memoryGrowthMiB: 50,
};

const MiB = 1024 * 1024;
const mib = (bytes: number): string => (bytes / MiB).toFixed(1);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function line(name: string, value: number, unit: string, goal: number, detail: string): Judged {
  // A goal of zero (no long task at all) is met by zero; its "ratio" is the count.
  const ratio = goal === 0 ? value : value / goal;
  const met = goal === 0 ? value === 0 : value <= goal;
  const shown = `${value.toFixed(unit === '' ? 0 : 1)}${unit}`;
  console.log(
    `${met ? 'MET ' : 'MISS'} ${name}: ${shown} (goal ≤ ${goal}${unit}; ${goal === 0 ? 'count' : `${ratio.toFixed(2)}x`}) — ${detail}`,
  );
  return { name, value: Number(value.toFixed(2)), unit, goal, ratio: Number(ratio.toFixed(3)), met };
}

const ms = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, n=${values.length}`;

export function printScreens(times: ScreenTimes[]): void {
  console.log('');
  console.log(
    'first rows from the cache after a reload of the open window, warm (the browser’s HTTP cache and V8’s code ' +
      'cache kept, as on a user’s reload or a second launch): where its time goes (medians, ms from navigation ' +
      'start); beside it, cold reloads (those caches cleared first), and the floor: a page of nothing but the ' +
      'same read and its first row, from a bridge host of its own, reloaded warm the same way:',
  );
  console.log(
    '  screen               modules  read sent  main handler  checks  JSON  crossing  render  → painted p50   cold p50  p95   floor p50  p95',
  );
  for (const { target, reload, cold, floor, breakdown: b } of times) {
    const cells = [b.modulesEvaluated, b.readSent, b.handler, b.check, b.json, b.crossing, b.render].map((v) =>
      Number.isNaN(v) ? '   –' : v.toFixed(1).padStart(6),
    );
    const coldCells = [50, 95].map((p) => percentile(cold, p).toFixed(0).padStart(4));
    const floorCells = [50, 95].map((p) => (floor ? percentile(floor, p).toFixed(0) : '–').padStart(4));
    console.log(
      `  ${target.label.padEnd(20)} ${cells[0]}  ${cells[1]}     ${cells[2]}      ${cells[3]}  ${cells[4]}   ${cells[5]}  ${cells[6]}  ${percentile(reload, 50).toFixed(0).padStart(12)}   ${coldCells[0]}  ${coldCells[1]}   ${floorCells[0]}  ${floorCells[1]}`,
    );
  }
  console.log('');
}

export const judge = {
  screens(times: ScreenTimes[]): Judged[] {
    return times.flatMap(({ target, reload, cold, inApp, floor }) => {
      const big = target.label.startsWith('big');
      return [
        line(
          `${target.label}: first rows after a (warm) reload, p95`,
          percentile(reload, 95),
          ' ms',
          big ? GOALS.bigReloadP95Ms : GOALS.reloadP95Ms,
          `${ms(reload)}; cold (caches cleared): ${ms(cold)}` +
            (floor ? `; the floor (one read, one row, no app): ${ms(floor)}` : ''),
        ),
        line(
          `${target.label}: first rows after moving there in the app, p95`,
          percentile(inApp, 95),
          ' ms',
          GOALS.inAppP95Ms,
          ms(inApp),
        ),
      ];
    });
  },

  bigCourse(
    moves: number[],
    scroll: { deltas: number[]; longTasks: number[]; height: number; seconds: number },
  ): Judged[] {
    return [
      line(
        'big course: a lesson moved with Alt+↓/↑ shown, p95',
        percentile(moves, 95),
        ' ms',
        GOALS.moveShownP95Ms,
        ms(moves),
      ),
      line(
        'big course: long tasks while scrolling its outline',
        scroll.longTasks.length,
        '',
        0,
        `${scroll.height} px in ${scroll.seconds.toFixed(1)} s; frames ${ms(scroll.deltas)}; longest task ${Math.max(0, ...scroll.longTasks).toFixed(0)} ms`,
      ),
    ];
  },

  whileUploading(w: UploadWindow, quiet: number[], linkSeconds: number): Judged[] {
    const perSecond = w.progressMessages / w.seconds;
    return [
      line(
        `keystroke to paint while ${w.files} files upload, p95`,
        percentile(w.typing, 95),
        ' ms',
        GOALS.keystrokeP95Ms,
        `${ms(w.typing)}; the same typing with no upload: ${ms(quiet)}`,
      ),
      line(
        'renderer long tasks over 50 ms while uploading',
        w.longTasks.length,
        '',
        0,
        `${w.seconds.toFixed(1)} s (the bytes need ${linkSeconds.toFixed(1)} s on the link); ${w.longTasks.map((d) => d.toFixed(0)).join(', ') || 'none'}; states ${JSON.stringify(w.states)}`,
      ),
      line(
        'upload progress messages reaching the renderer per second',
        perSecond,
        '/s',
        GOALS.messagesPerSecond,
        `${w.progressMessages} in ${w.seconds.toFixed(1)} s, at most ${w.mostInOneFrame} within one frame (arrivals: a renderer busy elsewhere reads what waited at once); besides, ${w.stateMessages} state changes (five or so per file) and ${w.allMessages} messages of all kinds; scrolling the list meanwhile: frames ${ms(w.scrollFrames)}`,
      ),
      // The machine's own share: what an idle Node process beside it waited beyond the timer's
      // resolution in the same window (two cores shared with Chromium and the sandbox server).
      line(
        "main's event-loop delay while uploading, p99, beyond an idle process's wait",
        w.main.loop.p99 - Math.max(0, w.idle.p99 - PROBE_RESOLUTION_MS),
        ' ms',
        GOALS.loopDelayP99Ms,
        `main p99 ${w.main.loop.p99.toFixed(1)} ms (p50 ${w.main.loop.p50.toFixed(1)}, max ${w.main.loop.max.toFixed(0)}); ` +
          `an idle Node process on the machine meanwhile: p99 ${w.idle.p99.toFixed(1)} ms (p50 ${w.idle.p50.toFixed(1)}, ` +
          `max ${w.idle.max.toFixed(0)}), ${Math.max(0, w.idle.p99 - PROBE_RESOLUTION_MS).toFixed(1)} ms past its ${PROBE_RESOLUTION_MS} ms ` +
          'timer that no process on these two cores could avoid, taken out; the sandbox server is its own process',
      ),
    ];
  },

  quizScroll(deltas: number[]): Judged[] {
    return [
      line('frames while scrolling the quizzes list, p95', percentile(deltas, 95), ' ms', GOALS.frameP95Ms, ms(deltas)),
    ];
  },

  dayOfUploads(day: DayOfUploads): Judged[] {
    const { before, after, files } = day;
    const detail = (what: string) =>
      `${files} files in ${day.seconds.toFixed(0)} s (${JSON.stringify(day.states)}); ${what}`;
    return [
      line(
        `main's memory after ${files} small uploads, growth (RSS)`,
        (after.mainRss - before.mainRss) / MiB,
        ' MiB',
        GOALS.memoryGrowthMiB,
        detail(
          `RSS ${mib(before.mainRss)} → ${mib(after.mainRss)} MiB; JS heap used ${mib(before.mainHeap)} → ${mib(after.mainHeap)}, ` +
            `kept by V8 ${mib(before.mainHeapTotal)} → ${mib(after.mainHeapTotal)}, external ${mib(before.mainExternal)} → ${mib(after.mainExternal)} MiB; ` +
            `the rest of RSS (native, allocator) ${mib(before.mainRss - before.mainHeapTotal)} → ${mib(after.mainRss - after.mainHeapTotal)} MiB; ` +
            `sandbox server (own process) ${mib(before.sandboxRss)} → ${mib(after.sandboxRss)} MiB`,
        ),
      ),
      line(
        `renderer's memory after ${files} small uploads, growth (JS heap)`,
        (after.rendererHeap - before.rendererHeap) / MiB,
        ' MiB',
        GOALS.memoryGrowthMiB,
        detail(
          `heap ${(before.rendererHeap / MiB).toFixed(0)} → ${(after.rendererHeap / MiB).toFixed(0)} MiB, DOM nodes ${before.domNodes} → ${after.domNodes}`,
        ),
      ),
    ];
  },
};

export function summary(results: Judged[], loopMs: number[]): void {
  const met = results.filter((r) => r.met).length;
  console.log('');
  console.log(`bench:ui: ${met} of ${results.length} goals met`);
  console.log(
    `Machine speed: the same fixed loop took ${loopMs[0]} ms at the start and ${loopMs[1]} ms at the end ` +
      '(they differ when the machine itself got slower or faster during the run).',
  );
}
