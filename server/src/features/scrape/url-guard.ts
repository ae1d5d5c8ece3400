import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import { DomainError, text, type ErrorKey, type ErrorParam } from '../../domain/errors';

/** A scrape refused before anything is fetched: the client's to mend (invalid, or unprocessable for a page that is no product), with a reason it can show. */
export class ScrapeRefused extends DomainError {
  constructor(key: ErrorKey, params?: Record<string, ErrorParam>, kind: 'invalid' | 'unprocessable' = 'invalid') {
    super(kind, [text(key, params)]);
    this.name = 'ScrapeRefused';
  }
}

/** Address ranges no scrape may reach, beyond ipaddr.js's non-unicast ranges. */
const EXTRA_DENIED_CIDRS = [
  '::/96', // IPv4-compatible IPv6 (::7f00:1 is 127.0.0.1)
  'fd00:ec2::254/128', // AWS metadata over IPv6 (already unique-local; kept explicit)
  '169.254.169.254/32',
  '100.64.0.0/10',
  '64:ff9b::/96', // NAT64 can wrap any IPv4 address
  '2002::/16', // 6to4 embeds an IPv4 address
];
const extraDenied = EXTRA_DENIED_CIDRS.map((cidr) => ipaddr.parseCIDR(cidr));

/** Whether a literal IP address is one a scrape must never connect to (anything but public unicast). */
export function isForbiddenAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return true;
  if (parsed.range() !== 'unicast') return true;
  return extraDenied.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

export interface UrlPolicy {
  /** Hosts exempt from the private-address rule (tests only: SCRAPE_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** Ports allowed besides the scheme's default (80/443). */
  allowPorts?: readonly number[];
}

const LOCAL_NAME = /(^|\.)(localhost|localdomain|local|internal|home\.arpa)$/;

/**
 * Checks a URL before anything is fetched: http(s) only, default ports, no credentials, no
 * local names, and a literal IP address must be public. The WHATWG parser has already turned
 * decimal, octal and hex spellings (http://2130706433/, http://0x7f.1/) into dotted form.
 * Names are checked again at connect time against every address they resolve to.
 */
export function checkScrapeUrl(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ScrapeRefused('notWebAddress');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ScrapeRefused('httpOnly');
  if (url.username || url.password) throw new ScrapeRefused('noCredentialsInLink');
  const host = hostOf(url);
  if (!host) throw new ScrapeRefused('notWebAddress');
  if (isAllowedHost(host, policy)) return url;
  if (isIP(host)) {
    if (isForbiddenAddress(host)) throw new ScrapeRefused('privateAddress');
  } else if (LOCAL_NAME.test(host) || !host.includes('.')) {
    throw new ScrapeRefused('localName');
  }
  if (url.port && !(policy.allowPorts ?? []).includes(Number(url.port))) {
    throw new ScrapeRefused('standardPorts');
  }
  return url;
}

/** The URL's host without IPv6 brackets or a trailing dot, lower-cased. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

export function isAllowedHost(host: string, policy: UrlPolicy): boolean {
  return policy.allowHosts.includes(host);
}
