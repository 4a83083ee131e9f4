/**
 * Refused work is resolvable (docs/save-model.md): with the sandbox's viewer key, a saved
 * lesson edit is refused by the server. Changes & sync lists it once, in its own list ("Refused by
 * the server") with Try again and Discard, never under "Waiting to send" nor among the local
 * changes; the status bar counts it as refused, not waiting; the workspace says once, in one banner,
 * that the key was refused and other changes may be too, and another kind's Save carries that hint.
 * Try again sends it again (refused again: still one line); Discard lets it go. Runs under
 * scripts/with-keyring.sh (the key goes to a real Secret Service).
 */
import { test, expect } from './fixtures.ts';
import { gotoRoute, sandboxApi, screenshot, waitForShell } from './support.ts';
import { addViewerWorkspace, switchToViewer, useViewerSandbox } from './viewer-workspace.ts';

const viewer = useViewerSandbox();
const adminView = () => viewer.adminView();

type Results<T> = { results: T[] };

interface ALesson {
  courseId: string;
  sectionId: string;
  lessonId: string;
  title: string;
  description: unknown;
}

async function aLesson(): Promise<ALesson> {
  const courses = (await sandboxApi(adminView(), 'GET', '/courses')) as unknown as Results<{ id: string }>;
  for (const course of courses.results) {
    const sections = (await sandboxApi(adminView(), 'GET', `/courses/${course.id}/sections`)) as unknown as Results<{
      id: string;
    }>;
    for (const section of sections.results) {
      const full = (await sandboxApi(
        adminView(),
        'GET',
        `/courses/${course.id}/sections/${section.id}`,
      )) as unknown as {
        lessons: { id: string; title: string; description?: unknown }[];
      };
      const lesson = full.lessons[0];
      if (lesson) {
        const { id: lessonId, title, description } = lesson;
        return { courseId: course.id, sectionId: section.id, lessonId, title, description };
      }
    }
  }
  throw new Error('the demo seed has no lesson');
}

test('a viewer key: a refused lesson edit is listed once, on its own, with Try again and Discard', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(120_000);
  const { page } = lectern;
  await waitForShell(page);
  const { courseId, sectionId, lessonId, title, description } = await aLesson();

  await addViewerWorkspace(page, viewer.server());
  await switchToViewer(page);
  await expect(page.getByTestId('workspace-read-only')).toHaveCount(0);

  // The first write of this key: a lesson edit, saved. The server refuses it.
  await gotoRoute(page, `courses/${courseId}/sections/${sectionId}/lessons/${lessonId}`);
  await expect(page.locator('input[name="title"]')).not.toHaveValue('', { timeout: 20_000 });
  const mine = `Refused description ${Date.now()}`;
  await page.locator('textarea[name="description"]').fill(mine);
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-kept', 'true');
  await page.getByTestId('save-to-server').click();
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-state', 'not-saved', { timeout: 20_000 });

  // Said once for the workspace, and counted as refused (not waiting, not "not saved").
  const banner = page.getByTestId('workspace-read-only');
  await expect(banner).toHaveCount(1);
  await expect(banner).toContainText('refused changes to lessons');
  await expect(banner).toContainText('other changes may be refused too');
  await expect(page.getByTestId('outbox-count')).toHaveText('1 refused');

  // Another kind's Save says it may be refused too.
  const assessments = (await sandboxApi(adminView(), 'GET', '/assessments')) as unknown as Results<{ id: string }>;
  await gotoRoute(page, `assessments/${assessments.results[0]!.id}`);
  await expect(page.locator('input[name="title"]')).not.toHaveValue('', { timeout: 20_000 });
  await expect(page.getByTestId('may-be-refused')).toContainText('may be refused too');
  await expect(page.getByTestId('workspace-read-only')).toHaveCount(1);

  // Changes & sync: once, in its own list, with Try again and Discard; nothing waits.
  await gotoRoute(page, 'drafts');
  const refused = page.getByTestId('refused-panel');
  await expect(refused.getByRole('heading', { name: 'Refused by the server' })).toBeVisible();
  const rows = refused.getByTestId('refused-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('may view lessons but not change them');
  await expect(page.getByTestId('outbox-row')).toHaveCount(0);
  await expect(page.getByTestId('draft-row')).toHaveCount(0);
  await expect(page.locator('main').getByText(title, { exact: true })).toHaveCount(1);
  await expect(page.getByText('Nothing is waiting: every change you saved has reached the server.')).toBeVisible();
  await screenshot(page, testInfo, 'refused-list');

  // Try again: sent again, refused again — still one line, still not waiting.
  await rows
    .first()
    .getByRole('button', { name: /^Try again/ })
    .click();
  await expect(page.getByTestId('outbox-count')).toHaveText('1 refused', { timeout: 20_000 });
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('outbox-row')).toHaveCount(0);

  // Discard: let go; nothing left anywhere, and the server copy is as it was.
  await rows
    .first()
    .getByRole('button', { name: /^Discard/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard', exact: true }).click();
  // The discard waits behind its toast's Undo; closing the toast sends it.
  await page
    .getByTestId('notice')
    .filter({ hasText: 'will be discarded' })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await expect(refused).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('outbox-count')).toHaveText('Nothing waiting to send');
  const server = await sandboxApi(adminView(), 'GET', `/courses/${courseId}/sections/${sectionId}/lessons/${lessonId}`);
  expect(server['description']).toEqual(description);
  expect(server['description']).not.toBe(mine);
});
