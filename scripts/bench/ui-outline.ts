// Plain Node (benchmarks). bench:ui's course of real size (60 sections, 1,500 lessons): a lesson
// moved with Alt+↓ and back with Alt+↑ (keydown → the frame showing it in its new place), and the
// outline scrolled top to bottom (frame times, long tasks).
import type { Page } from '@playwright/test';
import { SCROLL_THROUGH, WATCH_MOVE } from './ui-page.ts';

async function movedAt(page: Page, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = await page.evaluate<number | null>('window.__bench.moved ?? null');
    if (at !== null) return at;
    if (Date.now() > deadline) throw new Error(`the lesson was not shown moved within ${timeoutMs / 1000} s`);
    await new Promise((wait) => setTimeout(wait, 10));
  }
}

/** Alt+↓ then Alt+↑ on lesson `lessonId` of `sectionId`, `pairs` times; each move's keydown → painted. */
export async function keyboardMoves(page: Page, sectionId: string, lessonId: string, pairs: number): Promise<number[]> {
  // Its section first: a long outline renders the lessons of sections near the view only.
  await page.evaluate(`document.querySelector('[data-section-id="${sectionId}"]')?.scrollIntoView({ block: 'start' })`);
  const link = page.locator(`[data-lesson-id="${lessonId}"] a.row-title`);
  await link.waitFor({ timeout: 30_000 });
  const samples: number[] = [];
  for (let i = 0; i < pairs; i++) {
    for (const direction of ['down', 'up'] as const) {
      await link.focus();
      await page.evaluate(WATCH_MOVE(lessonId, direction));
      await page.keyboard.press(direction === 'down' ? 'Alt+ArrowDown' : 'Alt+ArrowUp');
      const painted = await movedAt(page);
      samples.push(painted - (await page.evaluate<number>('window.__bench.lastKeyAt')));
      // Let the move's own re-reads land before the next one.
      await page.waitForTimeout(300);
    }
  }
  return samples;
}

export async function scrollOutline(
  page: Page,
  px: number,
): Promise<{ deltas: number[]; longTasks: number[]; height: number; seconds: number }> {
  const tasksBefore = await page.evaluate<number>('window.__bench.longTasks.length');
  await page.evaluate('window.scrollTo(0, 0)');
  const scroll = await page.evaluate<{ deltas: number[]; started: number; ended: number; height: number }>(
    SCROLL_THROUGH(px),
  );
  const tasks = await page.evaluate<{ start: number; duration: number }[]>(
    `window.__bench.longTasks.slice(${tasksBefore})`,
  );
  return {
    deltas: scroll.deltas,
    longTasks: tasks.filter((t) => t.start >= scroll.started && t.duration > 50).map((t) => t.duration),
    height: scroll.height,
    seconds: (scroll.ended - scroll.started) / 1000,
  };
}
