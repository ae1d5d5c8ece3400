import { expect, type Page, type Request } from '@playwright/test';

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

/**
 * Follows the page's admin event streams (the console's EventSource on GET /api/v1/admin/events).
 * `open()` waits until the newest has answered and is still open: from then on what the server
 * announces reaches the page. (A console loaded anew opens a stream of its own: an event announced
 * before it answers reaches it only if the browser had one open, so the first answer alone proves nothing.)
 */
export function adminEventStreams(page: Page): { open(): Promise<void> } {
  const streams = new Map<Request, { answered: boolean; ended: boolean }>();
  let newest: { answered: boolean; ended: boolean } | undefined;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/admin/events')) streams.set(request, (newest = { answered: false, ended: false }));
  });
  page.on('response', (response) => {
    const stream = streams.get(response.request());
    if (stream) stream.answered = true;
  });
  const ended = (request: Request) => {
    const stream = streams.get(request);
    if (stream) stream.ended = true;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    open: () => expect.poll(() => newest !== undefined && newest.answered && !newest.ended, { message: "the console's event stream is open", intervals: [50] }).toBe(true),
  };
}
