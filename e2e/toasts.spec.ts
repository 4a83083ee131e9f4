/**
 * Toasts as people know them (bridge host + demo sandbox): information fades, and waits
 * while the pointer is on it; never more than three on screen; the stack never covers the focused
 * control; a warning stays until what it says stops being true (uploads waiting for the server);
 * every undoable action's toast has an Undo that really restores — a lesson or section move, a lesson delete
 * (until main sends it: then the Undo goes), an assessment delete, "Clear finished" — and a toast
 * with Undo is announced (role=status) and passes axe. The workspace switch: toasts-workspaces.spec.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { chooseRowAction } from './row-menu.ts';
import {
  expectAccessible,
  gotoRoute,
  openCourseFromList,
  sandboxApi,
  screenshot,
  waitForShell,
  writeVideo,
} from './support.ts';

const COURSE = 'Workplace Safety Essentials';
const NOTHING_TO_SAVE = 'Nothing to save on this screen.';
const MiB = 1024 * 1024;

interface ServerLesson {
  id: string;
  title: string;
  order: number;
}

async function firstSection(info: SandboxInfo): Promise<{ courseId: string; sectionId: string }> {
  const courses = (await sandboxApi(info, 'GET', `/courses?search=${encodeURIComponent(COURSE)}`)) as unknown as {
    results: { id: string }[];
  };
  const courseId = courses.results[0]!.id;
  const sections = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections`)) as unknown as {
    results: { id: string; order: number }[];
  };
  return { courseId, sectionId: [...sections.results].sort((a, b) => a.order - b.order)[0]!.id };
}

async function serverLessons(info: SandboxInfo, courseId: string, sectionId: string): Promise<ServerLesson[]> {
  const section = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections/${sectionId}`)) as unknown as {
    lessons: ServerLesson[];
  };
  return [...section.lessons].sort((a, b) => a.order - b.order);
}

async function serverStatus(info: SandboxInfo, path: string): Promise<number> {
  const response = await fetch(`${info.baseUrl}/v1/external/learning${path}`, {
    headers: { authorization: `Bearer ${info.keys!.tenantAdmin}` },
  });
  return response.status;
}

/** The toasts on screen (the stack shows at most three; the rest wait behind "N more"). */
const toasts = (page: Page) => page.getByTestId('notice');

/** True when the stack and the focused element do not overlap (or focus is in the stack). */
async function stackClearOfFocus(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const region = document.querySelector('[data-testid="notices"]');
    const focused = document.activeElement;
    if (!region || !(focused instanceof HTMLElement) || region.contains(focused)) return true;
    const a = region.getBoundingClientRect();
    const b = focused.getBoundingClientRect();
    if (a.height === 0) return true;
    return a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  });
}

