import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { itemCard, signedInPage } from './support/people';

// The item form says what to change before anything is sent, in the reader's language, with the
// server's own rules (shared/money-input.ts, shared/text-limits.ts): amounts as the language
// writes them, a currency sign that is not the item's, the largest amount, ISO 4217 codes, and
// titles that stop at the server's limit with a count as it nears.

async function editItem(page: Page, title: string, actions: string, edit: string, dialog: string) {
  await itemCard(page, title).getByRole('button', { name: `${actions} ${title}` }).click();
  await page.getByRole('menuitem', { name: edit }).click();
  return page.getByRole('dialog', { name: dialog });
}

test('the item form reads amounts the reader\'s way and names what to change', async ({ browser }) => {
  const greta = await signedInPage(browser, 'Greta', { locale: 'de-DE' });
  const list = await apiCall<{ _id: string }>(greta.page, 'POST', '/wishlists', { name: 'Geburtstag', theme: 'Birthday' });
  await apiCall(greta.page, 'POST', `/wishlists/${list._id}/items`, { title: 'Zelt', price: '20', currency: 'EUR' });
  await greta.page.goto(`/wishlist/${list._id}`);

  let form = await editItem(greta.page, 'Zelt', 'Aktionen für', 'Bearbeiten', 'Wunsch bearbeiten');
  const price = form.getByLabel('Preis');
  const save = form.getByRole('button', { name: 'Speichern' });
  // A pound sign on a price in euros: what to change, before sending.
  await price.fill('£5');
  await expect(form).toContainText('„£“ steht für GBP, der Preis dieses Artikels ist aber in EUR: Gib den Preis ohne „£“ ein oder stell die Währung auf GBP.');
  await expect(save).toBeDisabled();
  await price.fill('1.000.000.000');
  await expect(form).toContainText('Der höchste erlaubte Betrag ist 999.999.999,99.');
  await form.getByLabel('Währung').fill('zzz');
  await expect(form).toContainText('„ZZZ“ ist kein Währungscode');
  await expect(save).toBeDisabled();
  await form.getByLabel('Währung').fill('EUR');
  // In German a dot groups thousands: "12.345" is twelve thousand, and the euro sign of the item's currency is understood.
  await price.fill('12.345 €');
  await expect(price).toHaveAttribute('aria-invalid', 'false');
  const title = form.getByLabel('Titel');
  await expect(title).toHaveAttribute('maxlength', '500');
  await expect(form).not.toContainText('von 500 Zeichen');
  await title.fill(`Zelt ${'x'.repeat(470)}`);
  await expect(form).toContainText('475 von 500 Zeichen');
  await title.fill('Zelt');
  await save.click();
  await expect(itemCard(greta.page, 'Zelt')).toContainText('12.345,00');

  const olivia = await signedInPage(browser, 'Olivia', { locale: 'en-GB' });
  const own = await apiCall<{ _id: string }>(olivia.page, 'POST', '/wishlists', { name: 'Birthday', theme: 'Birthday' });
  await apiCall(olivia.page, 'POST', `/wishlists/${own._id}/items`, { title: 'Kite', price: '20' });
  await olivia.page.goto(`/wishlist/${own._id}`);
  form = await editItem(olivia.page, 'Kite', 'Actions for', 'Edit', 'Edit Item');
  // In English a dot is the decimal point, and an amount has two decimals at most: asked, naming both readings.
  await form.getByLabel('Price').fill('12.345');
  await expect(form).toContainText('“12.345” could mean 12345 or 12.345. Please type the one you mean.');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  // The pound sign of the list's currency (the owner's, pounds) is understood.
  await form.getByLabel('Price').fill('£5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(itemCard(olivia.page, 'Kite')).toContainText('£5.00');
});
