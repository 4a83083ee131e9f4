/**
 * A read-only key: a workspace added with the sandbox's viewer key is said to be
 * accepted for reading; the first write it tries (a lesson move) is refused by the server, shown on
 * the row and undone on screen and on the server; from then on the workspace is marked read-only
 * for lessons in one workspace banner, and the lesson actions and the editor's Save are disabled with the
 * reason. Runs under scripts/with-keyring.sh (the key goes to a real Secret Service).
 */
import { test, expect } from './fixtures.ts';
import { chooseRowAction } from './row-menu.ts';
import { gotoRoute, sandboxApi, waitForShell } from './support.ts';
import { addViewerWorkspace, switchToViewer, useViewerSandbox } from './viewer-workspace.ts';

const viewer = useViewerSandbox();
const adminView = () => viewer.adminView();

async function sectionWithLessons(): Promise<{ courseId: string; sectionId: string; lessonIds: string[] }> {
  const courses = (await sandboxApi(adminView(), 'GET', '/courses')) as unknown as { results: { id: string }[] };
  for (const course of courses.results) {
    const sections = (await sandboxApi(adminView(), 'GET', `/courses/${course.id}/sections`)) as unknown as {
      results: { id: string }[];
    };
    for (const section of sections.results) {
      const lessonIds = await serverOrder(course.id, section.id);
      if (lessonIds.length >= 2) return { courseId: course.id, sectionId: section.id, lessonIds };
    }
  }
  throw new Error('the demo seed has no section with two lessons');
}

async function serverOrder(courseId: string, sectionId: string): Promise<string[]> {
  const section = (await sandboxApi(adminView(), 'GET', `/courses/${courseId}/sections/${sectionId}`)) as unknown as {
    lessons: { id: string; order: number }[];
  };
  return [...section.lessons].sort((a, b) => a.order - b.order).map((l) => l.id);
}

test('a viewer key: accepted for reading, a refused move shown on its row and undone, then read-only', async ({
  lectern,
}) => {
  test.setTimeout(120_000);
  const { page } = lectern;
  await waitForShell(page);
  const { courseId, sectionId, lessonIds } = await sectionWithLessons();

  // Add the second sandbox with its viewer key: the app does not claim more than it knows.
  await addViewerWorkspace(page, viewer.server());
  const card = page.getByTestId('workspace-card').filter({ hasText: 'Viewer' });
  await expect(card.getByTestId('verification-result')).toContainText('for reading');
  await switchToViewer(page);

  // The first write: moving the first lesson down. The server refuses it; the row says why, in
  // the words of a write (the key may not *change* lessons), and the order is back.
  await gotoRoute(page, `courses/${courseId}`);
  const rows = page.locator(`[data-section-id="${sectionId}"]`).getByTestId('lesson-row');
  await expect(rows.first()).toHaveAttribute('data-lesson-id', lessonIds[0]!);
  await chooseRowAction(rows.first(), 'Move down');
  const refusal = page.getByTestId('row-refusal');
  await expect(refusal).toHaveCount(1, { timeout: 20_000 });
  await expect(refusal).toContainText('Not saved:');
  await expect(refusal).toContainText(/not change/);
  await expect(rows.first()).toHaveAttribute('data-lesson-id', lessonIds[0]!);
  await expect(rows.nth(1)).toHaveAttribute('data-lesson-id', lessonIds[1]!);
  expect(await serverOrder(courseId, sectionId)).toEqual(lessonIds);

  // Said once for the workspace: one banner says lessons were refused and other changes may be…
  await expect(page.getByTestId('workspace-read-only')).toHaveCount(1);
  await expect(page.getByTestId('workspace-read-only')).toContainText('refused changes to lessons');
  // …and the lesson actions are disabled with the reason.
  await rows.nth(1).locator('[data-row-menu]').click();
  const moveUp = rows.nth(1).getByRole('menu').getByRole('menuitem', { name: 'Move up', exact: true });
  await expect(moveUp).toBeDisabled();
  await expect(moveUp).toHaveAttribute('title', /not change/);
  await page.keyboard.press('Escape');

  // The lesson editor: Save is disabled, and the note says why.
  await rows.first().getByRole('link').first().click();
  await expect(page.getByTestId('write-refused')).toContainText(/not change/);
  await expect(page.getByTestId('save-to-server')).toBeDisabled();
  expect(await serverOrder(courseId, sectionId)).toEqual(lessonIds);
});
