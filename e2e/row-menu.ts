/** Row menus (components/RowMenu.tsx): a row's actions sit behind its "Actions for …" button. */
import type { Locator } from '@playwright/test';

/** Opens the row's menu and chooses one of its actions by its words ("Move up", "Delete…"). */
export async function chooseRowAction(row: Locator, action: string): Promise<void> {
  await row.locator('[data-row-menu]').click();
  await row.getByRole('menu').getByRole('menuitem', { name: action, exact: true }).click();
}
