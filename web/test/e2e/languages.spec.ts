import { expect, test } from '@playwright/test';
import { onDialogEntry } from './support/dialog-history';
import { consoleProblems, isSessionProbe } from './support/console';
import { expectNoSidewaysScroll, PHONE, sharedList } from './support/languages';
import { itemCard, signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// Wishwell in the reader's language (issue 16): the browser's Accept-Language picks it, the server
// renders the page in it before any script runs, hydration keeps it, and the footer's menu switches
// it for this and every later page. German's longer words must not push a phone page sideways.

test.describe.configure({ timeout: 90_000 });

test('the server renders landing and share pages in the language the browser asks for, before any script runs', async ({ browser }) => {
  const listId = await sharedList(browser);
  const context = await browser.newContext({ locale: 'de-DE', javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle Wünsche an einem Ort'); // the default headline; an operator's own stays as written
  await expect(page.getByRole('heading', { name: 'So funktioniert’s' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kostenlos Wunschliste anlegen' })).toBeVisible();

  await page.goto(`/share/wishlist/${listId}`);
  await expect(page.getByRole('heading', { name: 'Wunschliste von Johanna' })).toBeVisible();
  await expect(page.getByText('14. März 2027 (jedes Jahr)')).toBeVisible();
  const grinder = itemCard(page, 'Kaffeemühle');
  await expect(grinder).toContainText('1.299,50 €');
  await expect(grinder).toContainText('noch 2 von 2 gewünscht');
  await expect(grinder.getByRole('button', { name: 'Als gekauft markieren' })).toBeVisible();
  await expect(itemCard(page, 'Lastenfahrrad')).toContainText('noch keine Zusagen – 300 € werden gebraucht');
  await expect(page).toHaveTitle('Geburtstag – Wunschliste von Johanna');
  await context.close();

  const french = await browser.newContext({ locale: 'fr-FR', javaScriptEnabled: false });
  const frenchPage = await french.newPage();
  await frenchPage.goto(`/share/wishlist/${listId}`);
  await expect(frenchPage.getByRole('heading', { name: 'La liste de Johanna' })).toBeVisible();
  await expect(itemCard(frenchPage, 'Kaffeemühle').getByRole('button', { name: 'Marquer comme acheté' })).toBeVisible();
  await french.close();
});

test('a German guest on a phone walks landing and share page, marks a gift and pledges, nothing wider than the screen', async ({ browser }) => {
  const listId = await sharedList(browser);
  const context = await browser.newContext({ locale: 'de-DE', viewport: PHONE });
  const page = await context.newPage();
  const problems = consoleProblems(page, isSessionProbe);

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Kostenlos Wunschliste anlegen' })).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, 'landing-de-390.png', { fullPage: true });

  await page.goto(`/share/wishlist/${listId}`);
  const grinder = itemCard(page, 'Kaffeemühle');
  await expect(grinder.getByRole('button', { name: 'Als gekauft markieren' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await grinder.getByRole('button', { name: 'Als gekauft markieren' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Kaffeemühle gekauft? Markier es, damit es niemand sonst kauft.');
  await expect(dialog).toContainText('noch 2 gewünscht');
  await dialog.getByLabel('Dein Name').fill('Onkel Heinz');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Als gekauft markieren' }).click();
  await expect(page.getByText('Danke – Johanna wird sich riesig freuen')).toBeVisible();
  await expect(grinder).toContainText('noch 1 von 2 gewünscht');
  await expect(grinder).toContainText('Von dir reserviert');

  const bike = itemCard(page, 'Lastenfahrrad');
  await bike.getByRole('button', { name: 'Mitschenken' }).click();
  const pledge = page.getByRole('dialog');
  await expect(pledge.getByText('Zum Beispiel 10 oder 12,50')).toBeVisible();
  await pledge.getByLabel('Betrag').fill('1,250');
  await expect(pledge.getByText('„1,250“ kann 1250 oder 1,25 heißen.')).toBeVisible();
  await expect(pledge.getByRole('button', { name: 'Mitschenken' })).toBeDisabled();
  await pledge.getByLabel('Betrag').fill('120,50');
  await pledge.getByRole('button', { name: 'Mitschenken' }).click();
  await expect(bike).toContainText('120,50 € von 300 € zugesagt, von 1 Person');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, 'share-de-390.png', { fullPage: true });

  await page.getByRole('link', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Konto erstellen' })).toBeVisible();
  await expect(page.getByText('Mindestens 8 Zeichen.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: 'Anmelden' }).last().click();
  await expect(page.getByRole('form', { name: 'Anmelden' }).getByLabel('E-Mail-Adresse')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(problems).toEqual([]);
  await context.close();
});

test('the footer menu switches the language at once and the next page comes from the server in it', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(/<html [^>]*lang="es"/); // beside the colour scheme's class
  expect(html).toContain('Cómo funciona');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Crea tu lista gratis' })).toBeVisible();
  await context.close();
});

test('a German owner on a phone keeps a list in German: dashboard, list page, item and list dialogs, nothing wider than the screen', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Johanna', { locale: 'de-DE', viewport: PHONE });
  const page = owner.page;
  const problems = consoleProblems(page, isSessionProbe);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Meine Wunschlisten' })).toBeVisible();
  await expect(page.getByText('Noch keine Wunschlisten')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Wunschliste anlegen' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Wunschliste anlegen' });
  await createDialog.getByLabel('Name').fill('Geburtstag');
  await createDialog.getByLabel('Anlass', { exact: true }).selectOption({ label: 'Geburtstag' });
  await expect(createDialog.getByText('Käufe bleiben eine Überraschung bis …')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await createDialog.getByRole('button', { name: 'Anlegen' }).click();
  const card = page.locator('.ww-list-card').filter({ hasText: 'Geburtstag' });
  await expect(card).toContainText('Geburtstag · 0 Wünsche');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, 'dashboard-de-390.png', { fullPage: true });

  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Geburtstag' })).toBeVisible();
  await expect(page.getByText('Noch keine Wünsche. Füg oben einen Produktlink ein oder tipp eine Geschenkidee.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Wunsch hinzufügen' }).fill('Kaffeemühle');
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  const itemDialog = page.getByRole('dialog', { name: 'Wunsch hinzufügen' });
  // The price is typed the German way; '1,250' could be either and is refused naming both readings.
  await expect(itemDialog.getByLabel('Preis', { exact: true })).toHaveAttribute('placeholder', '0,00');
  await itemDialog.getByLabel('Preis', { exact: true }).fill('1,250');
  await expect(itemDialog).toContainText('„1,250“ kann 1250 oder 1,25 heißen.');
  await expect(itemDialog.getByRole('button', { name: 'Wunsch hinzufügen' })).toBeDisabled();
  await itemDialog.getByLabel('Preis', { exact: true }).fill('12,50');
  await itemDialog.getByLabel('Währung', { exact: true }).fill('EUR');
  await itemDialog.getByLabel('Priorität', { exact: true }).selectOption({ label: 'Hoch' });
  await expectNoSidewaysScroll(page);
  await itemDialog.getByRole('button', { name: 'Wunsch hinzufügen' }).click();
  await expect(page.getByText('Wunsch hinzugefügt!')).toBeVisible();
  const grinder = itemCard(page, 'Kaffeemühle');
  await expect(grinder).toContainText('12,50 €');
  await expect(grinder).toContainText('Hohe Priorität');
  await grinder.getByRole('button', { name: 'Aktionen für Kaffeemühle' }).click();
  await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Wunsch bearbeiten' });
  await expect(editDialog.getByLabel('Preis', { exact: true })).toHaveValue('12,50');
  await editDialog.getByLabel('Preis', { exact: true }).fill('1.299,9');
  await editDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(grinder).toContainText('1.299,90 €');

  await page.getByRole('button', { name: 'Teilen' }).click();
  await expect(page.getByRole('menuitem', { name: 'Link kopieren' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Über WhatsApp teilen' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Liste bearbeiten' }).click();
  const listDialog = page.getByRole('dialog', { name: 'Wunschliste bearbeiten' });
  await expect(listDialog.getByRole('heading', { name: 'Bearbeiter verwalten' })).toBeVisible();
  await expect(listDialog.getByLabel('Farben', { exact: true })).toHaveValue('default');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, 'list-dialog-de-390.png', { fullPage: true });
  await listDialog.getByRole('button', { name: 'Abbrechen' }).click();

  await grinder.getByRole('button', { name: 'Aktionen für Kaffeemühle' }).click();
  await page.getByRole('menuitem', { name: 'Verschieben/Kopieren' }).click();
  await expect(page.getByRole('dialog', { name: 'Wunsch verschieben/kopieren' })).toContainText('Du hast keine andere Wunschliste');
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, 'list-de-390.png', { fullPage: true });

  await grinder.getByRole('button', { name: 'Aktionen für Kaffeemühle' }).click();
  await page.getByRole('menuitem', { name: 'Löschen' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('„Kaffeemühle“ von dieser Liste löschen?');
  await alert.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Wunsch gelöscht!')).toBeVisible();
  await expect(grinder).toHaveCount(0);
  // Blueprint 6 warns about every <Popover> under React 19 (the menus); that is not a language problem.
  expect(problems.filter((problem) => !problem.startsWith('[Blueprint] <Popover>'))).toEqual([]);
  await owner.context.close();
});

test('a German guest gets a list named in German and the guest banner in German', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Kostenlos Wunschliste anlegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine neue Wunschliste' })).toBeVisible();
  await expect(page.locator('.ww-guest-banner')).toContainText('Du bearbeitest diese Liste als Gast, und nur dieser Browser kann sie ändern.');
  await expect(page.locator('.ww-guest-banner').getByRole('link', { name: 'Registrier dich' })).toHaveAttribute('href', /\/register\?claimList=/);
  await expectNoSidewaysScroll(page);
  await context.close();
});

test('a German guest changes a reservation in German: the dialog, the mailed link’s page and the German way of writing amounts', async ({ browser }) => {
  const listId = await sharedList(browser);
  const context = await browser.newContext({ locale: 'de-DE', viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/share/wishlist/${listId}`);
  const grinder = itemCard(page, 'Kaffeemühle');
  await grinder.getByRole('button', { name: 'Als gekauft markieren' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Als gekauft markieren' }).click();
  await grinder.getByRole('button', { name: 'ändern oder zurücknehmen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deine Reservierung' });
  await expect(dialog).toContainText('Du hast Kaffeemühle auf Geburtstag reserviert.');
  await expect(dialog.getByText('Du kannst bis zu 2 schenken')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await onDialogEntry(page, false); // a goto before the dialog's history step is aborted by it

  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('guestClaims') ?? '[]') as { token: string }[])[0]?.token);
  await page.goto(`/claims/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Deine Reservierung' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Reservierung zurücknehmen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reservierung zurücknehmen' }).click();
  await expect(page.getByText('Reservierung zurückgenommen – der Wunsch ist wieder frei.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Wunschliste' })).toBeVisible();

  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await context.close();
});

test('My Account, its API tokens and the password pages speak German, and say that tokens outlive a sign-out', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Johanna', { locale: 'de-DE', viewport: PHONE });
  const page = owner.page;
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'API-Tokens' })).toBeVisible();
  await expect(page.getByText('Abmelden oder ein neues Passwort lässt deine Tokens bestehen')).toBeVisible();
  await page.getByLabel('Notiz').fill('Hausautomation');
  await page.getByRole('button', { name: 'Token erstellen' }).click();
  await expect(page.getByText('Kopier dein neues Token jetzt')).toBeVisible();
  const tokens = page.getByRole('list', { name: 'Deine API-Tokens' });
  await expect(tokens).toContainText('Nur lesen');
  await expect(tokens).toContainText('Noch nie benutzt');
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, 'account-de-390.png', { fullPage: true });

  await page.getByRole('link', { name: 'Passwort ändern' }).click();
  await page.getByLabel('Aktuelles Passwort').fill('whatever it was');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('ein neues Passwort');
  await page.getByLabel('Neues Passwort bestätigen').fill('ein anderes Passwort');
  await page.getByRole('form', { name: 'Passwort ändern' }).getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Die neuen Passwörter stimmen nicht überein')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await owner.context.close();
});
