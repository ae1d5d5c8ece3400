import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;
let member: ApiClient;

const brand = {
  hostname: 'Gifts.Example.com',
  companyName: 'Gift Co',
  logoUrl: '/Logo.png',
  primaryColor: '#123456',
  secondaryColor: '#abcdef',
  landingPageHeadline: 'Gifts for everyone',
  landingPageSubheadline: 'One list, every occasion.',
};

beforeAll(async () => {
  server = await startTestServer();
  admin = new ApiClient(server.url);
  member = new ApiClient(server.url);
  // The first account on a fresh install is the admin.
  expect((await admin.post('/users/register', { name: 'Ada', email: 'ada@example.com', password: 'correct horse', domain: 'localhost' })).status).toBe(201);
  expect((await member.post('/users/register', { name: 'Bob', email: 'bob@example.com', password: 'correct horse', domain: 'localhost' })).status).toBe(201);
});
afterAll(() => server.stop());

describe('admin domain configs', () => {
  it('lets an admin create a config that the public lookup then serves for that host', async () => {
    const created = await admin.post('/domain-configs', brand);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...brand, hostname: 'gifts.example.com', _id: expect.any(String) });
    const lookup = await new ApiClient(server.url).get('/domain-configs/public/gifts.example.com');
    expect(lookup.body).toMatchObject({ companyName: 'Gift Co', primaryColor: '#123456' });
    const list = await admin.get('/domain-configs');
    expect(list.body.map((c: { hostname: string }) => c.hostname)).toEqual(['gifts.example.com', 'localhost']);
  });

  it('refuses a second config for the same hostname (also written differently, or by an edit) with 400 and a clear message', async () => {
    const again = await admin.post('/domain-configs', { ...brand, hostname: 'Gifts.Example.COM' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('A configuration for gifts.example.com already exists. Edit that one instead.');
    const other = await admin.post('/domain-configs', { ...brand, hostname: 'second.example.com' });
    expect(other.status).toBe(201);
    const renamed = await admin.put(`/domain-configs/${other.body._id}`, { ...brand, hostname: 'gifts.example.com' });
    expect(renamed.status).toBe(400);
    expect((await admin.delete(`/domain-configs/${other.body._id}`)).status).toBe(200);
  });

  it('refuses a colour that is not hex with the field named', async () => {
    const bad = await admin.post('/domain-configs', { ...brand, hostname: 'other.example.com', primaryColor: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Primary Color must be a hex colour like #e84393.');
  });

  it('accepts only http(s) or site-relative logo URLs', async () => {
    const refused = ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example.com/x.png', '/\\evil.example.com/x.png', 'JaVaScRiPt:alert(1)', 'ftp://x.example.com/a.png'];
    for (const logoUrl of refused) {
      const bad = await admin.post('/domain-configs', { ...brand, hostname: 'logo.example.com', logoUrl });
      expect(bad.status, logoUrl).toBe(400);
      expect(bad.body.message).toBe('Logo URL must be an http(s) address or a path on this site like /Logo.png.');
    }
    for (const logoUrl of ['https://cdn.example.com/logo.png', '/uploads/abc.png']) {
      const ok = await admin.post('/domain-configs', { ...brand, hostname: `ok${logoUrl.length}.example.com`, logoUrl });
      expect(ok.status, logoUrl).toBe(201);
      expect(ok.body.logoUrl).toBe(logoUrl);
    }
    expect((await admin.get('/domain-configs')).body.some((c: { hostname: string }) => c.hostname === 'logo.example.com')).toBe(false);
  });

  it('updates and deletes, and the public lookup follows at once', async () => {
    const created = await admin.post('/domain-configs', { ...brand, hostname: 'party.example.com' });
    const updated = await admin.put(`/domain-configs/${created.body._id}`, { ...brand, hostname: 'party.example.com', companyName: 'Party Time' });
    expect(updated.status).toBe(200);
    expect((await admin.get('/domain-configs/public/party.example.com')).body.companyName).toBe('Party Time');
    expect((await admin.delete(`/domain-configs/${created.body._id}`)).status).toBe(200);
    expect((await admin.get('/domain-configs/public/party.example.com')).body.hostname).toBe('localhost');
    expect((await admin.delete(`/domain-configs/${created.body._id}`)).status).toBe(404);
  });

  it('is closed to members (403) and to signed-out callers (401)', async () => {
    expect((await member.get('/domain-configs')).status).toBe(403);
    expect((await member.post('/domain-configs', { ...brand, hostname: 'x.example.com' })).status).toBe(403);
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('/domain-configs')).status).toBe(401);
    expect((await anonymous.delete('/domain-configs/whatever')).status).toBe(401);
  });
});
