/**
 * Which network addresses the service may fetch an image from (issue 2, item 3).
 *
 * A client-supplied `image_url` / `url` makes the server open a connection on the client's
 * behalf. Without a policy that is a server-side request forgery hole: the client could make
 * the service read its own admin ports, the cloud metadata endpoint (169.254.169.254) or hosts
 * of the operator's private network. So every address a host name resolves to is classified
 * here, and anything but a public unicast address is refused unless the operator named the
 * host (or the address) in MEDDOC_FETCH_ALLOW_HOSTS.
 *
 * Pure functions, no network: the decision is tested for every range without connecting.
 */

import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'multicast'
  | 'unspecified'
  | 'reserved';

export type FetchDecision = { allowed: true } | { allowed: false; reason: string };

/** The environment variable an operator uses to open non-public hosts; named in refusals. */
export const ALLOW_HOSTS_ENV = 'MEDDOC_FETCH_ALLOW_HOSTS';

interface Range {
  /** First address of the range, as bytes (4 for IPv4, 16 for IPv6). */
  readonly base: Uint8Array;
  readonly prefixLength: number;
  readonly cls: Exclude<AddressClass, 'public'>;
}

function v4Range(cidr: string, cls: Range['cls']): Range {
  const [address, prefix] = cidr.split('/');
  const base = parseIPv4(address ?? '');
  if (!base) throw new Error(`bad IPv4 range in the address table: ${cidr}`);
  return { base, prefixLength: Number(prefix), cls };
}

function v6Range(cidr: string, cls: Range['cls']): Range {
  const [address, prefix] = cidr.split('/');
  const base = parseIPv6(address ?? '');
  if (!base) throw new Error(`bad IPv6 range in the address table: ${cidr}`);
  return { base, prefixLength: Number(prefix), cls };
}

/*
 * The tables are ordered most specific first where ranges nest (255.255.255.255 inside 240/4),
 * because the first match wins. Sources: RFC 6890 special-purpose registries.
 */
const IPV4_RANGES: readonly Range[] = [
  v4Range('0.0.0.0/32', 'unspecified'),
  v4Range('0.0.0.0/8', 'reserved'), // "this network": on Linux a connect to 0.x reaches the host itself
  v4Range('10.0.0.0/8', 'private'),
  v4Range('100.64.0.0/10', 'private'), // carrier-grade NAT shared space: someone's internal network
  v4Range('127.0.0.0/8', 'loopback'),
  v4Range('169.254.0.0/16', 'link-local'), // includes the cloud metadata endpoint 169.254.169.254
  v4Range('172.16.0.0/12', 'private'),
  v4Range('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  v4Range('192.0.2.0/24', 'reserved'), // documentation (TEST-NET-1)
  v4Range('192.88.99.0/24', 'reserved'), // deprecated 6to4 relay anycast
  v4Range('192.168.0.0/16', 'private'),
  v4Range('198.18.0.0/15', 'reserved'), // benchmarking
  v4Range('198.51.100.0/24', 'reserved'), // documentation (TEST-NET-2)
  v4Range('203.0.113.0/24', 'reserved'), // documentation (TEST-NET-3)
  v4Range('224.0.0.0/4', 'multicast'),
  v4Range('255.255.255.255/32', 'reserved'), // limited broadcast
  v4Range('240.0.0.0/4', 'reserved'),
];

const IPV6_RANGES: readonly Range[] = [
  v6Range('::/128', 'unspecified'),
  v6Range('::1/128', 'loopback'),
  v6Range('::/96', 'reserved'), // deprecated IPv4-compatible addresses
  v6Range('100::/64', 'reserved'), // discard-only
  v6Range('2001:db8::/32', 'reserved'), // documentation
  v6Range('fc00::/7', 'private'), // unique local addresses
  v6Range('fe80::/10', 'link-local'),
  v6Range('fec0::/10', 'private'), // deprecated site-local, still routed inside some networks
  v6Range('ff00::/8', 'multicast'),
];

/*
 * IPv6 forms that carry an IPv4 address which the network may end up reaching. They are
 * classified by the IPv4 address they carry, so that ::ffff:10.0.0.1 is as private as 10.0.0.1.
 */
const IPV4_MAPPED = v6Range('::ffff:0:0/96', 'reserved'); // the socket talks IPv4 to the embedded address
const NAT64 = v6Range('64:ff9b::/96', 'reserved'); // a NAT64 gateway forwards to the embedded address
const SIX_TO_FOUR = v6Range('2002::/16', 'reserved'); // 6to4: bytes 2..5 are the IPv4 endpoint

function parseIPv4(text: string): Uint8Array | undefined {
  // node's isIPv4 accepts only the dotted-quad form, so '010.1' or '0x7f.1' never get here.
  if (!isIPv4(text)) return undefined;
  return Uint8Array.from(text.split('.').map(Number));
}

function parseIPv6(text: string): Uint8Array | undefined {
  // A zone index (fe80::1%eth0) names an interface, not a different address.
  const address = text.split('%')[0] ?? '';
  if (!isIPv6(address)) return undefined;
  let head = address;
  const bytes = new Uint8Array(16);
  let tailV4: Uint8Array | undefined;
  const lastColon = address.lastIndexOf(':');
  if (address.includes('.', lastColon)) {
    tailV4 = parseIPv4(address.slice(lastColon + 1));
    if (!tailV4) return undefined;
    head = address.slice(0, lastColon + 1) + '0:0';
  }
  const [left = '', right] = head.split('::');
  const leftGroups = left === '' ? [] : left.split(':');
  const rightGroups = right === undefined || right === '' ? [] : right.split(':');
  const groups =
    right === undefined
      ? leftGroups
      : [...leftGroups, ...new Array<string>(8 - leftGroups.length - rightGroups.length).fill('0'), ...rightGroups];
  if (groups.length !== 8) return undefined;
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  });
  if (tailV4) bytes.set(tailV4, 12);
  return bytes;
}

