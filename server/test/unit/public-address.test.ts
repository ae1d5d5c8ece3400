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

/** Addresses at both edges of every range boundary ipaddr.js knows, plus a spread over the whole space. */
function sweep(): string[] {
  const addresses: string[] = [];
  for (let first = 0; first < 256; first++) {
    for (const second of [0, 1, 15, 16, 31, 32, 51, 52, 63, 64, 87, 88, 99, 100, 127, 128, 167, 168, 174, 175, 191, 192, 253, 254, 255]) {
      for (const third of [0, 1, 2, 3, 47, 48, 49, 98, 99, 100, 112, 113, 114, 192, 193, 195, 196, 197, 255]) {
        for (const fourth of [0, 1, 255]) addresses.push(`${first}.${second}.${third}.${fourth}`);
      }
    }
  }
  return addresses;
}

describe('publicAddress: which visitor addresses GeoIP places', () => {
  it('agrees with ipaddr.js on every IPv4 range boundary (public ones placed, private, loopback, reserved ... not)', () => {
    const disagreements = sweep().filter((ip) => (publicAddress(ip)?.text ?? null) !== ipaddrVerdict(ip));
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
