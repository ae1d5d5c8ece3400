import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { E2E_ADMIN, signInByApi } from './support/accounts';
import { apiCall } from './support/api';
import { PASSWORD, signedInPage } from './support/people';
import { startOwnServer, type OwnServer } from './support/own-server';

// Backup & Restore in the browser: download a backup, change something, restore the file through
// the dialog; the page reloads and the change is gone (and the old session with it). On a server
// of its own: a restore puts back the database of a minute before, which would take every account
// and session other specs made since off the shared server (one beside it lost its signed-in owner).

test.describe.configure({ timeout: 90_000 });

let server: OwnServer | undefined;
test.beforeAll(async () => {
  server = await startOwnServer();
});
test.afterAll(() => server?.stop());

test('an admin downloads a backup and restores it through the confirmation dialog; everyone signed in hears why they were signed out', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: server!.base })).newPage();
  // Someone signed in elsewhere, reading German: their next page after the restore says why they must sign in again.
  const reader = await signedInPage(browser, 'Greta', { locale: 'de-DE', baseURL: server!.base });
  await signInByApi(page, E2E_ADMIN, '/admin');
  const marker = `restore-${Date.now().toString(36)}.example`;
  await page.getByRole('menuitem', { name: 'Backup & Restore' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Backup & Restore' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore Database' })).toBeDisabled();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^wishlist-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.gz$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  await expect(page.getByText('Backup downloaded successfully.')).toBeVisible();

  await apiCall(page, 'POST', '/referral-rules', { matcher: marker, programName: 'Made after the backup' });

  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose File' }).click();
  const chooser = await choosing;
  expect(await chooser.element().getAttribute('accept')).toContain('.gz');
  await chooser.setFiles({ name: download.suggestedFilename(), mimeType: 'application/gzip', buffer: readFileSync(file) });
  await expect(page.getByText(download.suggestedFilename())).toBeVisible();
  await page.getByRole('button', { name: 'Restore Database' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Are you absolutely sure you want to restore the database from "${download.suggestedFilename()}"? All existing data will be permanently deleted and replaced.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Restore Database' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Restore Now' }).click();
  await expect(page.getByText('Database restore initiated. The application will restart.')).toBeVisible();

  // The page reloads after 3 s; the session from before the restore is refused, so the admin guard sends it to /login.
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await signInByApi(page, E2E_ADMIN, null);
  const rules = await apiCall<{ matcher: string }[]>(page, 'GET', '/referral-rules/all');
  expect(rules.map((rule) => rule.matcher)).not.toContain(marker);

  await reader.page.goto('/');
  const notice = reader.page.locator('.ww-session-ended');
  await expect(notice).toContainText('Du wurdest abgemeldet');
  await expect(notice).toContainText('Der Betreiber dieser Seite hat eine Sicherung wiederhergestellt');
  await notice.getByRole('button', { name: 'Wieder anmelden' }).click();
  await expect(reader.page).toHaveURL(/\/login$/);
  await apiCall(reader.page, 'POST', '/users/login', { email: reader.email, password: PASSWORD });
  await reader.page.goto('/dashboard');
  await expect(reader.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(reader.page.locator('.ww-session-ended')).toHaveCount(0);
  await reader.context.close();
});
