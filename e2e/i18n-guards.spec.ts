/**
 * Every word translatable, and the layout survives translation (bridge host + demo sandbox).
 *
 * - In the pseudo-locale en-XA (each message's letters accented, vowels doubled, "[…]" around it:
 *   about a third longer), every main screen is read for text a person sees — text nodes and the
 *   placeholder, aria-label and title attributes — that did not come through the catalogue. Text
 *   from the catalogue carries the pseudo-locale's letters; user content (titles, names, file
 *   names) is marked `dir="auto"` or `translate="no"` where it is shown, and a catalogue sentence
 *   with a title inside it carries its own pseudo letters. What is left with plain Latin words is
 *   a string literal that never reached the catalogue, and the test names it.
 * - At 1024×700 in en-XA no screen scrolls sideways and no button cuts its words.
 * - A Hebrew course name lays out right to left inside the left-to-right page (`dir="auto"`).
 * - In the bidi pseudo-locale en-XB the whole app mirrors: `<html dir="rtl">`, the navigation on
 *   the right, the page's text starting at the right.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { gotoRoute, sandboxApi, waitForShell } from './support.ts';

test.skip(({ lectern }) => lectern.kind === 'electron', 'reads the demo sandbox through the bridge host’s test hooks');

async function setLanguage(page: Page, language: 'en' | 'en-XA' | 'en-XB'): Promise<void> {
  // Through the app's own bridge, as the language setting on the Workspaces screen does.
  await page.evaluate(async (l) => {
    type Bridge = { app: { setLanguage(input: { language: string }): Promise<unknown> } };
    await (window as unknown as { lectern: Bridge }).lectern.app.setLanguage({ language: l });
  }, language);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await waitForShell(page);
}

interface DemoIds {
  courseId: string;
  courseName: string;
  lessonPath: string;
  assessmentId: string;
}

async function demoIds(info: SandboxInfo): Promise<DemoIds> {
  const courses = (await sandboxApi(info, 'GET', '/courses?search=Workplace%20Safety')) as unknown as {
    results: { id: string; name: string }[];
  };
  const course = courses.results[0]!;
  const sections = (await sandboxApi(info, 'GET', `/courses/${course.id}/sections?page_size=100`)) as unknown as {
    results: { id: string; order: number; lessons?: { id: string }[] }[];
  };
  const section = [...sections.results].sort((a, b) => a.order - b.order).find((s) => s.lessons?.length)!;
  const assessments = (await sandboxApi(info, 'GET', '/assessments?page_size=1')) as unknown as {
    results: { id: string }[];
  };
  return {
    courseId: course.id,
    courseName: course.name,
    lessonPath: `courses/${course.id}/sections/${section.id}/lessons/${section.lessons![0]!.id}`,
    assessmentId: assessments.results[0]!.id,
  };
}

/** Each main screen: its route and what shows once its data is in. */
function screens(ids: DemoIds): { name: string; route: string; ready: (page: Page) => Promise<void> }[] {
  const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return [
    { name: 'courses', route: 'courses', ready: (p) => expect(p.getByTestId('course-row').first()).toBeVisible() },
    {
      name: 'course outline',
      route: `courses/${ids.courseId}`,
      ready: (p) => expect(p.locator('.course-section[data-section-id]')).toHaveCount(3),
    },
    {
      name: 'lesson editor',
      route: ids.lessonPath,
      ready: (p) => expect(p.locator('input[name="title"]')).not.toHaveValue(''),
    },
    { name: 'uploads', route: 'uploads', ready: heading },
    {
      name: 'assessments',
      route: 'assessments',
      ready: (p) => expect(p.getByTestId('assessment-row').first()).toBeVisible(),
    },
    {
      name: 'assessment editor',
      route: `assessments/${ids.assessmentId}`,
      ready: (p) => expect(p.getByTestId('assessment-details')).toBeVisible(),
    },
    { name: 'quizzes', route: 'quizzes', ready: (p) => expect(p.getByTestId('quiz-row').first()).toBeVisible() },
    { name: 'assignments', route: 'assignments', ready: heading },
    { name: 'drafts & sync', route: 'drafts', ready: heading },
    {
      // The app's settings: workspaces and the language.
      name: 'workspaces and language',
      route: 'workspaces',
      ready: async (p) => {
        await expect(p.getByTestId('workspace-card').first()).toBeVisible();
        await expect(p.getByTestId('language-setting')).toBeVisible();
      },
    },
    { name: 'diagnostics', route: 'diagnostics', ready: (p) => expect(p.getByTestId('diagnostics')).toBeVisible() },
  ];
}

