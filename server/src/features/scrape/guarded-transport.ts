import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { checkScrapeUrl, hostOf, isForbiddenAddress, isAllowedHost, ScrapeRefused } from './url-guard';
import { FetchFailed, MAX_BODY_BYTES, MAX_REDIRECTS, type FetchedPage, type GuardedFetchOptions } from './guarded-fetch';

// The filtering agents check every resolved address inside the connect-time lookup, so the
// address that was checked is the one connected to (no DNS rebinding window). Our own lookup
// filter (below) adds the ranges the agent lets through (IPv4-compatible IPv6, NAT64, 6to4).
const guardedAgents = { http: new RequestFilteringHttpAgent({ keepAlive: false }), https: new RequestFilteringHttpsAgent({ keepAlive: false }) };
const testAgents = { http: new http.Agent(), https: new https.Agent() };

/**
 * GET a user-supplied URL safely. Bun's fetch must not be used here (it reads file: and data:
 * URLs, follows redirects itself and ignores custom DNS lookups): node:http(s) with
 * request-filtering-agent, redirects followed by hand with every hop checked again.
 */
export async function fetchGuarded(rawUrl: string, options: GuardedFetchOptions): Promise<FetchedPage> {
  let url = checkScrapeUrl(rawUrl, options.policy);
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(url, options);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new FetchFailed('tooManyRedirects');
      url = checkScrapeUrl(new URL(location, url).href, options.policy);
      continue;
    }
    const status = response.statusCode ?? 0;
    const contentType = String(response.headers['content-type'] ?? '');
    const { body, truncated } = await readCapped(decoded(response), options.signal, options.maxBytes ?? MAX_BODY_BYTES);
    const retryAfter = String(response.headers['retry-after'] ?? '');
    return { url, status, contentType, body, truncated, retryAfter };
  }
}

function requestOnce(url: URL, options: GuardedFetchOptions): Promise<http.IncomingMessage> {
  const agents = isAllowedHost(hostOf(url), options.policy) ? testAgents : guardedAgents;
  const secure = url.protocol === 'https:';
  const request = secure ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      agent: secure ? agents.https : agents.http,
      signal: options.signal,
      lookup: agents === guardedAgents ? refusingForbiddenAddresses(options.lookup ?? dns.lookup) : options.lookup,
      headers: {
        'user-agent': options.userAgent,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'accept-language': 'en-GB,en;q=0.9',
        'accept-encoding': 'gzip, deflate, br',
        ...options.headers,
      },
    });
    req.on('response', resolve);
    req.on('error', (error) => reject(describeNetworkError(error, options.signal)));
    req.end();
  });
}

const FORBIDDEN_ADDRESS = 'is not allowed: private or local address';

/** Wraps a DNS lookup so a name resolving to any forbidden address fails before connecting. */
function refusingForbiddenAddresses(lookup: LookupFunction): LookupFunction {
  return ((hostname: string, lookupOptions: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    lookup(hostname, lookupOptions, ((error: Error | null, address: string | dns.LookupAddress[], family?: number) => {
      if (error) return callback(error);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      if (addresses.length === 0 || addresses.some(isForbiddenAddress)) return callback(new Error(`${hostname} ${FORBIDDEN_ADDRESS}`));
      callback(null, address, family);
    }) as never);
  }) as LookupFunction;
}

function describeNetworkError(error: Error, signal: AbortSignal): Error {
  if (signal.aborted) return new FetchFailed('shopTooSlow');
  if (/is not allowed/.test(error.message)) return new ScrapeRefused('privateAddress');
  if ((error as { code?: string }).code === 'ENOTFOUND') return new FetchFailed('addressNotFound');
  return new FetchFailed('shopUnreachable');
}

function decoded(response: http.IncomingMessage): Readable {
  switch (String(response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

/** Reads at most `maxBytes` (after decompression, so a small bomb cannot blow up). */
async function readCapped(stream: Readable, signal: AbortSignal, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - size));
        stream.destroy();
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(buffer);
      size += buffer.length;
    }
  } catch {
    if (signal.aborted) throw new FetchFailed('shopTooSlow');
    if (size === 0) throw new FetchFailed('shopUnreadable');
  }
  return { body: Buffer.concat(chunks), truncated: false };
}
