/**
 * Course structure (bridge host + demo sandbox): a section added, renamed in place and moved up
 * from the course outline ends so on the server; a section that still holds lessons is deleted
 * only when its lessons are named and asked for (Cancel keeps it); course details saved from the
 * course card reach the server; and a server without section writes (`--no-structure`) is said
 * once and the action disabled with that sentence.
 */
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { chooseRowAction } from './row-menu.ts';
import { gotoRoute, sandboxApi, waitForShell } from './support.ts';

interface ServerSection {
  id: string;
  title: string;
  order: number;
  lessons: unknown[];
}

async function course(info: SandboxInfo): Promise<{ id: string; name: string }> {
  const courses = (await sandboxApi(info, 'GET', '/courses?search=Workplace%20Safety')) as unknown as {
    results: { id: string; name: string }[];
  };
  return courses.results[0]!;
}
async function sections(info: SandboxInfo, courseId: string): Promise<ServerSection[]> {
  const page = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: ServerSection[];
  };
  return [...page.results].sort((a, b) => a.order - b.order);
}

test('sections: add, rename, move up; a section with lessons is not deleted; course details saved', async ({
  lectern,
}) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.sandboxInfo();
  const { id: courseId, name } = await course(info);
  await gotoRoute(page, `courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  const panel = page.getByRole('region', { name: /^Outline of / });
  await panel.getByTestId('add-section').click();
  await panel.getByLabel('New section title').fill('Added from the app');
  await panel.getByRole('button', { name: 'Add section', exact: true }).click();
  await expect
    .poll(async () => (await sections(info, courseId)).at(-1)?.title, { timeout: 20_000 })
    .toBe('Added from the app');

  const header = (title: string) =>
    panel.locator('.course-section > header', { has: page.locator('.section-card-name', { hasText: title }) });
  const row = header('Added from the app');
  await expect(row).toBeVisible({ timeout: 20_000 });
  // Create goes to the created thing: the new section is focused in the course outline.
  await expect(page.locator('[data-section-heading]', { hasText: 'Added from the app' })).toBeFocused({
    timeout: 20_000,
  });
  // Renamed in place: the title becomes a field in the section's own header.
  const id = await row.locator('xpath=..').getAttribute('data-section-id');
  const byId = panel.locator(`.course-section[data-section-id="${id}"] > header`);
  await chooseRowAction(byId, 'Rename');
  await expect(byId.getByLabel('Section title', { exact: true })).toBeFocused();
  await byId.getByLabel('Section title', { exact: true }).fill('Renamed in the app');
  await byId.getByLabel('Section title', { exact: true }).press('Enter');
  await expect
    .poll(async () => (await sections(info, courseId)).at(-1)?.title, { timeout: 20_000 })
    .toBe('Renamed in the app');

  const renamed = header('Renamed in the app');
  await chooseRowAction(renamed, 'Move up');
  await expect
    .poll(
      async () => {
        const list = await sections(info, courseId);
        return list.findIndex((s) => s.title === 'Renamed in the app') === list.length - 2;
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  const full = (await sections(info, courseId)).find((s) => s.lessons.length > 0)!;
  await chooseRowAction(panel.locator(`.course-section[data-section-id="${full.id}"] > header`), 'Delete section…');
  const dialog = page.getByRole('dialog', { name: `Delete the section “${full.title}”?` });
  await expect(dialog).toContainText(`still holds ${full.lessons.length} lessons`);
  await expect(dialog).toContainText('the server cannot move a lesson from one section to another');
  await expect(dialog.getByRole('button', { name: `Delete section and ${full.lessons.length} lessons` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await sections(info, courseId)).some((s) => s.id === full.id)).toBe(true);

  const card = page.getByRole('region', { name: 'About this course' });
  await card.getByRole('button', { name: 'Edit course details' }).click();
  const form = card.getByRole('form', { name: 'Course details' });
  await form.getByLabel('Requirements').fill('A forklift licence');
  await form.getByRole('button', { name: /^Save details/ }).click();
  await expect
    .poll(
      async () => ((await sandboxApi(info, 'GET', `/courses/${courseId}`)) as { requirements?: string }).requirements,
      {
        timeout: 20_000,
      },
    )
    .toBe('A forklift licence');
});

test('a server without section writes: said once, the action disabled with that sentence', async ({ lectern }) => {
  test.setTimeout(150_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const { page } = lectern;
  await waitForShell(page);
  const info = await lectern.setSandboxNoStructure(true);
  const { id: courseId, name } = await course(info);
  const before = (await sections(info, courseId)).length;
  await gotoRoute(page, `courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const panel = page.getByRole('region', { name: /^Outline of / });
  await panel.getByTestId('add-section').click();
  await panel.getByLabel('New section title').fill('Refused');
  await panel.getByRole('button', { name: 'Add section', exact: true }).click();
  await expect(panel.getByTestId('sections-disabled')).toContainText(
    'This server does not let Lectern create sections.',
    {
      timeout: 30_000,
    },
  );
  await expect(panel.getByTestId('add-section')).toBeDisabled();
  await expect(panel.getByTestId('section-create-pending')).toContainText('Refused');
  expect(await sections(info, courseId)).toHaveLength(before);
  await lectern.setSandboxNoStructure(false);
});
