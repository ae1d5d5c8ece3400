/**
 * Whether a visitor's address is public unicast (the only kind GeoIP can place), in the form the
 * GeoIP reader takes. ipaddr.js decides it, but it parses the address into objects and walks every
 * special range, once per new address: a flood of new addresses would pay that per view. Plain dotted IPv4 (nearly every address, IPv4-mapped IPv6 included) is checked here
 * against ipaddr.js's own IPv4 ranges, as integers; anything else goes to ipaddr.js.
 */
import ipaddr from 'ipaddr.js';

export type PublicAddress = { text: string; kind: 'ipv4' | 'ipv6' };

const IPV4_MAPPED_PREFIX = '::ffff:';

/**
 * The IPv4 ranges that are not public unicast, as ipaddr.js 2 lists them (unspecified, broadcast,
 * multicast, link-local, loopback, carrier-grade NAT, private, reserved and documentation, AS112,
 * AMT); public-address.test.ts checks this list against ipaddr.js's own verdicts.
 */
const NON_UNICAST_V4 = [
  '0.0.0.0/8', '255.255.255.255/32', '224.0.0.0/4', '169.254.0.0/16', '127.0.0.0/8', '100.64.0.0/10',
  '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16',
  '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4',
  '192.175.48.0/24', '192.31.196.0/24', '192.52.193.0/24',
].map((cidr) => {
  const [network, bits] = ipaddr.IPv4.parseCIDR(cidr);
  return { network: toUint32(network.octets), mask: (~0 << (32 - bits)) >>> 0 };
});

function toUint32(octets: number[]): number {
  return ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
}

/** `ip` as a 32-bit number when it is four decimal octets without leading zeros, else -1. */
function parseDottedQuad(ip: string, from: number): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < ip.length; i++) {
    const code = ip.charCodeAt(i);
    if (code === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57) {
      if (digits > 0 && octet === 0) return -1;
      octet = octet * 10 + code - 48;
      digits += 1;
      if (octet > 255) return -1;
    } else {
      return -1;
    }
  }
  if (digits === 0 || dots !== 3) return -1;
  return value * 256 + octet;
}

function isUnicastV4(address: number): boolean {
  for (const { network, mask } of NON_UNICAST_V4) if (((address & mask) >>> 0) === network) return false;
  return true;
}

/** The address as GeoIP looks it up when it is public unicast (IPv4-mapped IPv6 as IPv4), else null. */
export function publicAddress(ip: string): PublicAddress | null {
  const from = ip.startsWith(IPV4_MAPPED_PREFIX) ? IPV4_MAPPED_PREFIX.length : 0;
  const v4 = parseDottedQuad(ip, from);
  if (v4 >= 0) return isUnicastV4(v4) ? { text: from === 0 ? ip : ip.slice(from), kind: 'ipv4' } : null;
  try {
    const address = ipaddr.process(ip);
    return address.range() === 'unicast' ? { text: address.toString(), kind: address.kind() } : null;
  } catch {
    return null;
  }
}
