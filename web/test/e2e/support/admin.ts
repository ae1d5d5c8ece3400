import { expect, type Page } from '@playwright/test';

/**
 * Opens an admin page from the console's menu: the side menu at 900 px and wider (which then
 * marks that page), else the drawer behind the 'Admin menu' button.
 */
export async function openAdminPage(page: Page, menuText: string, heading: string) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Admin menu' });
  const inDrawer = await menuButton.isVisible();
  if (inDrawer) await menuButton.click();
  await page.getByRole('menuitem', { name: menuText, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  if (inDrawer) return;
  await expect(page.getByRole('menuitem', { name: menuText, exact: true })).toHaveClass(/bp6-active/);
  if (menuText !== 'Dashboard') await expect(page.getByRole('menuitem', { name: 'Dashboard', exact: true })).not.toHaveClass(/bp6-active/);
}