test('information fades, waits while hovered, at most three show, and the stack never covers focus', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(90_000);
  const { page } = lectern;
  await waitForShell(page);
  await gotoRoute(page, 'courses');
  await expect(page.getByTestId('course-row').first()).toBeVisible();

  // Information fades by itself after a few seconds.
  await page.keyboard.press('Control+s');
  const info = toasts(page).filter({ hasText: NOTHING_TO_SAVE });
  await expect(info).toHaveCount(1);
  await expect(info).toHaveAttribute('role', 'status');
  await expect(info).toBeHidden({ timeout: 10_000 });

  // …but not while the pointer rests on it; once the pointer has left, it fades in the rest of its time.
  await page.keyboard.press('Control+s');
  await expect(info).toHaveCount(1);
  await info.hover();
  await page.waitForTimeout(8_000);
  await expect(info).toHaveCount(1);
  await page.mouse.move(10, 300);
  await expect(info).toBeHidden({ timeout: 9_000 });

  // The same words said again replace themselves: one toast, not a stack.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Control+s');
  await expect(info).toHaveCount(1);

  // Four different ones with Undo (four lesson moves): three on screen, the oldest behind "1 more".
  await openCourseFromList(page, COURSE);
  const rows = page.getByTestId('lesson-row');
  await expect(rows.nth(5)).toBeVisible();
  const ids = await Promise.all([1, 2, 4, 5].map((i) => rows.nth(i).getAttribute('data-lesson-id')));
  for (const id of ids) {
    const link = page.locator(`[data-lesson-id="${id}"]`).getByRole('link').first();
    // Focused for sure before the key: a row re-rendered by the move before could drop the focus,
    // and the key then moved the lesson moved before (no new toast).
    await expect(async () => {
      await link.focus();
      await expect(link).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.press('Alt+ArrowUp');
  }
  await expect(toasts(page).filter({ hasText: 'Moved “' })).toHaveCount(3);
  await expect(toasts(page)).toHaveCount(3);
  await expect(page.getByTestId('notices-more')).toHaveText('1 more');
  await screenshot(page, testInfo, 'toasts-three');
  await page.getByTestId('notices-more').click();
  await expect(toasts(page).filter({ hasText: 'Moved “' })).toHaveCount(4);
  await page.getByTestId('notices-more').click();
  await expect(toasts(page)).toHaveCount(3);
  // Focus and pointer leave the stack: their clocks go on, and they fade.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(10, 300);
  await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });

  // Focus on a control where the stack usually sits (bottom right): the stack moves away from it.
  await gotoRoute(page, 'courses');
  await page.setViewportSize({ width: 1024, height: 700 });
  const target = await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Bottom-right control';
    button.dataset['testid'] = 'probe';
    Object.assign(button.style, { position: 'fixed', right: '24px', bottom: '64px', zIndex: '1' });
    document.body.append(button);
    button.focus();
    return button.getBoundingClientRect().top;
  });
  expect(target).toBeGreaterThan(500);
  await page.keyboard.press('Control+s');
  await expect(toasts(page).first()).toBeVisible();
  await expect.poll(() => stackClearOfFocus(page)).toBe(true);
  await expect(page.getByTestId('notices')).toHaveAttribute('data-placement', 'top');
  await screenshot(page, testInfo, 'toasts-clear-of-focus');
  await expectAccessible(page, testInfo, 'toasts');
});

