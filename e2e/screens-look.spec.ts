/**
 * What the main screens look like ("Guards"): screenshot comparisons against committed
 * baselines (e2e/screens-look.spec.ts-snapshots/) of the course page (the outline), the lesson
 * editor, the Uploads screen and the folder push plan dialog, each at 1280×800 and 1024×700, light
 * and dark, with axe-core at zero serious or critical violations on each. The demo sandbox's fixed
 * content and a fixed folder make the screens the same on every run; what still changes from run to
 * run (times, the connection state, toasts) is masked or waited out. To accept a change on purpose:
 * `npx playwright test --project=chromium e2e/screens-look.spec.ts --update-snapshots`, then look
 * at every PNG that changed before committing it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { expectAccessible, gotoRoute, openPushPlan, sandboxApi, waitForShell } from './support.ts';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

async function workplaceSafety(info: SandboxInfo): Promise<{ id: string; name: string }> {
  const courses = (await sandboxApi(info, 'GET', '/courses?search=Workplace%20Safety')) as unknown as {
    results: { id: string; name: string }[];
  };
  return courses.results[0]!;
}

async function firstLesson(info: SandboxInfo, courseId: string) {
  const sections = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: { id: string; order: number; lessons?: { id: string; title: string }[] }[];
  };
  const section = [...sections.results].sort((a, b) => a.order - b.order).find((s) => s.lessons?.length)!;
  return { sectionId: section.id, ...section.lessons![0]! };
}

/**
 * What changes between runs, whatever the screen, painted over: how old the shown copy is
 * ("Updated just now", "Updated 1 min ago · refreshing…"), the connection state, the app's version,
 * the course's "Last changed" (the demo seed dates its content from when the sandbox started, and
 * the browser writes it in its own time zone and locale) and any <time>. Painted over, not hidden
 * by a stylesheet: the app's Content-Security-Policy refuses the style Playwright would inject.
 * A box whose words change width ("just now" → "1 min ago") changes a few hundred pixels, well
 * inside the tolerance below.
 */
function volatile(page: Page): Locator[] {
  return [
    page.getByTestId('cache-note'),
    page.getByTestId('connection-state'),
    page.getByTestId('app-version'),
    page.locator('dt', { hasText: /^Last changed$/ }).locator('xpath=following-sibling::dd[1]'),
    page.locator('time'),
  ];
}

/**
 * A caret blinks: no text field keeps the focus. (`caret: 'hide'` below hides it with an injected
 * stylesheet, which the app's Content-Security-Policy refuses.) Any other focus, and its ring, stays.
 */
async function noBlinkingCaret(page: Page): Promise<void> {
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable]')) active.blur();
  });
}

/**
 * Each size and scheme: the screen matches its baseline and axe finds nothing serious. Before
 * each picture: the app is online (no "Checking…" in the status bar) and no toast is showing (an
 * information toast fades by itself; a warning that stays is a change worth failing on).
 */
async function looksRight(page: Page, testInfo: TestInfo, name: string, dialog?: Locator): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'online');
      await expect(page.getByTestId('notice')).toHaveCount(0, { timeout: 20_000 });
      await noBlinkingCaret(page);
      // A dialog alone: the page behind it is the other pictures' business, and a mask of what
      // changes there would be painted over the dialog.
      await expect(dialog ?? page).toHaveScreenshot(`${name}-${size.width}x${size.height}-${scheme}.png`, {
        animations: 'disabled',
        caret: 'hide',
        mask: dialog ? [] : volatile(page),
        // A few pixels of anti-aliasing may differ between runs and machines (text edges and
        // sub-pixel positions after a relayout); a lost section, a moved button, a line that
        // wraps or a changed colour changes far more than 1 % of the window. threshold 0.2 is
        // Playwright's per-pixel colour tolerance (YIQ), kept at its default.
        maxDiffPixelRatio: 0.01,
        threshold: 0.2,
      });
      await expectAccessible(page, testInfo, `${name}-${size.width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the course page (the outline) looks as it did', async ({ lectern }, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await workplaceSafety(info);
  await gotoRoute(page, `courses/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
  await expect(page.locator('.course-section[data-section-id]')).toHaveCount(3);
  await looksRight(page, testInfo, 'outline');
});

test('the lesson editor looks as it did', async ({ lectern }, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await workplaceSafety(info);
  const lesson = await firstLesson(info, course.id);
  await gotoRoute(page, `courses/${course.id}/sections/${lesson.sectionId}/lessons/${lesson.id}`);
  await expect(page.locator('input[name="title"]')).toHaveValue(lesson.title);
  await expect(page.getByText('Video ready', { exact: false }).first()).toBeVisible();
  await looksRight(page, testInfo, 'lesson-editor');
});

test('the Uploads screen looks as it did', async ({ lectern }, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  await gotoRoute(page, 'uploads');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uploads');
  await looksRight(page, testInfo, 'uploads');
});

test('the folder push plan looks as it did', async ({ lectern }, testInfo) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  // A fixed folder: the same names, sizes and contents on every run (only the temp dir's name
  // differs, and the plan names the folder, not its path).
  const root = mkdtempSync(join(tmpdir(), 'lectern-e2e-look-'));
  const folder = join(root, 'Forklift basics');
  mkdirSync(join(folder, '1 - Basics'), { recursive: true });
  mkdirSync(join(folder, '2 - Driving'), { recursive: true });
  writeFileSync(join(folder, '1 - Basics', '01 - Welcome.md'), '# Welcome\nRead this before you drive.');
  writeFileSync(join(folder, '2 - Driving', '1 - Checks.md'), '# Checks\nWalk round the truck first.');
  writeFileSync(join(folder, '2 - Driving', 'notes.pdf'), '%PDF-1.7\n1 0 obj\n');
  try {
    const { page } = lectern;
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    const course = await workplaceSafety(info);
    await gotoRoute(page, `courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
    const dialog = await openPushPlan(lectern, folder, 'Forklift basics', course.name);
    await expect(dialog.getByTestId('push-summary')).toContainText('2 sections to create');
    await looksRight(page, testInfo, 'push-plan', dialog);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
