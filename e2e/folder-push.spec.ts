/**
 * A whole course from a folder, from the app (bridge host + demo sandbox; the test answers main's
 * folder dialog): a small real folder — two section folders, real videos, a .md lesson and a file
 * that is skipped — is planned as a tree, confirmed, its videos go through the Uploads screen, and
 * its sections and lessons show on the course screen; a second plan has nothing to do. Then the
 * server stops offering section writes (`--no-structure`): the push is refused naming it, nothing
 * is made, and the next plan says so with Confirm disabled.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { checkScreen, gotoRoute, sandboxApi, waitForShell, writeVideo } from './support.ts';

async function firstCourse(info: SandboxInfo): Promise<{ id: string; name: string }> {
  const page = (await sandboxApi(info, 'GET', '/courses?page_size=1')) as unknown as {
    results: { id: string; name: string }[];
  };
  return page.results[0]!;
}

async function sectionTitles(info: SandboxInfo, courseId: string): Promise<string[]> {
  const page = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: { title: string }[];
  };
  return page.results.map((s) => s.title);
}

test('push a folder into a course: plan as a tree, confirm, uploads, lessons; a server without section writes', async ({
  lectern,
}, testInfo) => {
  test.setTimeout(240_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const root = mkdtempSync(join(tmpdir(), 'lectern-e2e-push-'));
  const folder = join(root, 'Forklift basics');
  mkdirSync(join(folder, '1 - Basics'), { recursive: true });
  mkdirSync(join(folder, '2 - Driving'), { recursive: true });
  writeFileSync(join(folder, '1 - Basics', '01 - Welcome.md'), '# Welcome\nRead this before you drive.');
  writeVideo(join(folder, '1 - Basics', '02 - Site walk.mp4'), 64 * 1024);
  writeVideo(join(folder, '2 - Driving', '1 - Checks.mp4'), 96 * 1024);
  writeFileSync(join(folder, '2 - Driving', 'notes.pdf'), '%PDF-1.7\n1 0 obj\n');
  try {
    const { page } = lectern;
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    const course = await firstCourse(info);
    const before = await sectionTitles(info, course.id);
    await gotoRoute(page, `courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);

    const openPlan = async () => {
      await lectern.answerFileDialog([folder]);
      await page.getByRole('button', { name: 'Push a folder…' }).click();
      const dialog = page.getByRole('dialog', { name: `Push “Forklift basics” into “${course.name}”` });
      await expect(dialog).toBeVisible();
      return dialog;
    };

    // The plan: a tree of sections and lessons with their markers, the skipped file and why, the totals.
    let dialog = await openPlan();
    const tree = dialog.getByTestId('push-plan-tree');
    await expect(tree).toBeVisible({ timeout: 30_000 });
    const sections = tree.locator(':scope > li[data-action="create"]');
    await expect(sections).toHaveCount(2);
    // The course's own sections are not in the folder: listed, left alone.
    await expect(tree.locator(':scope > li[data-action="leave"]')).toHaveCount(before.length);
    await expect(sections.nth(0).locator('.push-entry--section')).toContainText('New');
    await expect(sections.nth(0).locator('.push-entry--section')).toContainText('Basics');
    await expect(sections.nth(0).locator('li')).toHaveText([/New\s*Welcome\s*text/, /New\s*Site walk\s*video/]);
    await expect(sections.nth(1).locator('li')).toHaveText([/New\s*Checks\s*video/]);
    await expect(dialog.getByTestId('push-skipped')).toContainText('2 - Driving/notes.pdf');
    await expect(dialog.getByTestId('push-summary')).toContainText('2 sections to create, 3 lessons to create');
    await expect(dialog.getByTestId('push-summary')).toContainText('2 videos to upload');
    // Nothing is sent by planning; Cancel has the focus, and Escape closes the dialog.
    expect(await sectionTitles(info, course.id)).toEqual(before);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkScreen(page, testInfo, 'folder-push-plan');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    dialog = await openPlan();
    await dialog.getByRole('button', { name: 'Push to course' }).click();
    const outcome = dialog.getByTestId('push-outcome');
    await expect(outcome).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await expect(outcome).toHaveText(`Pushed to “${course.name}”: 2 sections created, 3 lessons created.`);
    await expect(dialog.getByTestId('push-events')).toContainText('Created video lesson “Site walk” in “Basics”.');
    await checkScreen(page, testInfo, 'folder-push-done');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The course screen shows the new sections with their lessons in the folder's order.
    const list = page.getByTestId('lesson-list');
    await expect(list).toContainText('Basics', { timeout: 30_000 });
    await expect(list).toContainText('Welcome');
    await expect(list).toContainText('Site walk');
    await expect(list).toContainText('Checks');
    expect(await sectionTitles(info, course.id)).toEqual([...before, 'Basics', 'Driving']);

    // The videos went through the upload engine: rows of the Uploads screen, done.
    await gotoRoute(page, 'uploads');
    const rows = page.getByTestId('upload-row');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row).toHaveAttribute('data-state', 'done');

    // A second plan of the unchanged folder has nothing to do.
    await gotoRoute(page, `courses/${course.id}`);
    dialog = await openPlan();
    await expect(dialog.getByTestId('push-blocked')).toHaveText(/Nothing to push/, { timeout: 30_000 });
    await expect(dialog.getByTestId('push-summary')).not.toContainText('to create');
    await expect(dialog.getByRole('button', { name: 'Push to course' })).toBeDisabled();
    await expect(dialog.getByTestId('push-blocked')).toHaveText(
      `Nothing to push: “${course.name}” already matches the folder.`,
    );
    // Deleting what is not in the folder is an opt-in ("all" here), and confirmed once more, naming it.
    await dialog.getByLabel('Delete all of them from the course').check();
    await expect(tree.locator(':scope > li[data-action="delete"]')).toHaveCount(before.length);
    const pushAndDelete = dialog.getByRole('button', { name: 'Push and delete' });
    await expect(pushAndDelete).toBeDisabled();
    await dialog.getByLabel(new RegExp(`^Yes, delete section “${before[0]}”.* on the server$`)).check();
    await expect(pushAndDelete).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await sectionTitles(info, course.id)).toEqual([...before, 'Basics', 'Driving']);

    // A server without section writes: refused naming the capability, nothing made, then said up front.
    mkdirSync(join(folder, '3 - Extra'));
    writeFileSync(join(folder, '3 - Extra', '1 - More.md'), 'More to read.');
    await lectern.setSandboxNoStructure(true);
    dialog = await openPlan();
    await expect(dialog.getByTestId('push-summary')).toContainText('1 section to create', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Push to course' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'does not let Lectern create sections' })).toHaveCount(2, {
      timeout: 30_000,
    });
    const push = dialog.getByRole('button', { name: 'Push to course' });
    await expect(push).toBeDisabled();
    await expect(push).toHaveAccessibleDescription(/does not let Lectern create sections/);
    expect(await sectionTitles(info, course.id)).toEqual([...before, 'Basics', 'Driving']);
    await checkScreen(page, testInfo, 'folder-push-no-structure');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
