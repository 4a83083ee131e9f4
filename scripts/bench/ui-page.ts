// Plain Node (benchmarks). bench:ui's code that runs inside the page, as strings: this file is
// type-checked as Node code (no DOM types), and these run in Chromium. PAGE_PROBE is installed
// before every load (Playwright's init script, which the page's CSP does not apply to).

/** The rows each measured screen shows first. */
export const FIRST_ROW = {
  courses: '[data-testid="course-row"]',
  outline: '[data-testid="lesson-row"]',
  assessments: '[data-testid="assessment-row"]',
  quizzes: '[data-testid="quiz-row"]',
  uploads: '[data-testid="upload-row"]',
} as const;
export type ScreenName = keyof typeof FIRST_ROW;

/**
 * window.__bench: when each screen's first row was painted (since the page's navigation start),
 * long tasks, keystroke-to-paint latencies while `typing`, and every event message the event
 * stream delivers (counted where it enters the page: the bridge's fetch of /__bridge/events).
 */
export const PAGE_PROBE = `
(() => {
  const selectors = ${JSON.stringify(FIRST_ROW)};
  const bench = (window.__bench = {
    painted: {},
    waiting: new Set(Object.keys(selectors)),
    longTasks: [],
    typing: false,
    keys: [],
    messages: [],
    moveWatch: null,
  });
  const afterPaint = (record) => requestAnimationFrame(() => setTimeout(() => record(performance.now()), 0));
  const check = () => {
    if (bench.waiting.size === 0) return;
    for (const name of [...bench.waiting]) {
      if (!document.querySelector(selectors[name])) continue;
      bench.waiting.delete(name);
      // rAF runs before the frame is painted; a task queued from it runs after.
      afterPaint((at) => (bench.painted[name] = at));
    }
  };
  new MutationObserver(() => {
    check();
    if (bench.moveWatch) bench.moveWatch();
  }).observe(document, { childList: true, subtree: true });
  /** Forget what was seen, and watch for these screens' first rows again (a move inside the app). */
  bench.watch = (names) => {
    bench.painted = {};
    bench.waiting = new Set(names);
    check();
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  window.addEventListener('keydown', (event) => {
    bench.lastKeyAt = event.timeStamp;
    if (!bench.typing) return;
    const started = event.timeStamp;
    afterPaint((at) => bench.keys.push(at - started));
  }, true);
  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const pending = realFetch.call(this, input, init);
    const url = typeof input === 'string' ? input : input.url;
    if (!url.includes('/__bridge/events')) return pending;
    return pending.then((response) => {
      if (!response.body) return response;
      const decoder = new TextDecoder();
      let buffer = '';
      const counter = new TransformStream({
        transform(chunk, controller) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\\n\\n');
          while (end >= 0) {
            const name = /"event":"([^"]+)"/.exec(buffer.slice(0, end));
            if (name) bench.messages.push([performance.now(), name[1]]);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\\n\\n');
          }
          controller.enqueue(chunk);
        },
      });
      return new Response(response.body.pipeThrough(counter), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    });
  };
})();
`;

/** Where the first rows' time went: the page's own start, and each bridge call made before them. */
export const READ_LOAD_TIMING = (screen: ScreenName, since: number) => `(() => {
  const painted = window.__bench.painted[${JSON.stringify(screen)}] ?? null;
  const mark = performance.getEntriesByName('lectern:modules-evaluated')[0];
  const calls = performance
    .getEntriesByType('resource')
    .filter((e) => e.name.includes('/__bridge/rpc/') && e.startTime >= ${since} && (painted === null || e.startTime < painted))
    .map((e) => ({
      channel: decodeURIComponent(e.name.split('/__bridge/rpc/')[1] ?? ''),
      start: e.startTime,
      end: e.responseEnd,
      server: Object.fromEntries(e.serverTiming.map((t) => [t.name, t.duration])),
      bytes: e.encodedBodySize,
    }));
  return {
    painted,
    modulesEvaluated: ${since} === 0 && mark ? mark.startTime : null,
    calls,
  };
})()`;

