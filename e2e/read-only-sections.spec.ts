/**
 * A read-only key and sections: with the sandbox's viewer key, renaming a section from
 * the course structure panel is refused by the server; the refusal is shown on that section's row
 * (which keeps its old title, as does the server), the workspace's one banner says so, and
 * from then on every section action (Rename, Move, Delete, Add section) is disabled with the
 * sentence, said once in the panel. A refused assignment create keeps what was typed, says why on
 * the form's status line, and disables Create with the sentence. Runs under scripts/with-keyring.sh
 * (the key goes to a real Secret Service).
 */
import type { Page } from '@playwright/test';
import type { LecternBridge } from '../src-shared/index.ts';
import { test, expect } from './fixtures.ts';
import { chooseRowAction } from './row-menu.ts';
import { gotoRoute, sandboxApi, waitForShell } from './support.ts';
import { addViewerWorkspace, switchToViewer, useViewerSandbox } from './viewer-workspace.ts';

const viewer = useViewerSandbox();
const adminView = () => viewer.adminView();

interface ServerSection {
  id: string;
  title: string;
  order: number;
}

async function serverSections(courseId: string): Promise<ServerSection[]> {
  const page = (await sandboxApi(adminView(), 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: ServerSection[];
  };
  return [...page.results].sort((a, b) => a.order - b.order);
}

async function courseWithSections(): Promise<{ courseId: string; sections: ServerSection[] }> {
  const courses = (await sandboxApi(adminView(), 'GET', '/courses')) as unknown as { results: { id: string }[] };
  for (const course of courses.results) {
    const sections = await serverSections(course.id);
    if (sections.length >= 2) return { courseId: course.id, sections };
  }
  throw new Error('the demo seed has no course with two sections');
}

/** The statuses of the app's POST /assignments requests, from its request log. */
async function assignmentPosts(page: Page): Promise<(number | null)[]> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern: LecternBridge }).lectern;
    const log = await bridge.app.requestLog();
    if (!log.ok) throw new Error(log.error.message);
    return log.value.filter((e) => e.method === 'POST' && /\/assignments$/.test(e.path)).map((e) => e.status);
  });
}

/** Adds the second sandbox as a workspace with its viewer key, and switches to it. */
async function openViewerWorkspace(page: Page): Promise<void> {
  await addViewerWorkspace(page, viewer.server());
  await switchToViewer(page);
}

test('a viewer key: a refused section rename shown on its row, then section actions disabled with the reason', async ({
  lectern,
}) => {
  test.setTimeout(120_000);
  const { page } = lectern;
  await waitForShell(page);
  const { courseId, sections } = await courseWithSections();
  const [first, second_] = sections as [ServerSection, ServerSection];

  await openViewerWorkspace(page);

  // The first section write: renaming the first section from the structure panel.
  await gotoRoute(page, `courses/${courseId}`);
  const panel = page.getByRole('region', { name: /^Outline of / });
  const row = (id: string) => panel.locator(`.course-section[data-section-id="${id}"] > header`);
  await expect(row(first.id)).toContainText(first.title, { timeout: 20_000 });
  await chooseRowAction(row(first.id), 'Rename');
  await row(first.id).getByLabel('Section title', { exact: true }).fill('Refused rename');
  await row(first.id).getByRole('button', { name: 'Save', exact: true }).click();

  // Shown where it was made, in the words of a change; the row keeps its title, as does the server.
  const refusal = row(first.id).getByTestId('row-refusal');
  await expect(refusal).toContainText('Not saved:', { timeout: 20_000 });
  await expect(refusal).toContainText('may view sections but not change them');
  await expect(row(first.id).locator('.section-card-name')).toHaveText(first.title, { timeout: 20_000 });
  await expect(panel.getByText('Refused rename')).toHaveCount(0);
  expect((await serverSections(courseId)).find((s) => s.id === first.id)?.title).toBe(first.title);

  // Said once for the workspace in its banner (other changes may be refused too), and once in the panel…
  await expect(page.getByTestId('workspace-read-only')).toContainText('refused changes to sections');
  await expect(page.getByTestId('workspace-read-only')).toContainText('other changes may be refused too');
  await expect(panel.getByTestId('sections-disabled')).toContainText('may view sections but not change them');
  await expect(panel.getByTestId('sections-create-disabled')).toHaveCount(0);
  // …and every section action is disabled with the sentence as its reason.
  await row(second_.id).locator('[data-row-menu]').click();
  const menu = row(second_.id).getByRole('menu');
  for (const name of ['Rename', 'Move up', 'Delete section…']) {
    const item = menu.getByRole('menuitem', { name, exact: true });
    await expect(item).toBeDisabled();
    await expect(item).toHaveAttribute('title', /may view sections but not change them/);
  }
  await page.keyboard.press('Escape');
  const add = panel.getByTestId('add-section');
  await expect(add).toBeDisabled();
  await expect(add).toHaveAttribute('title', /may view sections but not change them/);
  // Lessons are another kind: not marked by a section refusal.
  await expect(page.getByTestId('workspace-read-only')).toHaveAttribute('data-kinds', 'section');
  expect((await serverSections(courseId)).map((s) => [s.id, s.title])).toEqual(sections.map((s) => [s.id, s.title]));
});

test('a viewer key: a refused assignment create keeps what was typed, says why, and Create is then disabled', async ({
  lectern,
}) => {
  test.setTimeout(120_000);
  const { page } = lectern;
  await waitForShell(page);
  await openViewerWorkspace(page);

  await gotoRoute(page, 'assignments/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assignment');
  const title = `Refused assignment ${Date.now()}`;
  await page.locator('input[name="title"]').fill(title);
  await page.locator('textarea[name="description"]').fill('Never reaches the server.');
  await expect(page.getByTestId('autosave-status')).toHaveAttribute('data-kept', 'true');
  await page.getByTestId('create-assignment').click();

  // Not saved, in the words of a change, where it was made; what was typed is still there.
  const status = page.getByTestId('autosave-status');
  await expect(status).toHaveAttribute('data-state', 'not-saved', { timeout: 20_000 });
  await expect(status).toContainText('may view assignments but not change them');
  await expect(page.locator('input[name="title"]')).toHaveValue(title);
  await expect(page.getByTestId('workspace-read-only')).toContainText('refused changes to assignments');
  // Create is disabled with the sentence (said once: the status line says it, not again under it).
  const create = page.getByTestId('create-assignment');
  await expect(create).toBeDisabled();
  await expect(create).toHaveAttribute('title', /may view assignments but not change them/);
  await expect(page.getByTestId('write-refused')).toHaveCount(0);
  // The server answered the one create with 403 and made nothing.
  expect(await assignmentPosts(page)).toEqual([403]);
  // The assignments list says it too, before anyone writes the next one.
  await gotoRoute(page, 'assignments');
  await expect(page.getByTestId('assignments-read-only')).toContainText('may view assignments but not change them');
});