test('Undo restores a moved lesson, a moved section, a deleted lesson and a deleted assessment', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'reads the built-in sandbox through the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const { courseId, sectionId } = await firstSection(info);
  const before = await serverLessons(info, courseId, sectionId);
  const [a, b] = before as [ServerLesson, ServerLesson];
  await gotoRoute(page, `courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(COURSE);
  const row = (id: string) => page.locator(`[data-lesson-id="${id}"]`);
  await expect(row(a.id)).toBeVisible();

  // A move: its toast says where the lesson went; Undo puts it back, on the server too.
  await row(a.id).getByRole('link', { name: a.title }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  const moved = toasts(page).filter({ hasText: `Moved “${a.title}” to position 2.` });
  await expect(moved.getByTestId('notice-action')).toHaveText('Undo');
  // Held by the pointer while the server and axe are checked, as a person keeps a toast to use it:
  // on a busy machine those checks outlast its fade.
  await moved.hover();
  await expect
    .poll(async () => (await serverLessons(info, courseId, sectionId)).slice(0, 2).map((l) => l.id), {
      timeout: 20_000,
    })
    .toEqual([b.id, a.id]);
  await expect.poll(() => stackClearOfFocus(page)).toBe(true);
  await expectAccessible(page, testInfo, 'toast-undo');
  await moved.getByTestId('notice-action').click();
  await expect(toasts(page).filter({ hasText: `“${a.title}” is back at position 1.` })).toBeVisible();
  await expect
    .poll(async () => (await serverLessons(info, courseId, sectionId)).slice(0, 2).map((l) => l.id), {
      timeout: 20_000,
    })
    .toEqual([a.id, b.id]);
  // Moved down and back up by hand: the toast says it is back, with nothing left to undo.
  await row(a.id).getByRole('link', { name: a.title }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(toasts(page).filter({ hasText: `Moved “${a.title}” to position 2.` })).toBeVisible();
  await page.keyboard.press('Alt+ArrowUp');
  const lessonBack = toasts(page).filter({ hasText: `“${a.title}” is back at position 1.` });
  await expect(lessonBack).toBeVisible();
  await expect(lessonBack.getByTestId('notice-action')).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: `Moved “${a.title}”` })).toHaveCount(0);
  await expect
    .poll(async () => (await serverLessons(info, courseId, sectionId)).slice(0, 2).map((l) => l.id), {
      timeout: 20_000,
    })
    .toEqual([a.id, b.id]);

  // A section move: the same, from its header's menu button (Alt+↓).
  const sectionIds = async () => {
    const listed = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections`)) as unknown as {
      results: { id: string; order: number }[];
    };
    return [...listed.results].sort((x, y) => x.order - y.order).map((x) => x.id);
  };
  const sectionsBefore = await sectionIds();
  await page.locator(`.course-section[data-section-id="${sectionId}"] > header [data-row-menu]`).press('Alt+ArrowDown');
  const sectionMoved = toasts(page).filter({ hasText: 'to position 2.' }).filter({ hasText: 'Moved the section' });
  await expect(sectionMoved.getByTestId('notice-action')).toHaveText('Undo');
  await sectionMoved.hover();
  await expect.poll(async () => (await sectionIds())[1], { timeout: 20_000 }).toBe(sectionId);
  await sectionMoved.getByTestId('notice-action').click();
  await expect(
    toasts(page)
      .filter({ hasText: 'is back at position 1.' })
      .filter({ hasNotText: `“${a.title}”` }),
  ).toBeVisible();
  await expect.poll(sectionIds, { timeout: 20_000 }).toEqual(sectionsBefore);
  const sectionMenu = page.locator(`.course-section[data-section-id="${sectionId}"] > header [data-row-menu]`);
  await sectionMenu.press('Alt+ArrowDown');
  await expect(toasts(page).filter({ hasText: 'Moved the section' })).toBeVisible();
  // Moved back once the outline shows it second, as a person would see it there.
  await expect(page.locator('.course-section').nth(1)).toHaveAttribute('data-section-id', sectionId);
  await sectionMenu.press('Alt+ArrowUp');
  const sectionBack = toasts(page)
    .filter({ hasText: 'is back at position 1.' })
    .filter({ hasNotText: `“${a.title}”` });
  await expect(sectionBack).toBeVisible();
  await expect(sectionBack.getByTestId('notice-action')).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: 'Moved the section' })).toHaveCount(0);
  await expect.poll(sectionIds, { timeout: 20_000 }).toEqual(sectionsBefore);

  // A lesson delete: Undo from the toast keeps it (nothing sent).
  const dialog = page.getByTestId('confirm-dialog');
  await chooseRowAction(row(b.id), 'Delete…');
  await dialog.getByRole('button', { name: 'Delete lesson' }).click();
  const willGo = toasts(page).filter({ hasText: `“${b.title}” will be deleted` });
  await expect(willGo.getByTestId('notice-action')).toHaveText('Undo');
  await willGo.getByTestId('notice-action').click();
  await expect(toasts(page).filter({ hasText: `“${b.title}” was kept` })).toBeVisible();
  await expect(page.getByTestId('lesson-row').filter({ hasText: b.title })).toBeVisible();

  // Deleted again and held on screen by the pointer: once main has sent it, the Undo goes (a
  // sent delete cannot be undone) and the lesson is gone from the server.
  await chooseRowAction(row(b.id), 'Delete…');
  await dialog.getByRole('button', { name: 'Delete lesson' }).click();
  await expect(willGo.getByTestId('notice-action')).toBeVisible();
  await willGo.hover();
  await expect(willGo.getByTestId('notice-action')).toHaveCount(0, { timeout: 15_000 });
  await expect(willGo).toBeVisible();
  await page.mouse.move(10, 300);
  await expect.poll(async () => (await serverLessons(info, courseId, sectionId)).map((l) => l.id)).not.toContain(b.id);
  expect((await serverLessons(info, courseId, sectionId)).map((l) => l.id)).toContain(a.id);

  // An assessment delete: held back while its toast offers Undo; Undo shows it again and the
  // server never heard of it.
  await gotoRoute(page, 'assessments');
  const assessmentRow = page.getByTestId('assessment-row').last();
  await expect(assessmentRow).toBeVisible();
  const title = (await assessmentRow.locator('.row-title').innerText()).trim();
  await page.getByTestId('assessment-search').fill(title);
  await expect(page.getByTestId('assessment-row').filter({ hasNotText: title })).toHaveCount(0);
  await page.getByTestId('assessment-row').filter({ hasText: title }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const id = new URL(page.url()).hash.split('/').pop()!;
  await page.getByRole('button', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete assessment' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assessments');
  const deleting = toasts(page).filter({ hasText: `“${title}” will be deleted` });
  await expect(deleting.getByTestId('notice-action')).toHaveText('Undo');
  await deleting.getByTestId('notice-action').click();
  await expect(toasts(page).filter({ hasText: `“${title}” was kept` })).toBeVisible();
  await page.getByTestId('assessment-search').fill(title);
  await expect(page.getByTestId('assessment-row').filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId('deleted-row')).toHaveCount(0);
  await page.waitForTimeout(11_000);
  expect(await serverStatus(info, `/assessments/${id}`)).toBe(200);
});