/** Scrolls `selector` down and up again at PX px per frame for `ms`; returns the frame deltas. */
export const SCROLL_FOR = (selector: string, px: number, ms: number) => `new Promise((done, fail) => {
  const list = document.querySelector(${JSON.stringify(selector)});
  if (!list) return fail(new Error('nothing to scroll: ${selector}'));
  const deltas = [];
  const started = performance.now();
  let last = -1;
  let direction = 1;
  const step = (time) => {
    if (last >= 0) deltas.push(time - last);
    last = time;
    const element = list.scrollHeight > list.clientHeight ? list : document.scrollingElement;
    element.scrollTop += direction * ${px};
    if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) direction = -1;
    if (element.scrollTop <= 0) direction = 1;
    if (time - started >= ${ms}) done({ deltas, started, ended: time });
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

/** Scrolls the page (or `selector`) from top to bottom once at PX px per frame; the frame deltas. */
export const SCROLL_THROUGH = (px: number) => `new Promise((done) => {
  const element = document.scrollingElement;
  const scroller = [...document.querySelectorAll('main, .screen, .screen-body, [data-scroll]')].find(
    (e) => e.scrollHeight > e.clientHeight + 10 && getComputedStyle(e).overflowY !== 'visible',
  ) ?? element;
  scroller.scrollTop = 0;
  const deltas = [];
  const started = performance.now();
  let last = -1;
  const step = (time) => {
    if (last >= 0) deltas.push(time - last);
    last = time;
    scroller.scrollTop += ${px};
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) done({ deltas, started, ended: time, height: scroller.scrollHeight });
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

/**
 * Arms a watch for the lesson `id` to move one place (down: after its next sibling; up: before its
 * previous one); __bench.moved holds the time the frame showing it was painted.
 */
export const WATCH_MOVE = (id: string, direction: 'down' | 'up') => `(() => {
  const bench = window.__bench;
  const rowOf = () => document.querySelector('[data-lesson-id="${id}"]');
  const neighbour = (row) => (${JSON.stringify(direction)} === 'down' ? row.nextElementSibling : row.previousElementSibling);
  const before = neighbour(rowOf())?.getAttribute('data-lesson-id') ?? null;
  bench.moved = null;
  bench.moveWatch = () => {
    const row = rowOf();
    if (!row) return;
    const other = ${JSON.stringify(direction)} === 'down' ? row.previousElementSibling : row.nextElementSibling;
    if (other?.getAttribute('data-lesson-id') !== before) return;
    bench.moveWatch = null;
    requestAnimationFrame(() => setTimeout(() => (bench.moved = performance.now()), 0));
  };
  return before;
})()`;

/**
 * The floor a screen's first rows are judged beside: a page with nothing but one bridge read and
 * its first row (no framework, no styles, no language, no shell), served by a bridge host of its
 * own from the same code, and reloaded warm as the app is. Its hash says what to read
 * (`read=<channel>&input=<JSON>&row=<data-testid>`); opened with a launch address it only takes
 * its token. The file name looks hashed so the host serves it cacheable, as the app's are.
 */
export const FLOOR_SCRIPT_NAME = 'assets/floor-benchflr.js';
export const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>bench:ui floor</title>
    <script type="module" src="./${FLOOR_SCRIPT_NAME}"></script>
  </head>
  <body></body>
</html>
`;
export const FLOOR_SCRIPT = `
const launch = /^#lectern-launch=([A-Za-z0-9_-]+)$/.exec(location.hash);
if (launch) {
  history.replaceState(null, '', location.pathname);
  const answer = await fetch('/__bridge/launch', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({ code: launch[1] }),
  });
  sessionStorage.setItem('floor.token', (await answer.json()).token);
} else if (location.hash.startsWith('#read=')) {
  const asked = new URLSearchParams(location.hash.slice(1));
  const response = await fetch('/__bridge/rpc/' + encodeURIComponent(asked.get('read')), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-lectern-bridge-token': sessionStorage.getItem('floor.token') },
    credentials: 'omit',
    body: JSON.stringify({ input: JSON.parse(asked.get('input') ?? 'null') ?? undefined }),
  });
  const answer = await response.json();
  const value = answer.ok ? answer.value : null;
  const rows = value?.data?.results ?? value?.data?.sections ?? (Array.isArray(value) ? value : []);
  const row = document.createElement('div');
  row.dataset.testid = asked.get('row');
  row.textContent = answer.ok ? JSON.stringify(rows[0] ?? null).slice(0, 80) : answer.error.code;
  document.body.append(row);
}
`;