/**
 * Words on screen that did not come from the catalogue: plain Latin words in a visible text node
 * (or a placeholder, aria-label or title) with no pseudo-locale letter in it, outside user content.
 * Sizes' IEC units, the product's name and Intl's month names and AM/PM are not words to translate.
 */
function findUnwrapped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const PSEUDO = /[\u00C0-\u02AF\u1E00-\u1EFF\u202E]/;
    const NOT_WORDS = /\b(?:[KMGT]iB|B|Lectern)\b/g;
    // A text field's value is what the user typed (or the server holds), not the app's words.
    const USER_CONTENT = '[dir="auto"], [translate="no"], textarea, script, style, noscript, template';
    // Dates and times are written by Intl in the page's language, not by the catalogue: the
    // month names and AM/PM it uses are not words to find.
    const lang = document.documentElement.lang;
    const intlWords = new Set<string>();
    for (let month = 0; month < 12; month++) {
      for (const style of ['short', 'long'] as const)
        intlWords.add(new Intl.DateTimeFormat(lang, { month: style }).format(new Date(2026, month, 15)));
    }
    for (const hour of [9, 21]) {
      const parts = new Intl.DateTimeFormat(lang, { hour: 'numeric', hour12: true }).formatToParts(
        new Date(2026, 0, 15, hour),
      );
      for (const part of parts) if (part.type === 'dayPeriod') intlWords.add(part.value);
    }
    const withoutIntl = (text: string) => text.replace(/\p{L}+/gu, (word) => (intlWords.has(word) ? '' : word));
    const words = (text: string) => /[A-Za-z]{2,}/.test(withoutIntl(text).replace(NOT_WORDS, ''));
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(USER_CONTENT)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      if (words(text) && !PSEUDO.test(text)) found.add(text);
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (element.closest(USER_CONTENT) || !element.checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value && words(value) && !PSEUDO.test(value)) found.add(`${name}="${value}"`);
      }
    }
    return [...found];
  });
}

/** What sticks out at this size: the page scrolling sideways, buttons whose words are cut. */
function overflow(page: Page): Promise<{ pageScrollsSideways: boolean; cutButtons: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const cutButtons = [...document.querySelectorAll<HTMLElement>('button, [role="button"], a.button')]
      .filter((b) => b.checkVisibility() && b.scrollWidth > b.clientWidth + 1)
      .map((b) => (b.textContent ?? b.getAttribute('aria-label') ?? '').trim().slice(0, 60));
    return { pageScrollsSideways: root.scrollWidth > root.clientWidth, cutButtons };
  });
}

test('every main screen in the pseudo-locale fits at 1024×700: no sideways scroll, no cut button', async ({
  lectern,
}) => {
  test.setTimeout(240_000);
  const { page } = lectern;
  await waitForShell(page);
  const ids = await demoIds(await lectern.sandboxInfo());
  await setLanguage(page, 'en-XA');
  await page.setViewportSize({ width: 1024, height: 700 });
  for (const screen of screens(ids)) {
    await gotoRoute(page, screen.route);
    await screen.ready(page);
    expect.soft(await overflow(page), `layout of ${screen.name} at 1024×700`).toEqual({
      pageScrollsSideways: false,
      cutButtons: [],
    });
  }
});

