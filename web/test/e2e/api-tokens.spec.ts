import { expect, test } from '@playwright/test';
import { registerByApi, uniqueEmail } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

test('My Account > API tokens: create one, see it once and copy it, it works as a bearer token, last use shows, revoking stops it', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerByApi(page, { name: 'Tina Tokens', email: uniqueEmail('tokens'), password: 'first password' });
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('Signing out or changing your password keeps your tokens')).toBeVisible();
  await expect(section.getByText('You have no API tokens.')).toBeVisible();
  // Only admins are offered the admin scope.
  await expect(section.getByLabel('Access').locator('option')).toHaveText(['Read only', 'Read and write']);

  await section.getByLabel('Note').fill('Shopping script');
  await section.getByLabel('Access').selectOption({ label: 'Read and write' });
  await section.getByLabel('Expires after').selectOption({ label: '30 days' });
  await section.getByRole('button', { name: 'Create Token' }).click();

  await expect(section.getByText('Copy your new token now')).toBeVisible();
  const secret = section.getByLabel('The new token "Shopping script"');
  const token = await secret.inputValue();
  expect(token).toMatch(/^wwp_[\w-]{43}$/);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Token copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const list = section.getByRole('list', { name: 'Your API tokens' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Shopping script')).toBeVisible();
  await expect(list.getByText('Read and write')).toBeVisible();
  await expect(list.getByText(/Never used · Expires/)).toBeVisible();
  await expectNoSeriousViolations(page, 'the API tokens section', '.ww-api-tokens');

  const created = await request.post('/api/v1/wishlists', { headers: { authorization: `Bearer ${token}` }, data: { name: 'From a script', theme: 'Other' } });
  expect(created.status()).toBe(200);

  // Shown once: after Done (or a reload) the secret is nowhere on the page.
  await section.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(section.getByText(/Last used .+ · Expires/)).toBeVisible();

  await section.getByRole('button', { name: 'Revoke Shopping script' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token "Shopping script" revoked')).toBeVisible();
  await expect(section.getByText('You have no API tokens.')).toBeVisible();
  const refused = await request.get('/api/v1/wishlists', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});

test('the API reference shows an operation’s access and { message } errors, and Try it out calls it with a personal API token', async ({ page, request }) => {
  // Account, list and token through the API alone: the page stays signed out, so only the token can authorize the call.
  const registered = await request.post('/api/v1/users/register', { data: { name: 'Rita Reference', email: uniqueEmail('reference'), password: 'first password', domain: '127.0.0.1' } });
  expect(registered.ok()).toBe(true);
  const xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const headers = { 'x-xsrf-token': decodeURIComponent(xsrf) };
  expect((await request.post('/api/v1/wishlists', { headers, data: { name: 'Listed by the reference', theme: 'Other' } })).ok()).toBe(true);
  const { token } = (await (await request.post('/api/v1/users/tokens', { headers, data: { name: 'Reference', scope: 'read' } })).json()) as { token: string };

  await page.goto('/api/docs');
  await page.getByRole('button', { name: 'Authorize' }).click();
  const apiToken = page.locator('.auth-container').filter({ hasText: 'apiToken' });
  await apiToken.locator('input').fill(token);
  await apiToken.getByRole('button', { name: 'Apply credentials' }).click();
  await apiToken.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('heading', { name: /^wishlists/ }).getByRole('button', { name: 'Expand operation' }).click();
  const operation = page.locator('#operations-wishlists-getApiV1Wishlists');
  await operation.locator('.opblock-summary-control').click();
  const description = operation.locator('.opblock-description');
  await expect(description).toContainText('Who may call:');
  await expect(description).toContainText('Personal API token: needs the read scope.');
  const tooMany = operation.locator('.responses-table .response[data-code="429"]');
  await expect(tooMany).toContainText('Over a rate limit');
  await expect(tooMany.locator('.example')).toContainText('"message": "string"');

  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  await expect(operation.locator('.curl')).toContainText(`Authorization: Bearer ${token}`);
  const answer = operation.locator('.live-responses-table tr.response');
  await expect(answer.locator('.response-col_status')).toHaveText('200');
  await expect(answer.locator('.response-col_description')).toContainText('Listed by the reference');
});
