import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { signedInPage } from './support/people';

// Arranging a list's items on the owner page, by pointer and by keyboard, on a desktop and a phone;
// guests see the order the owner set.

test.describe.configure({ timeout: 90_000 });

const titles = (page: Page) => page.locator('.ww-item-card .ww-item-title');
const handle = (page: Page, title: string) => page.getByRole('button', { name: `Move ${title}`, exact: true });

async function listWith(page: Page, items: string[]): Promise<string> {
  const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'Arranged', theme: 'Birthday' });
  for (const title of items) await apiCall(page, 'POST', `/wishlists/${list._id}/items`, { title });
  return list._id;
}

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`items are arranged by dragging and with the keyboard at ${viewport.width} px`, async ({ browser }) => {
    const { page, context } = await signedInPage(browser, 'Ordella', { viewport });
    const listId = await listWith(page, ['Kite', 'Lamp', 'Mug', 'Book']);
    await page.goto(`/wishlist/${listId}`);
    await expect(titles(page)).toHaveText(['Kite', 'Lamp', 'Mug', 'Book']);

    // Keyboard: Space lifts, arrows move, Space drops; each step is announced.
    await handle(page, 'Book').focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: 'Book picked up, place 4 of 4.' })).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('status').filter({ hasText: 'Book: place 2 of 4.' })).toBeAttached();
    await expect(handle(page, 'Book')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: 'Book dropped at place 2 of 4.' })).toBeAttached();
    await expect(titles(page)).toHaveText(['Kite', 'Book', 'Lamp', 'Mug']);

    // Escape puts a lifted item back.
    await handle(page, 'Kite').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(titles(page)).toHaveText(['Kite', 'Book', 'Lamp', 'Mug']);

    // Pointer: drag Mug's grip onto Kite.
    const from = (await handle(page, 'Mug').boundingBox())!;
    const onto = (await page.locator('.ww-item-card').first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, onto.y + onto.height / 2, { steps: 12 });
    await page.mouse.move(from.x + from.width / 2, onto.y + 4, { steps: 4 });
    await page.mouse.up();
    await expect(titles(page)).toHaveText(['Mug', 'Kite', 'Book', 'Lamp']);

    // Kept: after a reload, and for guests.
    await expect.poll(async () => (await apiCall<{ items: { title: string }[] }>(page, 'GET', `/wishlists/${listId}`)).items.map((item) => item.title)).toEqual(['Mug', 'Kite', 'Book', 'Lamp']);
    await page.reload();
    await expect(titles(page)).toHaveText(['Mug', 'Kite', 'Book', 'Lamp']);
    const guest = await browser.newPage({ viewport });
    await guest.goto(`/share/wishlist/${listId}`);
    await expect(titles(guest)).toHaveText(['Mug', 'Kite', 'Book', 'Lamp']);
    await guest.close();
    await context.close();
  });
}
