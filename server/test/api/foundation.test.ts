import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { startTestServer, TEST_ENGINE, type TestServer } from '../support/test-server';

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new ApiClient(server.url);
});
afterAll(() => server.stop());

describe('health and errors', () => {
  it('reports health with the version and the database', async () => {
    const res = await client.get('/health');
    expect(res.status).toBe(200);
    // canSendMail: this test server has no SMTP_URL, so the web says Share via Email cannot work here.
    expect(res.body).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), db: 'ok', canSendMail: false });
  });

  it('answers an unknown API path with a 404 JSON message, not the site', async () => {
    const res = await client.get('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ message: 'Not found.' });
  });

  it('refuses a JSON body over the limit with 413 before reading it', async () => {
    const res = await client.post('/health', undefined, { raw: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/i);
  });

  it('sends security headers and a request id on API answers and pages', async () => {
    for (const path of ['/api/v1/health', '/']) {
      const res = await fetch(server.url + path);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-request-id')).toMatch(/^\S{8,}$/);
    }
  });

  it.skipIf(TEST_ENGINE !== 'sqlite')('keeps the SQLite database in the data dir in WAL mode', () => {
    expect(existsSync(join(server.dataDir, 'wishwell.db'))).toBe(true);
    expect(existsSync(join(server.dataDir, 'wishwell.db-wal'))).toBe(true);
    expect(existsSync(join(server.dataDir, 'jwt-secret'))).toBe(true);
  });
});

describe('domain configs', () => {
  it('creates the default config at first start and serves its seven public fields', async () => {
    const res = await client.get('/domain-configs/public/localhost');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: expect.any(String),
      hostname: 'localhost',
      companyName: 'Wishwell',
      logoUrl: '/Logo.png',
      primaryColor: '#363636',
      secondaryColor: '#e84393',
      landingPageHeadline: expect.any(String),
      landingPageSubheadline: expect.any(String),
    });
  });

  it('answers an unknown host with the default config', async () => {
    const known = await client.get('/domain-configs/public/localhost');
    const unknown = await client.get('/domain-configs/public/shop.unknown.example');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });
});

describe('site', () => {
  it('serves the app shell at client-side routes', async () => {
    for (const path of ['/dashboard', '/wishlist/abc', '/admin/users']) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root"></div>');
    }
  });

  it('renders the landing page on the server, revalidated by ETag', async () => {
    const res = await fetch(server.url + '/');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<h1 class="ww-hero-title">All your wishes in one place</h1>');
    expect(html).toContain('<script type="application/json" id="ww-boot">');
    const again = await fetch(server.url + '/', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('sends the rendered page brotli- or gzip-compressed as accepted, the same page each time', async () => {
    const plain = await fetch(server.url + '/', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(server.url + '/', { headers: { 'accept-encoding': encoding }, decompress: false } as RequestInit);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBeLessThan(html.length / 3);
      expect((encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString()).toBe(html);
    }
  });

  it('serves hashed assets with a long cache and brotli or gzip as accepted', async () => {
    const shell = await (await fetch(server.url + '/')).text();
    const script = shell.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const br = await fetch(server.url + script, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    const gzip = await fetch(server.url + script, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(server.url + script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(1000);
  });

  it('sends hashed scripts and style sheets without the page-only headers, pages and other files with them', async () => {
    const shell = await (await fetch(server.url + '/')).text();
    const script = shell.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const sheet = shell.match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
    for (const path of [script, sheet]) {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(200);
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy', 'referrer-policy', 'x-request-id']) {
        expect(res.headers.get(name)).toBeNull();
      }
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // An SVG opened on its own is a document; the service worker's script has its own policy.
    for (const path of ['/', '/favicon.svg', '/sw.js']) {
      const res = await fetch(server.url + path);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(server.url + '/Logo.png');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const again = await fetch(server.url + '/Logo.png', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers a missing file with 404, not the app shell', async () => {
    const res = await fetch(server.url + '/assets/missing-123.js');
    expect(res.status).toBe(404);
  });
});
