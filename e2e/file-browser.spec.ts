/**
 * Picking in the bridge host, through Lectern's own file browser (no test hook answers a dialog):
 * the instructor pushes a folder into a course, chooses a course's preview video and adds a
 * lesson's video, each time browsing from the home folder to a real temp folder with the keyboard
 * (the breadcrumb, type-ahead, Enter, Backspace) or the mouse. Hidden entries and files that cannot
 * be picked are not listed; Escape cancels without a word of error.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, sep } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { checkScreen, gotoRoute, sandboxApi, waitForShell, writeVideo } from './support.ts';

interface Course {
  id: string;
  name: string;
}

async function workplaceSafety(info: SandboxInfo): Promise<Course> {
  const courses = (await sandboxApi(info, 'GET', '/courses?search=Workplace%20Safety')) as unknown as {
    results: Course[];
  };
  return courses.results[0]!;
}

async function firstLesson(info: SandboxInfo, courseId: string) {
  const sections = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections`)) as unknown as {
    results: { id: string; order: number }[];
  };
  const section = [...sections.results].sort((a, b) => a.order - b.order)[0]!;
  const full = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections/${section.id}`)) as unknown as {
    lessons: { id: string; title: string; order: number }[];
  };
  return { sectionId: section.id, lesson: [...full.lessons].sort((a, b) => a.order - b.order)[0]! };
}

/** The browser that opened for this pick. */
function fileBrowser(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** From wherever the browser is, to `dir`: the root by the breadcrumb, then each folder by typing its name and Enter. */
async function browseTo(page: Page, browser: Locator, dir: string): Promise<void> {
  const list = browser.getByRole('listbox');
  await browser
    .getByRole('navigation', { name: 'Folder path' })
    .getByRole('button', { name: '/', exact: true })
    .click();
  await expect(browser.locator('[aria-current="location"]')).toHaveText('/');
  for (const name of dir.split(sep).filter(Boolean)) {
    await list.focus();
    await page.keyboard.type(name);
    await expect(list.getByRole('option', { selected: true })).toContainText(name);
    await page.keyboard.press('Enter');
    await expect(browser.locator('[aria-current="location"]')).toHaveText(name);
  }
  await expect(list).toBeFocused();
}

test('picking in the bridge host: push a folder, a preview video and a lesson video through Lectern’s browser', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(240_000);
  test.skip(lectern.kind === 'electron', 'Electron opens the system’s own dialog');
  const root = mkdtempSync(join(tmpdir(), 'lectern-e2e-picker-'));
  const folder = join(root, 'Forklift basics');
  mkdirSync(join(folder, '1 - Basics'), { recursive: true });
  writeFileSync(join(folder, '1 - Basics', '01 - Welcome.md'), '# Welcome\nRead this before you drive.');
  writeVideo(join(folder, '1 - Basics', '02 - Site walk.mp4'), 32 * 1024);
  mkdirSync(join(root, '.drafts'));
  writeVideo(join(root, 'course-teaser.mp4'), 64 * 1024);
  writeVideo(join(root, 'new-take.mp4'), 64 * 1024);
  writeFileSync(join(root, 'shot list.txt'), 'not a video');
  try {
    const { page } = lectern;
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    const course = await workplaceSafety(info);
    await gotoRoute(page, `courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);

    // Push a folder…: the browser opens at home; Escape cancels it, quietly.
    await page.getByRole('button', { name: 'Push a folder…' }).click();
    let browser = fileBrowser(page, 'Choose the folder to push into the course');
    await expect(browser).toBeVisible();
    await expect(browser.getByRole('listbox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(browser).toBeHidden();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    await page.getByRole('button', { name: 'Push a folder…' }).click();
    await browseTo(page, browser, root);
    // A folder pick lists folders only; hidden ones are counted, not listed.
    let list = browser.getByRole('listbox');
    await expect(list.getByRole('option')).toHaveText([/Forklift basics/]);
    await expect(browser.getByText('1 folder · 1 hidden')).toBeVisible();
    // Into the folder and back out with Backspace: the folder left is the active row again.
    await page.keyboard.press('Enter');
    await expect(browser.locator('[aria-current="location"]')).toHaveText('Forklift basics');
    await expect(list.getByRole('option')).toHaveText([/1 - Basics/]);
    await checkScreen(page, testInfo, 'file-browser-folder');
    await page.keyboard.press('Backspace');
    await expect(browser.locator('[aria-current="location"]')).toHaveText(basename(root));
    await expect(list.getByRole('option', { selected: true })).toContainText('Forklift basics');
    await page.keyboard.press('Enter');
    await browser.getByRole('button', { name: 'Choose “Forklift basics”' }).click();
    await expect(browser).toBeHidden();
    const plan = page.getByRole('dialog', { name: `Push “Forklift basics” into “${course.name}”` });
    await expect(plan.getByTestId('push-plan-tree')).toBeVisible({ timeout: 30_000 });
    await expect(plan.getByTestId('push-summary')).toContainText('1 section to create, 2 lessons to create');
    await plan.getByRole('button', { name: 'Push to course' }).click();
    await expect(plan.getByTestId('push-outcome')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await plan.getByRole('button', { name: 'Done' }).click();
    const sections = (await sandboxApi(info, 'GET', `/courses/${course.id}/sections?page_size=100`)) as unknown as {
      results: { title: string }[];
    };
    expect(sections.results.map((s) => s.title)).toContain('Basics');

    // Choose preview video…: videos only (no .txt), chosen by typing its name and Enter.
    await page.getByRole('button', { name: 'Choose preview video…' }).click();
    browser = fileBrowser(page, 'Choose a video');
    list = browser.getByRole('listbox');
    await browseTo(page, browser, root);
    await expect(list.getByRole('option')).toHaveText([/Forklift basics/, /course-teaser\.mp4/, /new-take\.mp4/]);
    await page.keyboard.type('course');
    await expect(browser.getByRole('button', { name: 'Choose', exact: true })).toBeEnabled();
    await page.keyboard.press('Enter');
    await expect(browser).toBeHidden();
    const status = page.getByTestId('preview-video-status');
    await expect(status).toHaveAttribute('data-phase', /uploading|attaching|processing|ready/, { timeout: 30_000 });

    // Add video… on a lesson: chosen with the mouse and Choose.
    const { sectionId, lesson } = await firstLesson(info, course.id);
    await gotoRoute(page, `courses/${course.id}/sections/${sectionId}/lessons/${lesson.id}`);
    await expect(page.locator('input[name="title"]')).toHaveValue(lesson.title);
    await page.getByTestId('replace-video').click();
    browser = fileBrowser(page, 'Choose a video');
    list = browser.getByRole('listbox');
    await browseTo(page, browser, root);
    await list.getByRole('option', { name: /new-take\.mp4/ }).click();
    await browser.getByRole('button', { name: 'Choose', exact: true }).click();
    await expect(browser).toBeHidden();
    // The editor stays on the lesson, the upload shown in place, focus back on "Add video…".
    await expect(page.getByTestId('lesson-video-upload')).toContainText('new-take.mp4');
    await expect(page.getByTestId('replace-video')).toBeFocused();
    await gotoRoute(page, 'uploads');
    await expect(page.getByTestId('upload-row').filter({ hasText: 'new-take.mp4' })).toBeVisible();
    await expect(page.getByTestId('upload-row').filter({ hasText: 'course-teaser.mp4' })).toBeVisible();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
