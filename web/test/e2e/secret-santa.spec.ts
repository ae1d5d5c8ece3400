import { expect, test, type Browser } from '@playwright/test';
import type { Circle } from '@wishwell/shared/circle-types';
import type { OrganisedDraw } from '@wishwell/shared/secret-santa-types';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { waitForMail } from './support/mail';
import { signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// Secret Santa: the organiser makes a draw and draws; a participant opens their mailed link (no
// account), asks their giftee; the giftee (German, dark) answers; the asker reads the answer; the
// organiser sees who opened, never the pairs. At 1280 and 390 px. A participant attaches a list
// for their giver, who opens it from their own result. Within a gift circle: the organiser draws
// names from the circle's page, keeping two members apart by name, without their addresses; a
// member who joined after it was made sees it listed as such, with nothing to open.

test.describe.configure({ timeout: 120_000 });

const resultLink = async (email: string) => {
  const mail = await waitForMail(email, 30_000);
  return new URL(/http:\/\/\S+\/santa\/result\/[\w-]+/.exec(mail.text)![0]).pathname;
};

async function visitor(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

test('organise, draw, open a result by its mailed link, ask and answer', async ({ browser }) => {
  const { context: organiserContext, page: organiser, email: olgaEmail } = await signedInPage(browser, 'Olga', { viewport: { width: 1280, height: 900 } });
  const people = { Anna: uniqueEmail('anna'), Ben: uniqueEmail('ben'), Carl: uniqueEmail('carl') };

  await organiser.goto('/dashboard');
  await organiser.getByRole('button', { name: 'Secret Santa' }).click();
  await expect(organiser).toHaveURL(/\/santa$/);
  await organiser.getByLabel('Name of the draw').fill('Family Christmas');
  await organiser.getByRole('button', { name: 'Add a person' }).click();
  for (const [index, [name, email]] of Object.entries(people).entries()) {
    await organiser.getByRole('textbox', { name: `Name of person ${index + 2}` }).fill(name);
    await organiser.getByRole('textbox', { name: `E-mail of person ${index + 2}` }).fill(email);
  }
  await organiser.getByRole('combobox', { name: 'First person' }).selectOption({ label: 'Anna' });
  await organiser.getByRole('combobox', { name: 'Second person' }).selectOption({ label: 'Ben' });
  await organiser.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(organiser.getByText('Anna and Ben')).toBeVisible();
  await organiser.getByLabel('Budget').fill('25');
  await organiser.getByLabel('Currency').fill('EUR');
  await organiser.getByLabel('Day of the exchange').fill('2026-12-24');
  await organiser.getByRole('button', { name: 'Create draw' }).click();
  const card = organiser.locator('.ww-santa-draw');
  await expect(card.getByRole('status')).toHaveText('The names have not been drawn yet.');
  await card.getByRole('button', { name: 'Draw names' }).click();
  await expect(card.getByRole('status')).toHaveText('0 of 4 have opened their result.');
  await keepScreenshot(organiser, 'santa-organiser-1280.png', { fullPage: true });

  // Anna opens her mailed link on a phone, without an account, and asks her giftee a question.
  const { context: annaContext, page: anna } = await visitor(browser, { viewport: { width: 390, height: 844 } });
  await anna.goto(await resultLink(people.Anna));
  await expect(anna.getByRole('heading', { name: 'Family Christmas', level: 1 })).toBeVisible();
  const giftee = (await anna.locator('.ww-santa-giftee strong').textContent())!;
  expect(['Olga', 'Carl']).toContain(giftee); // never herself, never Ben
  await expect(anna.getByText('Budget €25.00 · on 24 December 2026')).toBeVisible();
  await anna.getByRole('textbox', { name: 'Your question' }).fill('Which colour do you like?');
  await anna.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(anna.getByText('Question sent.')).toBeVisible();
  await expect(anna.getByText('No answer yet.')).toBeVisible();
  await keepScreenshot(anna, 'santa-result-390.png', { fullPage: true });

  // The giftee reads it in German, in the dark, and answers without learning who asked.
  const gifteeEmail = giftee === 'Olga' ? olgaEmail : people.Carl;
  const { context: gifteeContext, page: answerer } = await visitor(browser, { locale: 'de-DE', colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
  await answerer.goto(await resultLink(gifteeEmail));
  const questions = answerer.locator('.ww-santa-questions').last();
  await expect(questions.getByText('Which colour do you like?')).toBeVisible();
  await questions.getByRole('textbox', { name: 'Deine Antwort' }).fill('Blau, bitte!');
  await questions.getByRole('button', { name: 'Antworten' }).click();
  await expect(answerer.getByText('Antwort gesendet.')).toBeVisible();
  await expect(questions.getByText('Antwort: Blau, bitte!')).toBeVisible();
  await keepScreenshot(answerer, 'santa-answer-de-dark-1280.png', { fullPage: true });

  await anna.reload();
  await expect(anna.getByText('Answer: Blau, bitte!')).toBeVisible();

  // The organiser sees that two opened their result, not whom anyone gives to.
  await organiser.setViewportSize({ width: 390, height: 844 });
  await organiser.reload();
  await organiser.getByRole('button', { name: 'Family Christmas' }).click();
  await expect(card.getByRole('status')).toHaveText('2 of 4 have opened their result.');
  await expect(card.getByRole('button', { name: 'Draw again' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Start over' })).toBeVisible();
  await keepScreenshot(organiser, 'santa-organiser-390.png', { fullPage: true });
  await organiserContext.close();
  await annaContext.close();
  await gifteeContext.close();
});

test("avoids the pairs of an earlier draw, picked in the form on a phone (German, dark)", async ({ browser }) => {
  const { context, page: olga, email: olgaEmail } = await signedInPage(browser, 'Olga', { viewport: { width: 390, height: 844 }, locale: 'de-DE', colorScheme: 'dark' });
  const participants = [{ name: 'Olga', email: olgaEmail }, ...['anna', 'ben', 'carl'].map((name) => ({ name: name[0]!.toUpperCase() + name.slice(1), email: uniqueEmail(name) }))];
  const lastYear = await apiCall<OrganisedDraw>(olga, 'POST', '/draws', { name: 'Weihnachten 2025', participants });
  await apiCall(olga, 'POST', `/draws/${lastYear.id}/run`);

  await olga.goto('/santa');
  // The title reads as page titles do in the dark (the brand's grey looked disabled); with an
  // earlier draw, the exclusions' help points to its select instead of asking for last year's pairs.
  const title = olga.getByRole('heading', { level: 1, name: 'Wichteln' });
  expect(await title.evaluate((h) => getComputedStyle(h).color)).toBe('rgb(246, 247, 249)');
  await expect(olga.locator('.ww-santa-exclusions .ww-santa-note')).toContainText('wähle diese Auslosung unten bei „Paare einer früheren Auslosung vermeiden“.');
  await olga.getByLabel('Name der Auslosung').fill('Weihnachten 2026');
  await olga.getByRole('button', { name: 'Person hinzufügen' }).click();
  for (const [index, { name, email }] of participants.slice(1).entries()) {
    await olga.getByRole('textbox', { name: `Name von Person ${index + 2}` }).fill(name);
    await olga.getByRole('textbox', { name: `E-Mail von Person ${index + 2}` }).fill(email);
  }
  await olga.getByRole('combobox', { name: 'Paare einer früheren Auslosung vermeiden' }).selectOption({ label: 'Weihnachten 2025' });
  await keepScreenshot(olga, 'santa-avoid-form-de-dark-390.png', { fullPage: true });
  await olga.getByRole('button', { name: 'Auslosung anlegen' }).click();
  const card = olga.locator('.ww-santa-draw');
  await expect(card.getByText('Vermeidet die Paare von „Weihnachten 2025“.')).toBeVisible();
  await card.getByRole('button', { name: 'Namen ziehen' }).click();
  await expect(card.getByRole('status')).toHaveText('0 von 4 haben ihr Ergebnis geöffnet.');
  await context.close();
});

test('a participant attaches one of their lists to their result; their giver opens it from theirs', async ({ browser }) => {
  const { context: olgaContext, page: olga, email: olgaEmail } = await signedInPage(browser, 'Olga', { viewport: { width: 1280, height: 900 } });
  const { context: paulContext, page: paul, email: paulEmail } = await signedInPage(browser, 'Paul', { viewport: { width: 390, height: 844 } });
  const list = await apiCall<Wishlist>(paul, 'POST', '/wishlists', { name: "Paul's Wishes" });
  // Olga may give only to Paul (and so gets hers from him): Carl and Dana draw each other.
  const [carl, dana] = [uniqueEmail('carl'), uniqueEmail('dana')];
  const participants = [{ name: 'Olga', email: olgaEmail }, { name: 'Paul', email: paulEmail }, { name: 'Carl', email: carl }, { name: 'Dana', email: dana }];
  const draw = await apiCall<OrganisedDraw>(olga, 'POST', '/draws', { name: 'Office', participants, exclusions: [[olgaEmail, carl], [olgaEmail, dana]] });
  await apiCall(olga, 'POST', `/draws/${draw.id}/run`);

  await paul.goto(await resultLink(paulEmail));
  await paul.getByRole('combobox', { name: 'Choose one of your lists' }).selectOption({ label: "Paul's Wishes" });
  await expect(paul.getByText('Your Secret Santa sees your list "Paul\'s Wishes".')).toBeVisible();
  await keepScreenshot(paul, 'santa-attached-list-390.png', { fullPage: true });

  await olga.goto(await resultLink(olgaEmail));
  await expect(olga.locator('.ww-santa-giftee strong')).toHaveText('Paul');
  await olga.getByRole('link', { name: "See Paul's wishlist: Paul's Wishes" }).click();
  await expect(olga).toHaveURL(new RegExp(`/share/wishlist/${list._id}$`));
  await expect(olga.getByRole('main').getByText("Paul's Wishes", { exact: true })).toBeVisible();
  await olgaContext.close();
  await paulContext.close();
});

test("draws names within a circle from its page, keeping two members apart by name; a member opens their result from the circle; a late joiner sees it made before they joined", async ({ browser }) => {
  const { context: olgaContext, page: olga } = await signedInPage(browser, 'Olga', { viewport: { width: 1280, height: 900 } });
  const { context: paulContext, page: paul, email: paulEmail } = await signedInPage(browser, 'Paul', { viewport: { width: 390, height: 844 }, locale: 'de-DE', colorScheme: 'dark' });
  const { context: ritaContext, page: rita, email: ritaEmail } = await signedInPage(browser, 'Rita');
  const circle = await apiCall<Circle>(olga, 'POST', '/circles', { name: 'Siblings' });
  const joinPath = new URL(circle.inviteLink!).pathname; // /circles/join/{token}
  for (const member of [paul, rita]) await apiCall(member, 'POST', joinPath);
  await ritaContext.close();

  await olga.goto(`/circles/${circle._id}`);
  await olga.getByRole('button', { name: 'Draw names' }).click();
  const form = olga.getByRole('dialog', { name: 'Secret Santa in Siblings' });
  await form.getByLabel('Name of the draw').fill('Siblings 2026');
  await expect(form.locator('.ww-santa-members .bp6-tag')).toHaveText(['Olga', 'Paul', 'Rita']);
  await form.getByRole('button', { name: 'Add a person' }).click();
  await form.getByRole('textbox', { name: 'Name of person 1' }).fill('Anna');
  await form.getByRole('textbox', { name: 'E-mail of person 1' }).fill(uniqueEmail('anna'));
  await form.getByRole('combobox', { name: 'First person' }).selectOption({ label: 'Paul' });
  await form.getByRole('combobox', { name: 'Second person' }).selectOption({ label: 'Rita' });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Paul and Rita')).toBeVisible();
  for (const email of [paulEmail, ritaEmail]) await expect(form).not.toContainText(email);
  await keepScreenshot(olga, 'santa-circle-form-1280.png', { animations: 'disabled' });
  await form.getByRole('button', { name: 'Create draw' }).click();

  await expect(olga).toHaveURL(/\/santa\?draw=/);
  const card = olga.locator('.ww-santa-draw');
  await expect(card.getByText('Not drawing each other: Paul and Rita')).toBeVisible();
  await card.getByRole('button', { name: 'Draw names' }).click();
  await expect(card.getByRole('status')).toHaveText('0 of 4 have opened their result.');
  for (const email of [paulEmail, ritaEmail]) await expect(card).not.toContainText(email);

  // Paul (German, dark, on a phone) finds the draw on the circle's page and opens his result: never Rita.
  await paul.goto(`/circles/${circle._id}`);
  await keepScreenshot(paul, 'santa-circle-page-de-dark-390.png', { fullPage: true });
  // Any member may draw names: the form, in German on a phone.
  await paul.getByRole('button', { name: 'Namen ziehen' }).click();
  await expect(paul.getByRole('dialog', { name: 'Wichteln in Siblings' }).getByText('Alle im Kreis machen mit:')).toBeVisible();
  await keepScreenshot(paul, 'santa-circle-form-de-dark-390.png', { animations: 'disabled' });
  await paul.keyboard.press('Escape');
  await paul.getByRole('link', { name: 'Siblings 2026' }).click();
  await expect(paul).toHaveURL(/\/santa\/draws\//);
  await expect(paul.locator('.ww-santa-giftee strong')).toHaveText(/^(Olga|Anna)$/);
  await keepScreenshot(paul, 'santa-circle-result-de-dark-390.png', { fullPage: true });

  // The circle's page tells the organiser one of four has looked.
  await olga.goto(`/circles/${circle._id}`);
  const listed = olga.locator('.ww-circle-draw');
  await expect(listed.getByRole('link')).toHaveText('Siblings 2026');
  await expect(listed.locator('.ww-circle-draw-status')).toHaveText('1 of 4 opened their result');
  await keepScreenshot(olga, 'santa-circle-page-1280.png', { fullPage: true });

  // Tom joins after the draw: he sees it, made before he joined, with no link to a result he does not have.
  const { context: tomContext, page: tom } = await signedInPage(browser, 'Tom', { viewport: { width: 390, height: 844 } });
  await apiCall(tom, 'POST', joinPath);
  await tom.goto(`/circles/${circle._id}`);
  const seen = tom.locator('.ww-circle-draw');
  await expect(seen.locator('.ww-circle-draw-status')).toHaveText('made before you joined · drawn, 4 people');
  await expect(seen).toContainText('Siblings 2026');
  await expect(seen.getByRole('link')).toHaveCount(0);
  await keepScreenshot(tom, 'santa-circle-late-joiner-390.png', { fullPage: true });
  await olgaContext.close();
  await paulContext.close();
  await tomContext.close();
});