test('Undo of "Clear finished" brings the rows back; a warning stays while uploads wait for the server', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(180_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-toasts-'));
  const small = join(dir, 'toast-small.mp4');
  const large = join(dir, 'toast-large.mp4');
  writeVideo(small, 64 * 1024);
  writeVideo(large, 20 * MiB);
  try {
    const { page } = lectern;
    await waitForShell(page);
    await gotoRoute(page, 'uploads');
    const stage = async (path: string, limit: string | null) => {
      await lectern.answerFileDialog([path]);
      await page.getByTestId('add-files').click();
      await expect(page.getByTestId('staged-row')).toHaveCount(1);
      await page.getByLabel('Course').selectOption({ label: COURSE });
      const section = page.getByLabel('Section');
      await expect(section.locator('option')).not.toHaveCount(1);
      await section.selectOption({ index: 1 });
      if (limit) await page.getByLabel('Speed limit').selectOption({ label: limit });
      await page.getByTestId('start-uploads').click();
      await expect(page.getByTestId('staged-row')).toHaveCount(0);
    };

    // One small upload to its end, then "Clear finished": Undo brings the row back.
    await stage(small, null);
    const rows = page.getByTestId('upload-row');
    await expect(page.getByTestId('clear-finished')).toBeEnabled({ timeout: 90_000 });
    await page.getByTestId('clear-finished').click();
    await expect(rows).toHaveCount(0);
    const cleared = toasts(page).filter({ hasText: 'Cleared 1 finished upload' });
    await cleared.getByTestId('notice-action').click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('toast-small');

    // A large one under a speed limit; the server goes away: one warning, which does not fade.
    await stage(large, '1 MiB/s');
    const row = rows.filter({ hasText: 'toast-large' });
    await expect(row).toHaveAttribute('data-state', 'uploading', { timeout: 15_000 });
    await lectern.setSandboxRunning(false);
    await expect(row).toHaveAttribute('data-state', 'waiting', { timeout: 30_000 });
    const waiting = toasts(page).filter({ hasText: 'waiting for the connection' });
    await expect(waiting).toHaveAttribute('data-level', 'warning');
    await page.waitForTimeout(8_000);
    await expect(waiting).toBeVisible();
    await screenshot(page, testInfo, 'toast-warning');
    // Back: the uploads go on, and the warning is taken away by itself.
    await lectern.setSandboxRunning(true);
    await expect(row).not.toHaveAttribute('data-state', 'waiting', { timeout: 60_000 });
    await expect(waiting).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Undo of a discard keeps the change; without Undo it is discarded', async ({ lectern }) => {
  test.setTimeout(90_000);
  const { page } = lectern;
  await waitForShell(page);
  await gotoRoute(page, 'assessments');
  const first = page.getByTestId('assessment-row').first();
  await expect(first).toBeVisible();
  await first.click();
  const titleField = page.locator('input[name="title"]');
  await expect(titleField).not.toHaveValue('');
  const changed = `${await titleField.inputValue()} (kept here)`;
  await titleField.fill(changed);

  // The change is kept on this computer and listed under Changes & sync.
  await gotoRoute(page, 'drafts');
  const change = page.getByTestId('draft-row').filter({ hasText: changed });
  await expect(change).toBeVisible({ timeout: 15_000 });
  const discard = async () => {
    await change.getByRole('button', { name: /^Discard/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(change).toHaveCount(0);
  };
  await discard();
  const toast = toasts(page).filter({ hasText: `“${changed}” will be discarded` });
  await toast.getByTestId('notice-action').click();
  await expect(toasts(page).filter({ hasText: `“${changed}” was kept.` })).toBeVisible();
  await expect(change).toBeVisible();

  // Without Undo (the toast closed), it is discarded for good.
  await discard();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await page.waitForTimeout(1_000);
  await page.reload();
  await gotoRoute(page, 'drafts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('drafts-connection')).toBeVisible();
  await expect(change).toHaveCount(0);
});
