import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupFunction } from 'node:net';
import { FetchFailed, guardedFetch, MAX_REDIRECTS } from '../../src/features/scrape/guarded-fetch';
import { ScrapeRefused, type UrlPolicy } from '../../src/features/scrape/url-guard';

/** A DNS that answers from a table, as a hostile or misconfigured resolver could. */
function fakeDns(table: Record<string, string[]>): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const addresses = (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (addresses.length === 0) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as LookupFunction;
}

// Every connection that gets through would land here.
let sentinelHits = 0;
const sentinel = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => (sentinelHits++, new Response('<title>internal</title>', { headers: { 'content-type': 'text/html' } })) });
// The one host tests may reach: it redirects wherever the path says.
const redirector = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/ok') return new Response('<title>ok</title>', { headers: { 'content-type': 'text/html' } });
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/loop') return Response.redirect(hops > 0 ? `http://127.0.0.1:${url.port}/loop?hops=${hops - 1}` : '/ok', 302);
    return new Response(null, { status: 302, headers: { location: url.searchParams.get('to') ?? '/ok' } });
  },
});

const dns = fakeDns({
  'private.example': ['10.1.2.3'],
  'loopback.example': ['127.0.0.1'],
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'v6loopback.example': ['::1'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:10.0.0.1'],
  'cgnat.example': ['100.100.100.100'],
  'lan.example': ['192.168.0.10'],
});
const strict: UrlPolicy = { allowHosts: [] };
// The sentinel's port is allowed so that the address check, not the port rule, is what refuses.
const strictAnyPort: UrlPolicy = { allowHosts: [], allowPorts: [sentinel.port!] };
const testsOnly: UrlPolicy = { allowHosts: ['127.0.0.1'] };

const fetchWith = (url: string, policy: UrlPolicy) =>
  guardedFetch(url, { policy, userAgent: 'test', signal: AbortSignal.timeout(5000), lookup: dns });

beforeAll(() => {
  sentinelHits = 0;
});
afterAll(() => {
  sentinel.stop(true);
  redirector.stop(true);
});

describe('SSRF guard: addresses and spellings', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/', // decimal
    'http://0x7f000001/', // hex
    'http://0177.0.0.1/', // octal
    'http://0x7f.0.0.1/',
    'http://0.0.0.0/',
    'http://0/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://shop.localhost/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/', // IPv4-mapped
    'http://[::ffff:7f00:1]/',
    'http://[::127.0.0.1]/', // IPv4-compatible
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/', // cloud metadata
    'http://[fd00:ec2::254]/', // AWS metadata over IPv6
    'http://100.64.0.1/', // CGNAT
    'http://224.0.0.1/', // multicast
    'http://240.0.0.1/', // reserved
    'http://255.255.255.255/',
    'http://[fe80::1]/', // link-local
    'http://[fc00::1]/', // unique local
    'http://[ff02::1]/', // IPv6 multicast
    'http://[64:ff9b::7f00:1]/', // NAT64 of 127.0.0.1
    'http://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
    'file:///etc/passwd',
    'data:text/html,<title>x</title>',
    'ftp://example.com/file',
    'gopher://127.0.0.1:70/',
    'http://example.com:8080/', // not a web port
    'http://user:secret@example.com/',
    'http://intranet/', // single-label name
    'http://router.local/',
  ];
  it.each(refused)('refuses %s', async (url) => {
    await expect(fetchWith(url, strict)).rejects.toBeInstanceOf(ScrapeRefused);
  });
  it('counts enough attempts', () => expect(refused.length).toBeGreaterThanOrEqual(30));
});

describe('SSRF guard: DNS answers are checked where the connection is made', () => {
  it.each(['private.example', 'loopback.example', 'mixed.example', 'v6loopback.example', 'metadata.example', 'mapped.example', 'cgnat.example', 'lan.example'])(
    'refuses %s (resolves to a private address)',
    async (host) => {
      await expect(fetchWith(`http://${host}:${sentinel.port}/`, strictAnyPort)).rejects.toBeInstanceOf(ScrapeRefused);
    },
  );
  it('never reached the internal server', () => expect(sentinelHits).toBe(0));
});

describe('SSRF guard: redirects are followed by hand and each hop is checked', () => {
  const via = (target: string) => `http://127.0.0.1:${redirector.port}/?to=${encodeURIComponent(target)}`;
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://[::1]/',
    'file:///etc/passwd',
    'http://private.example/',
    'http://lan.example/',
    `http://localhost:${sentinel.port}/`,
  ])('refuses a redirect to %s', async (target) => {
    await expect(fetchWith(via(target), testsOnly)).rejects.toBeInstanceOf(ScrapeRefused);
  });

  it(`gives up after ${MAX_REDIRECTS} redirects`, async () => {
    const error = await fetchWith(`http://127.0.0.1:${redirector.port}/loop?hops=${MAX_REDIRECTS + 1}`, testsOnly).catch((e) => e);
    expect(error).toBeInstanceOf(FetchFailed);
    expect(error.message).toMatch(/redirected too many times/);
  });

  it('follows harmless redirects on an allowed host', async () => {
    const page = await fetchWith(`http://127.0.0.1:${redirector.port}/loop?hops=2`, testsOnly);
    expect(page.status).toBe(200);
    expect(page.url.pathname).toBe('/ok');
  });

  it('still reaches nothing internal', () => expect(sentinelHits).toBe(0));
});
