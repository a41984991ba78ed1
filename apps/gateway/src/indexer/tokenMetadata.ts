// Token and NFT metadata, read after a window is committed so a slow or broken token never holds up
// indexing. Every token is read once: one whose calls fail is stored as invalid and not asked again.
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { erc20Abi, erc721Abi } from '@concord/safe/contracts'
import type { Address, PublicClient } from 'viem'
import type { nftMetadata, tokens } from '../db/schema.ts'
import type { IndexStore } from './indexStore.ts'

export type TokenRow = typeof tokens.$inferInsert
export type NftMetadataRow = typeof nftMetadata.$inferInsert

/** Limits for tokenURI documents fetched over http(s). */
export const METADATA_FETCH = { timeoutMs: 5_000, maxBytes: 256 * 1024 } as const

const settle = async <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined)

export async function readTokens(
  client: PublicClient,
  chainId: number,
  pending: { address: string | null; type: 'NATIVE_COIN' | 'ERC20' | 'ERC721' }[],
): Promise<TokenRow[]> {
  return Promise.all(
    pending.flatMap(({ address, type }) => {
      if (!address || type === 'NATIVE_COIN') return []
      const token = address as Address
      const abi = type === 'ERC20' ? erc20Abi : erc721Abi
      // Parallel calls share one JSON-RPC batch (the transport batches).
      return [
        (async (): Promise<TokenRow> => {
          const [name, symbol, decimals] = await Promise.all([
            settle(client.readContract({ address: token, abi, functionName: 'name' })),
            settle(client.readContract({ address: token, abi, functionName: 'symbol' })),
            type === 'ERC20'
              ? settle(client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }))
              : Promise.resolve(undefined),
          ])
          const invalid = symbol === undefined || (type === 'ERC20' && decimals === undefined)
          return {
            chainId,
            address: token,
            type,
            name: name ?? null,
            symbol: symbol ?? null,
            decimals: decimals === undefined ? null : Number(decimals),
            logoUri: null,
            invalid,
          }
        })(),
      ]
    }),
  )
}

// ---- Server-side request forgery guard: a tokenURI is chosen by whoever deploys the NFT contract, and the
// document it points to is served back through the API, so by default it may not reach the gateway's own
// loopback, private or link-local networks.

const ipv4ToNumber = (ip: string) => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0)

/** Non-public IPv4 ranges as [network, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified (connects to the local host)
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata endpoints)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast, reserved, broadcast
]

function isPrivateV4(ip: string): boolean {
  const n = ipv4ToNumber(ip)
  return PRIVATE_V4.some(([net, bits]) => {
    const size = 2 ** (32 - bits)
    return Math.floor(n / size) === Math.floor(ipv4ToNumber(net) / size)
  })
}

/** The eight 16-bit groups of an IPv6 address (zone id ignored, dotted IPv4 tail accepted). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0] as string
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1]
  if (tail) {
    const n = ipv4ToNumber(tail)
    text = `${text.slice(0, -tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
  }
  const [head = '', rest] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const left = parse(head)
  const right = rest === undefined ? [] : parse(rest)
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right]
}

/**
 * Whether an IP address is one the metadata fetcher must not reach by default: loopback, private, link-local,
 * unique-local, CGNAT, unspecified and other non-public ranges, including IPv4 addresses written as IPv6
 * (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d). Not an IP address: true.
 */
export function isPrivateAddress(ip: string): boolean {
  const version = isIP(ip.split('%')[0] as string)
  if (version === 4) return isPrivateV4(ip)
  if (version !== 6) return true
  const g = ipv6Groups(ip)
  const [hi = 0, lo = 0] = g.slice(6)
  const embeddedV4 = () => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0)
  if (zeros(5) && g[5] === 0xffff) return isPrivateV4(embeddedV4()) // IPv4-mapped
  if (zeros(6)) return true // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return isPrivateV4(embeddedV4()) // NAT64
  const first = g[0] as number
  return (
    (first & 0xfe00) === 0xfc00 || // unique-local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // deprecated site-local fec0::/10
    (first & 0xff00) === 0xff00 // multicast
  )
}

export type MetadataLookup = (hostname: string) => Promise<{ address: string }[]>

const defaultLookup: MetadataLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/** Redirects followed by the guarded fetch (each hop is checked like the first). */
export const METADATA_MAX_REDIRECTS = 3

/**
 * A fetch for tokenURI documents. Unless `allowPrivateHosts`, a URL whose host is, or resolves to, a
 * non-public address (isPrivateAddress) is refused with 'private address refused', and redirects are followed
 * here (at most METADATA_MAX_REDIRECTS) so that every hop is checked. `lookup` and `fetch` are for tests.
 * Note: the address is checked before the request, which resolves the name again; a DNS server that answers
 * differently the second time (rebinding) is not caught.
 */
