// The fetch used for tokenURI documents. Unless private hosts are allowed, a name is resolved once per
// connection, by the socket's own `lookup`: every address of the answer is checked and the socket connects to
// exactly those checked addresses. A check made before the request and a second resolution by the request
// itself would let a DNS server answer differently the second time (rebinding). Literal IPs never reach the
// lookup and are checked before the request; redirects are followed here so that every hop is checked.

import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import type { Agent, fetch as UndiciFetch } from 'undici'
import { FatalError } from '../../errors/GatewayError.ts'
import { isPublicAddress } from './addressPolicy.ts'

/** Resolves a host name to every address it has. */
export type ResolveHost = (hostname: string) => Promise<{ address: string }[]>

const defaultResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/** Redirects followed by the guarded fetch (each hop is checked like the first). */
export const METADATA_MAX_REDIRECTS = 3

/** A refusal of the guard: final, never worth a retry. */
export class RefusedUrlError extends FatalError {
  override name = 'RefusedUrlError'
}

/**
 * A net/tls `lookup` that resolves once, refuses the host unless every address passes `allowed`, and hands the
 * socket the addresses it checked.
 */
export function createCheckedLookup(
  resolve: ResolveHost,
  allowed: (ip: string) => boolean = isPublicAddress,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((answers) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined
        const addresses = answers
          .map((a) => ({ address: a.address, family: isIP(a.address) }))
          .filter((a) => a.family !== 0 && (family === undefined || a.family === family))
        if (!addresses.length)
          throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' })
        const refused = addresses.find((a) => !allowed(a.address))
        if (refused) throw new RefusedUrlError(`private address refused: ${hostname} (${refused.address})`)
        if (options.all) callback(null, addresses)
        else callback(null, addresses[0]?.address as string, addresses[0]?.family)
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''))
  }
}

/**
 * A fetch for tokenURI documents. With `allowPrivateHosts` it is the plain fetch. Otherwise a URL whose host is,
 * or resolves to, a non-public address is refused with RefusedUrlError 'private address refused'; `resolve`
 * and `allowed` replace DNS and the address policy in tests.
 */
export function createMetadataFetch(options: {
  allowPrivateHosts: boolean
  resolve?: ResolveHost
  allowed?: (ip: string) => boolean
}): typeof fetch {
  if (options.allowPrivateHosts) return (input, init) => fetch(input, init)
  const allowed = options.allowed ?? isPublicAddress
  const lookup = createCheckedLookup(options.resolve ?? defaultResolve, allowed)
  // undici loads with the first document fetched, not with the gateway (a gateway that never meets a tokenURI
  // never holds it: ~2.5 MB of heap).
  let undici: Promise<{ agent: Agent; fetch: typeof UndiciFetch }> | undefined
  const client = () =>
    (undici ??= import('undici').then((u) => ({
      agent: new u.Agent({ connect: { lookup } }),
      fetch: u.fetch,
    })))

  const checkUrl = (url: URL) => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new RefusedUrlError(`unsupported URI scheme: ${url.protocol.slice(0, -1)}`)
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
    if (isIP(host) && !allowed(host)) throw new RefusedUrlError(`private address refused: ${host}`)
  }
  const send = async (url: URL, init: RequestInit): Promise<Response> => {
    try {
      // undici's own fetch: the dispatcher must come from the same undici as the fetch using it.
      const { agent, fetch: undiciFetch } = await client()
      const res = await undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        redirect: 'manual',
        dispatcher: agent,
      })
      return res as unknown as Response
    } catch (error) {
      // fetch reports a failed connection as TypeError('fetch failed'); a refusal of the lookup is its cause.
      const cause = (error as { cause?: unknown }).cause
      throw cause instanceof RefusedUrlError ? cause : error
    }
  }

  return async (input, init = {}) => {
    let url = new URL(input instanceof Request ? input.url : String(input))
    let request: RequestInit =
      input instanceof Request
        ? { method: input.method, headers: input.headers, signal: input.signal, ...init } // GET-style only
        : { ...init }
    const mode = request.redirect ?? 'follow'
    for (let hops = 0; ; hops++) {
      checkUrl(url)
      const res = await send(url, request)
      const location = res.headers.get('location')
      if (mode === 'manual' || res.status < 300 || res.status > 399 || location === null) return res
      await res.body?.cancel().catch(() => {})
      if (mode === 'error') throw new RefusedUrlError('redirect refused (redirect: error)')
      if (hops >= METADATA_MAX_REDIRECTS) throw new RefusedUrlError('too many redirects')
      const next = URL.parse(location, url.href)
      if (!next) throw new RefusedUrlError('invalid redirect location')
      url = next
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
