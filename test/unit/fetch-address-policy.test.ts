/**
 * The address decision of URL fetching, for every range, without any network.
 * Tests may only connect to loopback, so the private ranges are proven here, on the function.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyAddress, isFetchAllowed, type AddressClass } from '../../src/image/address-policy.js';

const CASES: ReadonlyArray<readonly [string, AddressClass]> = [
  // IPv4 public
  ['8.8.8.8', 'public'],
  ['93.184.216.34', 'public'],
  ['1.1.1.1', 'public'],
  ['100.63.255.255', 'public'], // just below 100.64/10
  ['100.128.0.0', 'public'], // just above 100.64/10
  ['172.15.255.255', 'public'], // just below 172.16/12
  ['172.32.0.0', 'public'], // just above 172.16/12
  ['192.167.255.255', 'public'],
  ['223.255.255.255', 'public'], // last before 224/4
  // 0.0.0.0/8
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'reserved'],
  ['0.255.255.255', 'reserved'],
  // 10/8
  ['10.0.0.0', 'private'],
  ['10.255.255.255', 'private'],
  // 100.64/10
  ['100.64.0.0', 'private'],
  ['100.127.255.255', 'private'],
  // 127/8
  ['127.0.0.1', 'loopback'],
  ['127.0.0.2', 'loopback'],
  ['127.255.255.255', 'loopback'],
  // 169.254/16
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'link-local'],
  // 172.16/12
  ['172.16.0.0', 'private'],
  ['172.31.255.255', 'private'],
  // 192.168/16
  ['192.168.0.1', 'private'],
  ['192.168.255.255', 'private'],
  // 224/4
  ['224.0.0.1', 'multicast'],
  ['239.255.255.255', 'multicast'],
  // 240/4 and broadcast
  ['240.0.0.1', 'reserved'],
  ['254.255.255.255', 'reserved'],
  ['255.255.255.255', 'reserved'],
  // other special IPv4
  ['192.0.2.10', 'reserved'],
  ['198.18.0.1', 'reserved'],
  // IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['2606:4700:4700::1111', 'public'],
  ['2001:4860:4860::8888', 'public'],
  ['fc00::1', 'private'],
  ['fd12:3456:789a::1', 'private'],
  ['fbff:ffff::1', 'public'], // just below fc00::/7
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf:ffff::1', 'link-local'], // top of fe80::/10
  ['ff02::1', 'multicast'],
  ['ff0e::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  // IPv4 inside IPv6
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:8.8.8.8', 'public'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['64:ff9b::10.0.0.1', 'private'], // NAT64
  ['64:ff9b::8.8.8.8', 'public'],
  ['2002:c0a8:0101::1', 'private'], // 6to4 of 192.168.1.1
  ['::127.0.0.1', 'reserved'], // deprecated IPv4-compatible
  ['[::1]', 'loopback'],
  // not an address at all
  ['localhost', 'reserved'],
  ['', 'reserved'],
  ['1.2.3', 'reserved'],
];

test('classifyAddress puts every special range in its class', () => {
  for (const [ip, expected] of CASES) {
    assert.equal(classifyAddress(ip), expected, ip);
  }
});

test('public addresses are allowed without any allow-list', () => {
  assert.deepEqual(isFetchAllowed('example.com', '93.184.216.34', []), { allowed: true });
  assert.deepEqual(isFetchAllowed('example.com', '2606:4700:4700::1111', []), { allowed: true });
});

test('every non-public class is refused with a reason naming the address and its class', () => {
  const refusals: ReadonlyArray<readonly [string, string]> = [
    ['127.0.0.2', 'address 127.0.0.2 is a loopback address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS'],
    ['10.1.2.3', 'address 10.1.2.3 is a private address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS'],
    ['169.254.169.254', 'address 169.254.169.254 is a link-local address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS'],
    ['239.1.1.1', 'address 239.1.1.1 is a multicast address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS'],
    ['0.0.0.0', 'address 0.0.0.0 is an unspecified address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS'],
    ['255.255.255.255', 'address 255.255.255.255 is a reserved address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS'],
    ['::ffff:10.0.0.1', 'address ::ffff:10.0.0.1 is a private address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS'],
    ['fd00::5', 'address fd00::5 is a private address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS'],
  ];
  for (const [ip, reason] of refusals) {
    assert.deepEqual(isFetchAllowed('images.example.com', ip, ['other.example.com', '127.0.0.1']), { allowed: false, reason }, ip);
  }
});

test('the allow-list opens a host by name, case and trailing dot aside', () => {
  assert.deepEqual(isFetchAllowed('Images.Intranet.', '10.0.0.7', ['images.intranet']), { allowed: true });
  assert.deepEqual(isFetchAllowed('images.intranet', '10.0.0.7', [' IMAGES.INTRANET ']), { allowed: true });
  assert.equal(isFetchAllowed('other.intranet', '10.0.0.7', ['images.intranet']).allowed, false);
  // A name listed does not open a sub-domain.
  assert.equal(isFetchAllowed('evil.images.intranet', '10.0.0.7', ['images.intranet']).allowed, false);
});

test('the allow-list opens an address, whichever host name resolved to it', () => {
  assert.deepEqual(isFetchAllowed('127.0.0.1', '127.0.0.1', ['127.0.0.1']), { allowed: true });
  assert.deepEqual(isFetchAllowed('localhost', '127.0.0.1', ['127.0.0.1']), { allowed: true });
  assert.deepEqual(isFetchAllowed('::1', '::1', ['[::1]']), { allowed: true });
  assert.deepEqual(isFetchAllowed('x', '::ffff:127.0.0.1', ['127.0.0.1']), { allowed: true });
  // 127.0.0.2 is loopback like 127.0.0.1 but is not the listed address.
  assert.equal(isFetchAllowed('127.0.0.2', '127.0.0.2', ['127.0.0.1']).allowed, false);
});
