import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './constants';

/**
 * A domain config made by the admin for `host` (the browser resolves *.wishwell.test to the test
 * server, so a page can be opened under a hostname of its own): green and yellow 'Gift Garden'
 * unless `companyName` says otherwise.
 */
export async function createGardenDomain(request: APIRequestContext, host: string, companyName = 'Gift Garden'): Promise<void> {
  const login = await request.post('/api/v1/users/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
  const { token } = await login.json();
  const created = await request.post('/api/v1/domain-configs', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      hostname: host,
      companyName,
      logoUrl: '/Logo.png',
      primaryColor: '#1e5631',
      secondaryColor: '#f1c40f',
      landingPageHeadline: 'Grow your wishes',
      landingPageSubheadline: 'Lists for every celebration.',
    },
  });
  expect(created.status()).toBe(201);
}
