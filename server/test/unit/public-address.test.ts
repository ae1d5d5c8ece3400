import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { publicAddress } from '../../src/features/visitors/public-address';

/** What the visitor log used before its IPv4 fast path: ipaddr.js's verdict and plain form. */
function ipaddrVerdict(ip: string): string | null {
  try {
    const address = ipaddr.process(ip);
    return address.range() === 'unicast' ? address.toString() : null;
  } catch {
    return null;
  }
}

type Ranges = Record<string, [ipaddr.IPv4, number][]>;
/** ipaddr.js's own table of IPv4 ranges that are not unicast (its types leave it out): a range it adds later is checked too. */
const specialRanges = (ipaddr.IPv4.prototype as unknown as { SpecialRanges: Ranges }).SpecialRanges;

const LAST_IPV4 = 2 ** 32 - 1;
const dotted = (value: number) => [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');

/**
 * The first and last address of every range ipaddr.js knows and their neighbours on both sides
 * (where a verdict changes), plus one address in every /8 and the ends of the space. A range
 * check that is wrong for some address is wrong at a boundary: inside a range (or between two)
 * every address gets the same verdict.
 */
function boundaries(): string[] {
  const addresses = new Set<number>([0, 1, LAST_IPV4 - 1, LAST_IPV4]);
  for (const [network, bits] of Object.values(specialRanges).flat()) {
    const first = network.octets.reduce((value, octet) => value * 256 + octet, 0);
    const last = first + 2 ** (32 - bits) - 1;
    for (const edge of [first - 1, first, first + 1, last - 1, last, last + 1]) if (edge >= 0 && edge <= LAST_IPV4) addresses.add(edge);
  }
  for (let first = 0; first < 256; first++) addresses.add(first * 2 ** 24 + 0x01_02_03);
  return [...addresses].map(dotted);
}

describe('publicAddress: which visitor addresses GeoIP places', () => {
  it('agrees with ipaddr.js on every IPv4 range boundary (public ones placed, private, loopback, reserved ... not)', () => {
    const disagreements = boundaries().filter((ip) => (publicAddress(ip)?.text ?? null) !== ipaddrVerdict(ip));
    expect(disagreements).toEqual([]);
  });

  it('places IPv4-mapped IPv6 as its IPv4 address, and IPv6 by ipaddr.js', () => {
    expect(publicAddress('::ffff:81.2.69.142')).toEqual({ text: '81.2.69.142', kind: 'ipv4' });
    expect(publicAddress('::ffff:192.168.1.1')).toBeNull();
    expect(publicAddress('2a02:c7f:7e2a:ac00::1')).toEqual({ text: '2a02:c7f:7e2a:ac00::1', kind: 'ipv6' });
    expect(publicAddress('::1')).toBeNull();
    expect(publicAddress('fe80::1')).toBeNull();
  });

  it('leaves odd spellings to ipaddr.js and gives garbage no place', () => {
    for (const ip of ['081.2.69.142', '81.2.69', '81.2.69.142.1', '81.2.69.256', '81..69.142', '', 'unknown', '81.2.69.142 ', '0x51.2.69.142']) {
      expect(publicAddress(ip)?.text ?? null, ip).toBe(ipaddrVerdict(ip));
    }
  });
});
