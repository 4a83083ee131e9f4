/**
 * One save model on every editor (docs/save-model.md), tried in the app as an instructor
 * meets it: each editor empty or untouched says nothing (never "Saved", never "Unsaved"), edited
 * says "Local changes", "Saved" only once the server has it, and offline the button says what it
 * will do ("Save — sends when online") and the line that the change waits. Nowhere is local work
 * called a draft, and no editor says its changes are "saved as you go".
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, type LecternApp, type SandboxInfo } from './fixtures.ts';
import { gotoRoute, sandboxApi, screenshot, waitForShell } from './support.ts';

type Results<T> = { results: T[] };

async function courseWithLesson(info: SandboxInfo) {
  const courses = (await sandboxApi(info, 'GET', '/courses?search=Workplace%20Safety')) as unknown as Results<{
    id: string;
  }>;
  const courseId = courses.results[0]!.id;
  const sections = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections`)) as unknown as Results<{
    id: string;
    order: number;
  }>;
  for (const section of [...sections.results].sort((a, b) => a.order - b.order)) {
    const full = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections/${section.id}`)) as unknown as {
      lessons: { id: string; title: string }[];
    };
    const lesson = full.lessons[0];
    if (lesson) return { courseId, sectionId: section.id, lessonId: lesson.id };
  }
  throw new Error('the demo seed has no lesson in Workplace Safety');
}

async function anAssessment(info: SandboxInfo): Promise<string> {
  const list = (await sandboxApi(info, 'GET', '/assessments')) as unknown as Results<{ id: string }>;
  return list.results[0]!.id;
}

const line = (page: Page): Locator => page.getByTestId('autosave-status');

/** The line says nothing, and no word of the old contradictions is on the screen. */
async function saysNothing(page: Page): Promise<void> {
  await expect(line(page)).toHaveAttribute('data-state', 'idle');
  await expect(line(page)).toHaveText('');
  await noContradictions(page);
}

async function noContradictions(page: Page): Promise<void> {
  const main = page.locator('main');
  await expect(main).not.toContainText(/Unsaved|saved as you go|Save details to server|Saved on this computer/);
}

async function saysLocal(page: Page): Promise<void> {
  await expect(line(page)).toHaveAttribute('data-state', 'local');
  await expect(line(page)).toContainText('Local changes');
  await expect(line(page)).not.toContainText(/draft/i);
}

/** Asks main to check the server now; its answer's state. */
async function checkNow(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const bridge = (window as unknown as { lectern: { sync: { checkNow: () => Promise<unknown> } } }).lectern;
    const result = (await bridge.sync.checkNow()) as { ok: boolean; value?: { state: string } };
    return result.ok ? (result.value?.state ?? null) : null;
  });
}

async function offline(lectern: LecternApp): Promise<void> {
  await lectern.setSandboxRunning(false);
  await expect.poll(() => checkNow(lectern.page), { timeout: 20_000 }).not.toBe('online');
  await expect(lectern.page.getByTestId('connection-state')).not.toHaveAttribute('data-state', 'online');
}

async function online(lectern: LecternApp): Promise<void> {
  await lectern.setSandboxRunning(true);
  await expect.poll(() => checkNow(lectern.page), { timeout: 20_000 }).toBe('online');
}