export function createMetadataFetch(options: {
  allowPrivateHosts: boolean
  lookup?: MetadataLookup
  fetch?: typeof fetch
}): typeof fetch {
  const fetchImpl: typeof fetch = (input, init) => (options.fetch ?? fetch)(input, init)
  if (options.allowPrivateHosts) return fetchImpl
  const lookup = options.lookup ?? defaultLookup

  const check = async (url: URL) => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`unsupported URI scheme: ${url.protocol.slice(0, -1)}`)
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
    const addresses = isIP(host) ? [host] : (await lookup(host)).map((a) => a.address)
    if (!addresses.length) throw new Error(`no address for ${host}`)
    const refused = addresses.find(isPrivateAddress)
    if (refused !== undefined)
      throw new Error(`private address refused: ${host}${refused === host ? '' : ` (${refused})`}`)
  }

  return async (input, init = {}) => {
    let url = new URL(input instanceof Request ? input.url : String(input))
    let request: RequestInit =
      input instanceof Request
        ? { method: input.method, headers: input.headers, signal: input.signal, ...init } // GET-style only
        : { ...init }
    const mode = request.redirect ?? 'follow'
    for (let hops = 0; ; hops++) {
      await check(url)
      const res = await fetchImpl(url, { ...request, redirect: 'manual' })
      const location = res.headers.get('location')
      if (mode === 'manual' || res.status < 300 || res.status > 399 || location === null) return res
      await res.body?.cancel().catch(() => {})
      if (mode === 'error') throw new TypeError('redirect refused (redirect: error)')
      if (hops >= METADATA_MAX_REDIRECTS) throw new Error('too many redirects')
      url = new URL(location, url)
      const method = (request.method ?? 'GET').toUpperCase()
      if (
        res.status === 303
          ? method !== 'HEAD'
          : (res.status === 301 || res.status === 302) && method === 'POST'
      )
        request = { ...request, method: 'GET', body: null }
    }
  }
}

/** The fetch used when none is given: private hosts refused. */
const guardedFetch = createMetadataFetch({ allowPrivateHosts: false })

type Document = Record<string, unknown>

/**
 * Reads a tokenURI document: `data:` URIs inline, http(s) with a timeout and a size cap. `fetchImpl` follows
 * redirects itself (a createMetadataFetch checks every hop; the default refuses private hosts).
 */
export async function fetchMetadataDocument(
  uri: string,
  fetchImpl: typeof fetch = guardedFetch,
  limits: { timeoutMs: number; maxBytes: number } = METADATA_FETCH,
): Promise<Document> {
  if (uri.startsWith('data:')) {
    const comma = uri.indexOf(',')
    if (comma < 0) throw new Error('malformed data: URI')
    const header = uri.slice(5, comma)
    const body = uri.slice(comma + 1)
    const text = header.endsWith(';base64')
      ? Buffer.from(body, 'base64').toString('utf8')
      : decodeURIComponent(body)
    return asDocument(JSON.parse(text))
  }
  if (!/^https?:\/\//.test(uri)) throw new Error(`unsupported URI scheme: ${uri.split(':')[0]}`)
  const res = await fetchImpl(uri, {
    signal: AbortSignal.timeout(limits.timeoutMs),
    redirect: 'follow',
  })
  // A body that is not read must be cancelled, or its connection stays open until garbage collection.
  const discard = async (message: string) => {
    await res.body?.cancel().catch(() => {})
    throw new Error(message)
  }
  if (!res.ok) return discard(`HTTP ${res.status}`)
  const declared = Number(res.headers.get('content-length') ?? 0)
  if (declared > limits.maxBytes) return discard('metadata document too large')
  const reader = res.body?.getReader()
  if (!reader) throw new Error('empty metadata document')
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limits.maxBytes) {
      await reader.cancel()
      throw new Error('metadata document too large')
    }
    chunks.push(value)
  }
  return asDocument(JSON.parse(Buffer.concat(chunks).toString('utf8')))
}

function asDocument(value: unknown): Document {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('metadata is not an object')
  return value as Document
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)

export async function readNftMetadata(
  client: PublicClient,
  chainId: number,
  nft: { token: string; tokenId: string },
  fetchImpl?: typeof fetch,
): Promise<NftMetadataRow> {
  const row: NftMetadataRow = { chainId, token: nft.token, tokenId: nft.tokenId }
  try {
    row.uri = await client.readContract({
      address: nft.token as Address,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [BigInt(nft.tokenId)],
    })
  } catch {
    return { ...row, uri: null, error: 'tokenURI reverted' }
  }
  try {
    const doc = await fetchMetadataDocument(row.uri, fetchImpl)
    return {
      ...row,
      name: str(doc.name),
      description: str(doc.description),
      imageUri: str(doc.image) ?? str(doc.image_url),
      metadata: doc,
    }
  } catch (error) {
    return { ...row, error: (error as Error).message.slice(0, 200) }
  }
}

/** Fills in metadata for every token and NFT the index has seen but not described yet. */
export async function enrichTokens(
  client: PublicClient,
  chainId: number,
  store: IndexStore,
  fetchImpl?: typeof fetch,
): Promise<void> {
  await store.saveTokens(await readTokens(client, chainId, await store.tokensWithoutMetadata()))
  for (;;) {
    const nfts = await store.nftsWithoutMetadata(50)
    if (!nfts.length) return
    const rows = await Promise.all(
      nfts.map((n) =>
        readNftMetadata(
          client,
          chainId,
          { token: n.token as string, tokenId: n.tokenId as string },
          fetchImpl,
        ),
      ),
    )
    await store.saveNftMetadata(rows)
  }
}
