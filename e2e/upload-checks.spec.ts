/**
 * Knowing a file before sending it (bridge host + demo sandbox; the test answers main's file
 * dialog): a text file named .mp4 is refused in its staging row with the reason and is left out of
 * the start; a real video shows its length, size and codecs; the same content twice in one batch,
 * and later again once it is a lesson of the section, is flagged with a Skip / Upload anyway choice.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures.ts';
import { checkScreen, gotoRoute, waitForShell } from './support.ts';

const COURSE = 'Workplace Safety Essentials';
const MP4 = fileURLToPath(new URL('../src-main/media/test-fixtures/h264-3s.mp4', import.meta.url));

test('staging rows refuse non-videos, show what a video holds, and flag duplicates', async ({ lectern }, testInfo) => {
  test.setTimeout(120_000);
  test.skip(lectern.kind === 'electron', 'uses the bridge host’s test hooks');
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-checks-'));
  const notes = join(dir, 'notes.mp4');
  writeFileSync(notes, 'Week 1: bring a hard hat and safety boots.\n');
  // A real MP4 followed by other bytes is still a video.
  const clip = join(dir, 'ladder-safety.mp4');
  writeFileSync(clip, Buffer.concat([readFileSync(MP4), randomBytes(300 * 1024)]));
  const copy = join(dir, 'ladder-safety (copy).mp4');
  copyFileSync(clip, copy);
  try {
    const { page } = lectern;
    await waitForShell(page);
    await gotoRoute(page, 'uploads');

    await lectern.answerFileDialog([notes, clip, copy]);
    await page.getByTestId('add-files').click();
    const staged = page.getByTestId('staged-row');
    await expect(staged).toHaveCount(3);
    // Rows keep the order the files were given (the copy's row names the original, so no text filter).
    const [notesRow, clipRow, copyRow] = [staged.nth(0), staged.nth(1), staged.nth(2)];
    await expect(clipRow.locator('strong')).toHaveText('ladder-safety.mp4');

    await expect(notesRow.getByTestId('staged-refused')).toHaveText(
      'notes.mp4 is a text file, not a video. It will not be uploaded.',
    );
    await expect(clipRow.getByTestId('staged-facts')).toHaveText('0:03 · 160×120 · AVC + AAC');
    await expect(clipRow.getByTestId('staged-duplicate')).toHaveCount(0);
    const duplicate = copyRow.getByTestId('staged-duplicate');
    await expect(duplicate).toContainText('Duplicate: Same video as ladder-safety.mp4 in this batch.');

    await page.getByLabel('Course').selectOption({ label: COURSE });
    const section = page.getByLabel('Section');
    await expect(section.locator('option')).not.toHaveCount(1);
    await section.selectOption({ index: 1 });
    // Until the duplicate is decided, nothing starts.
    await expect(page.getByText('Choose Skip or Upload anyway for each duplicate.')).toBeVisible();
    await expect(page.getByTestId('start-uploads')).toBeDisabled();
    await duplicate.scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, 'uploads-checks');

    await duplicate.getByLabel('Skip').check();
    const start = page.getByTestId('start-uploads');
    await expect(start).toHaveText('Start 1 upload');
    await start.click();
    const rows = page.getByTestId('upload-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasText: 'ladder-safety.mp4' })).toHaveAttribute('data-state', 'done', {
      timeout: 60_000,
    });
    await expect(rows.filter({ hasText: 'notes.mp4' })).toHaveCount(0);

    // The copy again, once the first is a lesson of this section: flagged as already there.
    await lectern.answerFileDialog([copy]);
    await page.getByTestId('add-files').click();
    await expect(staged).toHaveCount(1);
    const again = staged.first().getByTestId('staged-duplicate');
    await expect(again).toContainText(
      /Duplicate: Already in this section as “Ladder safety” \(uploaded from ladder-safety\.mp4 on \d{4}-\d\d-\d\d\)\./,
    );
    await again.getByLabel('Upload anyway').check();
    await expect(start).toBeEnabled();
    await start.click();
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'ladder-safety (copy).mp4' })).toHaveAttribute('data-state', 'done', {
      timeout: 60_000,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