test('every editor says the same words: nothing untouched, local changes, saved, and offline what Save will do', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(180_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const { courseId, sectionId, lessonId } = await courseWithLesson(info);
  const assessmentId = await anAssessment(info);

  // New lesson: empty says nothing; typed, local changes.
  await gotoRoute(page, `courses/${courseId}/sections/${sectionId}/lessons/new`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New lesson');
  await saysNothing(page);
  await expect(page.getByTestId('save-to-server')).toHaveText('Create lesson');
  await page.locator('input[name="title"]').fill(`Words ${Date.now()}`);
  await saysLocal(page);
  await screenshot(page, testInfo, 'save-words-new-lesson-edited');

  // Lesson editor: untouched says nothing; edited, local; saved online, "Saved".
  await gotoRoute(page, `courses/${courseId}/sections/${sectionId}/lessons/${lessonId}`);
  await expect(page.locator('input[name="title"]')).not.toHaveValue('');
  await saysNothing(page);
  await expect(page.getByTestId('save-to-server')).toHaveText('Save');
  const lessonDescription = `Described ${Date.now()}`;
  await page.locator('textarea[name="description"]').fill(lessonDescription);
  await saysLocal(page);
  await expect(line(page)).toHaveAttribute('data-kept', 'true');
  await page.getByTestId('save-to-server').click();
  await expect(line(page)).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
  await expect(line(page)).toContainText('Saved');
  await noContradictions(page);

  // New assessment: empty says nothing; typed, local changes.
  await gotoRoute(page, 'assessments/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assessment');
  await saysNothing(page);
  await page.locator('input[name="title"]').fill(`Words exam ${Date.now()}`);
  await saysLocal(page);

  // Assessment editor: untouched says nothing; edited, local; saved online.
  await gotoRoute(page, `assessments/${assessmentId}`);
  await expect(page.locator('input[name="title"]')).not.toHaveValue('');
  await saysNothing(page);
  await page.locator('textarea[name="description"]').fill(`Assessed ${Date.now()}`);
  await saysLocal(page);
  await expect(line(page)).toHaveAttribute('data-kept', 'true');
  await page.getByTestId('save-to-server').click();
  await expect(line(page)).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });

  // New assignment: empty says nothing; typed, local changes; Ctrl+S keeps it, never "Saved".
  await gotoRoute(page, 'assignments/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New assignment');
  await saysNothing(page);
  await page.locator('input[name="title"]').fill(`Words assignment ${Date.now()}`);
  await saysLocal(page);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Kept on this computer. “Create assignment” sends it.')).toBeVisible();

  // Course details: opened untouched says nothing ("Unsaved changes" was said here); edited, local;
  // saved online, "Saved".
  await gotoRoute(page, `courses/${courseId}`);
  await page.getByRole('button', { name: 'Edit course details' }).click();
  const details = page.getByRole('form', { name: 'Course details' });
  await expect(details.getByTestId('autosave-status')).toHaveAttribute('data-state', 'idle');
  await expect(details.getByTestId('autosave-status')).toHaveText('');
  await expect(details).not.toContainText(/Unsaved/);
  await expect(details.getByRole('button', { name: 'Save details', exact: true })).toBeVisible();
  await details.getByLabel('Requirements').fill(`Requirement ${Date.now()}`);
  await expect(details.getByTestId('autosave-status')).toHaveAttribute('data-state', 'local');
  await details.getByRole('button', { name: 'Save details', exact: true }).click();
  await expect(details.getByTestId('autosave-status')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });

  // Offline: every button says what it will do, and a saved change says it waits.
  await offline(lectern);
  await expect(details.getByRole('button', { name: 'Save details — sends when online' })).toBeVisible();
  await details.getByLabel('Requirements').fill(`Offline requirement ${Date.now()}`);
  await expect(details.getByTestId('autosave-status')).toHaveAttribute('data-state', 'local');
  await details.getByRole('button', { name: 'Save details — sends when online' }).click();
  await expect(details.getByTestId('autosave-status')).toHaveAttribute('data-state', 'waiting', { timeout: 20_000 });
  await expect(details.getByTestId('autosave-status')).toContainText('sends when the server is reachable');
  await details.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'save-words-course-details-offline');

  await gotoRoute(page, `courses/${courseId}/sections/${sectionId}/lessons/new`);
  await expect(page.getByTestId('save-to-server')).toHaveText('Create lesson — sends when online');
  await saysNothing(page);

  await gotoRoute(page, `assessments/${assessmentId}`);
  await expect(page.locator('input[name="title"]')).not.toHaveValue('');
  await saysNothing(page);
  await page.locator('textarea[name="description"]').fill(`Offline assessed ${Date.now()}`);
  await saysLocal(page);
  await expect(page.getByTestId('save-to-server')).toHaveText('Save — sends when online');

  await gotoRoute(page, 'assignments/new');
  await expect(page.getByTestId('create-assignment')).toHaveText('Create assignment — sends when online');

  await gotoRoute(page, `courses/${courseId}/sections/${sectionId}/lessons/${lessonId}`);
  await expect(page.locator('input[name="title"]')).not.toHaveValue('');
  await saysNothing(page);
  await page.locator('textarea[name="description"]').fill(`Offline ${Date.now()}`);
  await saysLocal(page);
  await expect(page.getByTestId('save-to-server')).toHaveText('Save — sends when online');
  await page.getByTestId('save-to-server').click();
  await expect(line(page)).toHaveAttribute('data-state', 'waiting', { timeout: 20_000 });
  await expect(line(page)).toContainText('sends when the server is reachable');
  await screenshot(page, testInfo, 'save-words-lesson-offline');

  // Back online: what waited is sent, and only then "Saved".
  await online(lectern);
  await expect(line(page)).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
  await expect(page.getByTestId('save-to-server')).toHaveText('Save');

  // Changes & sync: local work is "Local changes", never "Drafts".
  await gotoRoute(page, 'drafts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changes & sync');
  await expect(page.getByRole('heading', { name: 'Local changes' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/Drafts|Unsaved/);
});
