import { describe, expect, it } from 'vitest'
import { isPrivateAddress, isPublicAddress } from './addressPolicy.ts'

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('IPv4 %s (%s) is refused', (ip) => {
    expect(isPublicAddress(ip)).toBe(false)
    expect(isPrivateAddress(ip)).toBe(true)
  })

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated, never routed)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'IPv4-mapped private, long form'],
    ['::ffff:0:808:808', 'IPv4-translated (RFC 6145)'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b:1::808:808', 'NAT64 local use 64:ff9b:1::/48'],
    ['100::1', 'discard 100::/64'],
    ['2001::1', 'Teredo 2001::/32'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2002::1', '6to4 2002::/16'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2002:808:808::1', '6to4 of a public address'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone id'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['4000::1', 'outside 2000::/3'],
  ])('IPv6 %s (%s) is refused', (ip) => {
    expect(isPublicAddress(ip)).toBe(false)
  })

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
  ])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true)
  })

  it.each(['localhost', '', 'example.com', '1.2.3', '::ffff:1.2.3.4.5'])(
    '%j is not an IP address: refused',
    (v) => {
      expect(isPublicAddress(v)).toBe(false)
    },
  )
})
