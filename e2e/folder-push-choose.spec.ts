/**
 * Choosing what a folder push deletes, and what its result says, from the app (bridge host + demo
 * sandbox; the test answers main's folder dialog). A folder is pushed: the result lists every
 * section and lesson it created, each with its section. A lesson's file then leaves the folder: in
 * the next plan the instructor ticks that one lesson (nothing else not in the folder is ticked), the
 * confirmation names it, only it is deleted, and the outline numbers the lessons left 1, 2, 3.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type SandboxInfo } from './fixtures.ts';
import { gotoRoute, openPushPlan, sandboxApi, waitForShell, writeVideo } from './support.ts';

interface Tree {
  title: string;
  lessons: string[];
}

async function course(info: SandboxInfo): Promise<{ id: string; name: string }> {
  const page = (await sandboxApi(info, 'GET', '/courses?page_size=2')) as unknown as {
    results: { id: string; name: string }[];
  };
  return page.results[1]!;
}

async function tree(info: SandboxInfo, courseId: string): Promise<Tree[]> {
  const page = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: { id: string; title: string }[];
  };
  const out: Tree[] = [];
  for (const s of page.results) {
    const full = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections/${s.id}`)) as unknown as {
      lessons: { title: string; order: number }[];
    };
    out.push({ title: s.title, lessons: [...full.lessons].sort((a, b) => a.order - b.order).map((l) => l.title) });
  }
  return out;
}

test('push a folder, then delete only the one lesson ticked; the result names each entry with its section', async ({
  lectern,
}) => {
  test.setTimeout(240_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const root = mkdtempSync(join(tmpdir(), 'lectern-e2e-choose-'));
  const folder = join(root, 'Yard course');
  mkdirSync(join(folder, '1 - Yard basics'), { recursive: true });
  mkdirSync(join(folder, '2 - Yard driving'), { recursive: true });
  writeVideo(join(folder, '1 - Yard basics', '1 - Welcome.mp4'), 64 * 1024);
  writeFileSync(join(folder, '1 - Yard basics', '2 - Notes.md'), 'Notes to drop later.');
  writeFileSync(join(folder, '1 - Yard basics', '3 - Safety.md'), 'Look twice.');
  writeFileSync(join(folder, '1 - Yard basics', '4 - Signals.md'), 'Hand signals.');
  writeFileSync(join(folder, '2 - Yard driving', '1 - Notes.md'), 'Driving notes.');
  try {
    const { page } = lectern;
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    const target = await course(info);
    const before = await tree(info, target.id);
    await gotoRoute(page, `courses/${target.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.name);
    const openPlan = () => openPushPlan(lectern, folder, 'Yard course', target.name);

    // The first push: its result lists every section and lesson made, with its section.
    let dialog = await openPlan();
    await dialog.getByRole('button', { name: 'Push to course' }).click();
    let outcome = dialog.getByTestId('push-outcome');
    await expect(outcome).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await expect(outcome).toHaveText(`Pushed to “${target.name}”: 2 sections created, 5 lessons created.`);
    await expect(dialog.getByTestId('push-events').locator('li')).toHaveText([
      'Created section “Yard basics”.',
      'Created section “Yard driving”.',
      'Created text lesson “Notes” in “Yard basics”.',
      'Created text lesson “Safety” in “Yard basics”.',
      'Created text lesson “Signals” in “Yard basics”.',
      'Created text lesson “Notes” in “Yard driving”.',
      'Created video lesson “Welcome” in “Yard basics”.',
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Notes leaves the folder. Everything not in the folder has its own box, none ticked.
    rmSync(join(folder, '1 - Yard basics', '2 - Notes.md'));
    dialog = await openPlan();
    const boxes = dialog.locator('.push-delete-box');
    expect(await boxes.count()).toBeGreaterThan(1);
    for (const box of await boxes.all()) await expect(box).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Push to course' })).toBeDisabled(); // nothing to push yet
    await dialog.getByLabel('Delete lesson “Notes” of “Yard basics”').check();
    await expect(dialog.getByTestId('push-summary')).toContainText('1 lesson to delete');
    const pushAndDelete = dialog.getByRole('button', { name: 'Push and delete' });
    await expect(pushAndDelete).toBeDisabled();
    // The confirmation names exactly what goes.
    await dialog.getByLabel('Yes, delete lesson “Notes” in “Yard basics” on the server', { exact: true }).check();
    await pushAndDelete.click();
    outcome = dialog.getByTestId('push-outcome');
    await expect(outcome).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(outcome).toHaveText(`Pushed to “${target.name}”: 1 lesson deleted.`);
    await expect(dialog.getByTestId('push-events').locator('li')).toHaveText([
      'Deleted lesson “Notes” in “Yard basics”.',
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Only that lesson went: the other Notes and everything the course had stay.
    expect(await tree(info, target.id)).toEqual([
      ...before,
      { title: 'Yard basics', lessons: ['Welcome', 'Safety', 'Signals'] },
      { title: 'Yard driving', lessons: ['Notes'] },
    ]);

    // The outline numbers what is left by position: 1, 2, 3 (the server's order now has a gap).
    await gotoRoute(page, 'uploads');
    await gotoRoute(page, `courses/${target.id}`);
    const basics = page
      .locator('section.course-section')
      .filter({ has: page.getByRole('heading', { name: /Yard basics$/ }) });
    await expect(basics.getByTestId('lesson-row')).toHaveCount(3, { timeout: 30_000 });
    await expect(basics.locator('.row-order')).toHaveText(['1.', '2.', '3.']);
    await expect(basics.getByTestId('lesson-row').locator('.row-title')).toHaveText(['Welcome', 'Safety', 'Signals']);
    const headers = page.getByTestId('section-row').locator('.section-card-number');
    await expect(headers).toHaveText(Array.from({ length: before.length + 2 }, (_, n) => `Section ${n + 1}`));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
