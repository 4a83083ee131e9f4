/**
 * The course outline and "create goes to the created thing", through the bridge host
 * and the demo sandbox: each lesson row says only what is true and useful for its type and keeps
 * its actions behind one row menu; at 1024×700 nothing scrolls sideways and a title cut short has
 * its whole text on hover/focus; a lesson created from the app opens as that lesson's editor,
 * editable, with "Add video…" there.
 */
import type { Page } from '@playwright/test';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { checkScreen, gotoRoute, sandboxApi, waitForShell } from './support.ts';

interface ServerLesson {
  id: string;
  title: string;
  lesson_type: string;
  video_status: string;
  quiz: { total_points: string; status: string } | null;
}

async function workplaceSafety(info: SandboxInfo): Promise<{ id: string; name: string }> {
  const courses = (await sandboxApi(info, 'GET', '/courses?search=Workplace%20Safety')) as unknown as {
    results: { id: string; name: string }[];
  };
  return courses.results[0]!;
}

async function allLessons(info: SandboxInfo, courseId: string): Promise<ServerLesson[]> {
  const page = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: { lessons: ServerLesson[] }[];
  };
  return page.results.flatMap((s) => s.lessons);
}

/** Nothing on the page is wider than the window (no sideways scroll, in the page or its main area). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const boxes = [document.scrollingElement, document.querySelector('main')].filter(Boolean) as Element[];
    return Math.max(...boxes.map((el) => el.scrollWidth - el.clientWidth));
  });
}

test('the outline: each row says only what fits its type, actions in a row menu, fits 1024×700', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await page.setViewportSize({ width: 1024, height: 700 });
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await workplaceSafety(info);
  const lessons = await allLessons(info, course.id);
  await gotoRoute(page, `courses/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
  const rows = page.getByTestId('lesson-row');
  await expect(rows).toHaveCount(lessons.length);

  const types = new Set(lessons.map((l) => l.lesson_type));
  expect(types.size, 'the demo course has lessons of several types').toBeGreaterThan(1);
  for (const lesson of lessons) {
    const row = page.locator(`[data-lesson-id="${lesson.id}"]`);
    await expect(row).toHaveAttribute('data-lesson-type', lesson.lesson_type);
    // A video lesson says where its video is; a lesson without a video says nothing about one.
    if (lesson.lesson_type === 'VIDEO') await expect(row.getByTestId('video-state')).toHaveText(/^(No v|V)ideo/);
    else if (!lesson.video_status) await expect(row.getByTestId('video-state')).toHaveCount(0);
    // A quiz only on a quiz lesson or once it has points; points only when there are some.
    const points = Number(lesson.quiz?.total_points ?? 0);
    if (lesson.lesson_type !== 'QUIZ' && points === 0) await expect(row.getByTestId('lesson-quiz')).toHaveCount(0);
    if (lesson.lesson_type === 'QUIZ') await expect(row.getByTestId('lesson-quiz')).toBeVisible();
    await expect(row).not.toContainText(/none|0\.00 points|Media:/);
    // One quiet button per row: its menu.
    await expect(row.getByRole('button')).toHaveCount(1);
  }

  // The row menu: Move up is off on the first lesson, Delete… is there; Escape gives focus back.
  const first = rows.first();
  const menuButton = first.locator('[data-row-menu]');
  await menuButton.click();
  const menu = first.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Move up', 'Move down', 'Delete…']);
  await expect(menu.getByRole('menuitem', { name: 'Move up' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'Move down' })).toBeFocused();
  await checkScreen(page, testInfo, 'course-outline-menu-1024');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // 1024×700: no sideways scroll; a title cut short carries its whole text for hover/focus.
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const cut = await page.getByTestId('lesson-row').evaluateAll((els) =>
    els.map((row) => {
      const title = row.querySelector<HTMLElement>('.row-title')!;
      return { truncated: title.scrollWidth > title.clientWidth, text: title.textContent, full: title.title };
    }),
  );
  for (const title of cut) if (title.truncated) expect(title.full).toBe(title.text);
  // With the actions in a menu the titles have the room: none of the demo's titles is cut.
  expect(cut.filter((t) => t.truncated)).toEqual([]);
  await checkScreen(page, testInfo, 'course-outline-1024');
});

test('a lesson created from the app opens as its own editor, editable, with Add video…', async ({ lectern }) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const course = await workplaceSafety(info);
  await gotoRoute(page, `courses/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);

  await page.getByTestId('new-lesson').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New lesson');
  // Nothing to add a video to yet: the form says where it will be.
  await expect(page.getByTestId('replace-video')).toHaveCount(0);
  const title = `Forklift walkaround ${Date.now()}`;
  await page.locator('input[name="title"]').fill(title);
  await page.locator('select[name="lesson_type"]').selectOption('VIDEO');
  await expect(page.getByText('its editor opens here with “Add video…”')).toBeVisible();
  await page.getByRole('button', { name: 'Create lesson' }).click();

  // The created lesson's own editor, in place of the form.
  await expect(page).toHaveURL(/#\/courses\/[^/]+\/sections\/[^/]+\/lessons\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const id = /lessons\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('lesson-created')).toBeVisible();
  await expect(page.getByTestId('replace-video')).toHaveText('Add video…');
  await expect(page.getByRole('form', { name: 'Edit lesson' })).toBeVisible();
  await expect(page.getByText('Create the lesson first')).toHaveCount(0);
  const titleField = page.locator('input[name="title"]');
  await expect(titleField).toBeEditable();
  await expect(titleField).toHaveValue(title);
  await expect(page.locator('select[name="lesson_type"]')).toHaveValue('VIDEO');

  // And it edits like any lesson: a change goes to this lesson on the server.
  await page.locator('textarea[name="description"]').fill('Walk around the truck before every shift.');
  await page.getByTestId('save-to-server').click();
  await expect
    .poll(
      async () => {
        const lessons = await allLessons(info, course.id);
        return (lessons.find((l) => l.id === id) as unknown as { description?: string } | undefined)?.description;
      },
      { timeout: 20_000 },
    )
    .toBe('Walk around the truck before every shift.');
  expect((await allLessons(info, course.id)).filter((l) => l.title === title)).toHaveLength(1);
});
