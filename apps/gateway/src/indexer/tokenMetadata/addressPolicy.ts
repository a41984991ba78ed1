// Which IP addresses a tokenURI fetch may connect to. A tokenURI is chosen by whoever deploys the NFT contract
// and the document is served back through the API, so by default only public unicast addresses are reached:
// ipaddr.js names every special-use range (loopback, private, link-local, CGNAT, 6to4, Teredo, NAT64 local
// use, discard, documentation, …) and answers 'unicast' for the rest.
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Whether `ip` is a public unicast address. IPv4 written as IPv6 (IPv4-mapped ::ffff:a.b.c.d, NAT64
 * 64:ff9b::a.b.c.d) is judged by its IPv4 address. Not an IP address: false.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.split('%')[0] as string // an IPv6 zone id names an interface, not an address
  const version = isIP(bare)
  if (version === 0) return false
  if (version === 4) return ipaddr.IPv4.parse(bare).range() === 'unicast'
  const v6 = ipaddr.IPv6.parse(canonicalIPv6(bare))
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast'
  if (v6.match(NAT64_WELL_KNOWN, 96)) return embeddedIPv4(v6).range() === 'unicast'
  // Only 2000::/3 is allocated for global unicast; outside it, ipaddr.js still answers 'unicast' for e.g. the
  // deprecated IPv4-compatible ::a.b.c.d.
  return v6.match(GLOBAL_UNICAST, 3) && v6.range() === 'unicast'
}

/** The opposite of isPublicAddress: what a guarded metadata fetch refuses. */
export const isPrivateAddress = (ip: string): boolean => !isPublicAddress(ip)

/**
 * The WHATWG URL form (hex groups only): ipaddr.js reads a dotted tail such as ::8.8.8.8 as IPv4-mapped,
 * while the network stack treats it as the deprecated IPv4-compatible form.
 */
const canonicalIPv6 = (ip: string) => new URL(`http://[${ip}]/`).hostname.slice(1, -1)

const GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::')
/** 64:ff9b::/96 (RFC 6052) carries an IPv4 address; 64:ff9b:1::/48 (RFC 8215, local use) does not match it. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse('64:ff9b::')

function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const [, , , , , , hi = 0, lo = 0] = v6.parts
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])
}
