/**
 * The command palette finds content, through the bridge host: an assessment the app
 * never opened (the server's own search), a lesson of an opened course (the cache, at once),
 * grouped by kind; "Searching…" while the server is still asked, and "Nothing matches" only when
 * neither search found anything. The server's answer is held back in the page (the bridge's
 * `palette.searchServer` call) to see the words in between.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test, type SandboxInfo } from './fixtures.ts';
import { expectAccessible, sandboxApi, screenshot, waitForShell } from './support.ts';

test.skip(({ lectern }) => lectern.kind === 'electron', 'holds back the bridge host’s calls in the page');

interface Named {
  id: string;
  title: string;
}

async function lastAssessment(info: SandboxInfo): Promise<Named> {
  const page = (await sandboxApi(info, 'GET', '/assessments?page_size=100')) as unknown as { results: Named[] };
  return page.results[page.results.length - 1]!;
}

/** Holds every server search until `release()` (each held call then goes on to main). */
async function holdServerSearch(page: Page): Promise<{ release: () => void; held: () => number }> {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  await page.route('**/__bridge/rpc/palette.searchServer', async (route: Route) => {
    count++;
    await gate;
    await route.continue();
  });
  return { release: () => open(), held: () => count };
}

function palette(page: Page) {
  const dialog = page.getByTestId('command-palette');
  return {
    dialog,
    input: dialog.getByRole('combobox'),
    note: dialog.getByTestId('palette-note'),
    group: (name: string) => dialog.locator(`[data-testid="palette-group"][data-group="${name}"]`),
  };
}

test('Ctrl+K finds an assessment never opened, through the server’s search, under “Assessments”', async ({
  lectern,
}, testInfo) => {
  const { page } = lectern;
  await waitForShell(page);
  const assessment = await lastAssessment(await lectern.sandboxInfo());
  const server = await holdServerSearch(page);

  await page.keyboard.press('ControlOrMeta+k');
  const p = palette(page);
  await p.input.fill(assessment.title);
  // The cache has no assessment yet: while the server is asked, the palette says it is searching.
  await expect.poll(server.held).toBeGreaterThan(0);
  await expect(p.note).toHaveText('Searching…');
  await expect(p.dialog).not.toContainText('Nothing matches');

  server.release();
  const option = p.group('Assessments').getByRole('option').filter({ hasText: assessment.title });
  await expect(option.first()).toBeVisible();
  await expect(p.group('Assessments')).toHaveAccessibleName('Assessments');
  await expect(p.note).not.toContainText('Searching');
  await screenshot(page, testInfo, 'palette-server-hit');
  await expectAccessible(page, testInfo, 'the palette with grouped results');
  await option.first().click();
  await expect(p.dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`#/assessments/${assessment.id}`));
});

test('a lesson of an opened course is found from the cache before the server answers', async ({ lectern }) => {
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const courses = (await sandboxApi(info, 'GET', '/courses?page_size=1')) as unknown as { results: Named[] };
  const course = courses.results[0]! as Named & { name?: string };
  await page.evaluate((id) => (window.location.hash = `#/courses/${id}`), course.id);
  const lessonRow = page.getByTestId('lesson-row').first();
  await expect(lessonRow).toBeVisible({ timeout: 20_000 });
  const lessonTitle = (await lessonRow.locator('.row-title').innerText()).trim();

  const server = await holdServerSearch(page);
  await page.keyboard.press('ControlOrMeta+k');
  const p = palette(page);
  await p.input.fill(lessonTitle);
  // The server's answer is held: what shows came from the cache alone.
  const option = p.group('Lessons').getByRole('option').filter({ hasText: lessonTitle });
  await expect(option.first()).toBeVisible({ timeout: 2_000 });
  await expect(p.note).toContainText('Searching the server…');
  await expect(p.dialog).not.toContainText('Nothing matches');
  server.release();
  await expect(p.note).not.toContainText('Searching');
  await expect(option.first()).toBeVisible();
});

test('“Nothing matches” only once both searches found nothing', async ({ lectern }) => {
  const { page } = lectern;
  await waitForShell(page);
  const server = await holdServerSearch(page);
  await page.keyboard.press('ControlOrMeta+k');
  const p = palette(page);
  await p.input.fill('zqxw no such title');
  await expect.poll(server.held).toBeGreaterThan(0);
  await expect(p.note).toHaveText('Searching…');
  server.release();
  await expect(p.note).toContainText('Nothing matches “zqxw no such title”');
  await expect(p.dialog.getByRole('option')).toHaveCount(0);

  // A screen's name is a match too: no "Nothing matches" beside it.
  await p.input.fill('fire');
  await expect(p.group('Screens').getByRole('option').first()).toBeHidden();
  await p.input.fill('uploads');
  await expect(p.group('Screens').getByRole('option').first()).toBeVisible();
  await expect(p.note).not.toContainText('Nothing matches');
});