for (const name of [
  'courses',
  'course outline',
  'lesson editor',
  'uploads',
  'assessments',
  'assessment editor',
  'quizzes',
  'assignments',
  'drafts & sync',
  'workspaces and language',
  'diagnostics',
]) {
  test(`${name} in the pseudo-locale shows only words from the catalogue`, async ({ lectern }) => {
    test.setTimeout(120_000);
    const { page } = lectern;
    await waitForShell(page);
    const ids = await demoIds(await lectern.sandboxInfo());
    await setLanguage(page, 'en-XA');
    const screen = screens(ids).find((s) => s.name === name)!;
    await gotoRoute(page, screen.route);
    await screen.ready(page);
    // A screen whose data is still arriving may show a wrapped "Loading…" first: poll until the
    // screen has settled on words.
    await expect.poll(() => findUnwrapped(page), { message: `unwrapped words on ${name}` }).toEqual([]);
  });
}

test('the folder push plan in the pseudo-locale shows only words from the catalogue, and fits at 1024×700', async ({
  lectern,
}) => {
  test.setTimeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'lectern-e2e-i18n-'));
  const folder = join(root, 'Forklift basics');
  mkdirSync(join(folder, '1 - Basics'), { recursive: true });
  writeFileSync(join(folder, '1 - Basics', '01 - Welcome.md'), '# Welcome\nRead this before you drive.');
  writeFileSync(join(folder, '1 - Basics', 'notes.pdf'), '%PDF-1.7\n1 0 obj\n');
  try {
    const { page } = lectern;
    await waitForShell(page);
    const ids = await demoIds(await lectern.sandboxInfo());
    await setLanguage(page, 'en-XA');
    await page.setViewportSize({ width: 1024, height: 700 });
    await gotoRoute(page, `courses/${ids.courseId}`);
    await lectern.answerFileDialog([folder]);
    await page.getByTestId('push-folder').click();
    const dialog = page.getByTestId('folder-push-dialog');
    await expect(dialog.getByTestId('push-plan-tree')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => findUnwrapped(page), { message: 'unwrapped words in the push plan' }).toEqual([]);
    expect(await overflow(page)).toEqual({ pageScrollsSideways: false, cutButtons: [] });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a Hebrew course name lays out right to left inside the left-to-right page', async ({ lectern }) => {
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const ids = await demoIds(info);
  const hebrew = 'בטיחות במקום העבודה';
  await sandboxApi(info, 'PATCH', `/courses/${ids.courseId}`, { name: hebrew });
  await gotoRoute(page, `courses/${ids.courseId}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(hebrew, { timeout: 20_000 });
  expect(await page.locator('html').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await expect(title).toHaveAttribute('dir', 'auto');
  expect(await title.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
});

test('in a right-to-left locale the whole app mirrors', async ({ lectern }) => {
  const { page } = lectern;
  await waitForShell(page);
  const ids = await demoIds(await lectern.sandboxInfo());
  await page.setViewportSize({ width: 1280, height: 800 });
  const navSide = () =>
    page.evaluate(() => {
      const nav = document.querySelector('nav')!.getBoundingClientRect();
      const main = document.querySelector('main')!.getBoundingClientRect();
      return nav.left >= main.right - 1 ? 'right' : nav.right <= main.left + 1 ? 'left' : 'overlapping';
    });
  expect(await navSide()).toBe('left');

  await setLanguage(page, 'en-XB');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await gotoRoute(page, `courses/${ids.courseId}`);
  await expect(page.locator('.course-section[data-section-id]')).toHaveCount(3);
  expect(await navSide()).toBe('right');
  // The brand sits at the start of the top bar: its right end in a right-to-left page.
  const brandAtRight = await page.evaluate(() => {
    const brand = document.querySelector('.brand')!.getBoundingClientRect();
    return window.innerWidth - brand.right < window.innerWidth / 4;
  });
  expect(brandAtRight).toBe(true);
  expect(await overflow(page)).toMatchObject({ pageScrollsSideways: false });
  await setLanguage(page, 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