function inRange(bytes: Uint8Array, range: Range): boolean {
  if (bytes.length !== range.base.length) return false;
  let bitsLeft = range.prefixLength;
  for (let i = 0; bitsLeft > 0; i++, bitsLeft -= 8) {
    const mask = bitsLeft >= 8 ? 0xff : (0xff << (8 - bitsLeft)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.base[i] ?? 0) & mask)) return false;
  }
  return true;
}

function classifyBytes(bytes: Uint8Array): AddressClass {
  if (bytes.length === 16) {
    if (inRange(bytes, IPV4_MAPPED) || inRange(bytes, NAT64)) return classifyBytes(bytes.subarray(12, 16));
    if (inRange(bytes, SIX_TO_FOUR)) {
      const embedded = classifyBytes(bytes.subarray(2, 6));
      if (embedded !== 'public') return embedded;
    }
  }
  const table = bytes.length === 4 ? IPV4_RANGES : IPV6_RANGES;
  return table.find((range) => inRange(bytes, range))?.cls ?? 'public';
}

/** Address bytes of an IPv4 or IPv6 literal (brackets and zone index tolerated), or undefined. */
function addressBytes(ip: string): Uint8Array | undefined {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  return parseIPv4(bare) ?? parseIPv6(bare);
}

/**
 * The kind of an IP address. Anything that is not an IP literal is 'reserved': the caller
 * asked about an address, and refusing what cannot be understood is the safe answer.
 */
export function classifyAddress(ip: string): AddressClass {
  const bytes = addressBytes(ip);
  return bytes ? classifyBytes(bytes) : 'reserved';
}

/** One spelling for host names and IPs, so that allow-list entries and URL hosts compare equal. */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1); // "example.com." is the same host as "example.com"
  return h;
}

function sameAddress(a: string, b: string): boolean {
  const x = addressBytes(a);
  const y = addressBytes(b);
  if (!x || !y) return false;
  // ::ffff:127.0.0.1 and 127.0.0.1 reach the same socket: compare them as IPv4.
  const v4 = (bytes: Uint8Array): Uint8Array =>
    bytes.length === 16 && inRange(bytes, IPV4_MAPPED) ? bytes.subarray(12) : bytes;
  const [p, q] = [v4(x), v4(y)];
  return p.length === q.length && p.every((byte, i) => byte === q[i]);
}

const ARTICLE: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback',
  private: 'a private',
  'link-local': 'a link-local',
  multicast: 'a multicast',
  unspecified: 'an unspecified',
  reserved: 'a reserved',
};

/**
 * May the service connect to `ip`, which `host` (the URL's host) resolved to?
 * Public addresses always; any other address only when the operator listed the host name or
 * that address in the allow-list.
 */
export function isFetchAllowed(host: string, ip: string, allowHosts: readonly string[]): FetchDecision {
  const cls = classifyAddress(ip);
  if (cls === 'public') return { allowed: true };
  const hostName = normalizeHost(host);
  const listed = allowHosts.some((entry) => {
    const allowed = normalizeHost(entry);
    return allowed === hostName || sameAddress(allowed, hostName) || sameAddress(allowed, ip);
  });
  if (listed) return { allowed: true };
  return {
    allowed: false,
    reason: `address ${ip} is ${ARTICLE[cls]} address and the host is not in ${ALLOW_HOSTS_ENV}`,
  };
}
