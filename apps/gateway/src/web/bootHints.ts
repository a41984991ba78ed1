// Hints the app shell carries so a cold page starts its first requests while the HTML is parsed, instead of
// after the entry script has run: the chains list on every page, and on a deep link to a Safe
// (`?safe=<shortName>:<address>`) that Safe's first-screen gateway calls and the code of its first screen.
// A preloaded response is used only by a fetch of the byte-identical URL with the same mode and credentials,
// so the URLs here are the ones the web app builds (apps/web/src/app/bootPrefetch.ts and the query options it
// runs, through @safe-global/safe-gateway-typescript-sdk: plain GET, mode cors, credentials same-origin);
// anything else would be fetched twice. Only validated values reach the HTML: a chain id from this gateway's
// configuration and an EIP-55 checksummed address.
import { existsSync, readFileSync } from 'node:fs'
import { getAddress, isAddress } from 'viem'

/** A chain as /v1/chains lists it: the web app resolves a link's prefix against these. */
export type HintChain = { chainId: string; shortName: string }

/** A JS chunk of the first screen, with its Subresource Integrity (from the build's boot-hints.json). */
export type ModuleHint = { href: string; integrity: string }

export type BootHints = {
  chains: readonly HintChain[]
  /** The chunks a deep link to a Safe's Home loads besides the entry's own (none without a build file). */
  homeModules: readonly ModuleHint[]
}

/** Written by the web build (apps/web/build/bootHints.ts) beside index.html. */
export const BOOT_HINTS_FILE = 'boot-hints.json'

const MODULE_HREF = /^\/assets\/[\w.-]+\.m?js$/
const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/

/** The Home chunks listed in a build's boot-hints.json; none when the build has no such file. */
export function readModuleHints(file: string): ModuleHint[] {
  if (!existsSync(file)) return []
  const { home } = JSON.parse(readFileSync(file, 'utf8')) as { home?: unknown }
  if (!Array.isArray(home)) throw new Error(`${file}: expected { "home": [{ href, integrity }] }`)
  return home.map((hint: Partial<ModuleHint>) => {
    if (typeof hint?.href !== 'string' || !MODULE_HREF.test(hint.href))
      throw new Error(`${file}: not a chunk URL: ${JSON.stringify(hint?.href)}`)
    if (typeof hint.integrity !== 'string' || !INTEGRITY.test(hint.integrity))
      throw new Error(`${file}: bad integrity for ${hint.href}`)
    return { href: hint.href, integrity: hint.integrity }
  })
}

/** The web app's default balance settings (apps/web: DEFAULT_CURRENCY, settingsStore's hideSpam). */
const DEFAULT_BALANCES_QUERY = { currency: 'usd', excludeSpam: true } as const

/** The `safe` query parameter of Safe links (apps/web/src/lib/safeLink.ts). */
const SAFE_PARAM = 'safe'
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

export type DeepLink = { chainId: string; address: string; home: boolean }

/**
 * The Safe a page URL opens, read as the web app reads it (parseSafeAddress): the first `:` splits a chain
 * prefix (a shortName, any case, else a decimal chain id) from an address in one case or a valid checksum.
 */
export function parseDeepLink(url: URL, chains: readonly HintChain[]): DeepLink | undefined {
  const value = url.searchParams.get(SAFE_PARAM)?.trim()
  if (!value) return undefined
  const separator = value.indexOf(':')
  if (separator < 0) return undefined
  const prefix = value.slice(0, separator).trim().toLowerCase()
  const chain =
    chains.find((c) => c.shortName.toLowerCase() === prefix) ?? chains.find((c) => c.chainId === prefix)
  const raw = value.slice(separator + 1).trim()
  if (!chain || !HEX_ADDRESS.test(raw) || !isAddress(raw, { strict: true })) return undefined
  return { chainId: chain.chainId, address: getAddress(raw), home: url.pathname === '/' }
}

/**
 * The gateway calls a deep link's first screen makes before the user does anything, as paths on this origin:
 * the Safe's info on every Safe screen; on Home also its balances (default settings) and queue. Not its
 * history: the URL carries the browser's time zone, which the server does not know.
 */
export function safeCallPaths({ chainId, address, home }: DeepLink): string[] {
  const safe = `/v1/chains/${chainId}/safes/${address}`
  if (!home) return [safe]
  const { currency, excludeSpam } = DEFAULT_BALANCES_QUERY
  return [safe, `${safe}/balances/${currency}?exclude_spam=${excludeSpam}`, `${safe}/transactions/queued`]
}

/** The chains request of the app's boot (getChains' first page). */
export const CHAINS_PATH = '/v1/chains'

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

const fetchHint = (path: string) => `<link rel="preload" as="fetch" crossorigin href="${attribute(path)}">`

const moduleHint = ({ href, integrity }: ModuleHint) =>
  `<link rel="modulepreload" crossorigin href="${attribute(href)}" integrity="${attribute(integrity)}">`

/**
 * The hint elements of a page (`link`: the Safe it deep-links to, if any), for the end of <head>, after the
 * import map (which must precede any module load) and the entry's own script and preloads: the first screen's
 * chunks, then the gateway calls. Code first: over HTTP/1.1 a browser opens at most six connections to the
 * gateway, and calls hinted ahead of the code held four of them for as long as the server worked on them, so
 * the chunks waited for a free one (in Chromium, a median 86 ms from request to send against 35 ms with the
 * code first; the chunks arrived ~55 ms sooner, the calls no later). The code is the longer path: it still has
 * to be evaluated when it arrives, the calls' answers only read.
 */
export function bootHintTags(link: DeepLink | undefined, hints: BootHints): string {
  const calls = [CHAINS_PATH, ...(link ? safeCallPaths(link) : [])]
  const modules = link?.home ? hints.homeModules : []
  return modules.map(moduleHint).join('') + calls.map(fetchHint).join('')
}
