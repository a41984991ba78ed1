import { type BookEntry, checkAddress, checkName, MAX_ENTRIES } from '@concord/safe/addressBookCsv'

// Safe{Wallet}'s own export file (`safe-YYYY-MM-DD.json`), read from the format's description:
// `{version, data: {addressBook, addedSafes, settings, safeApps, undeployedSafes, visitedSafes}}`, each part keyed
// by chain id. Version 1.0 kept the same parts as stringified localStorage values under `SAFE_v2__<part>` keys.
// Every entry is checked and every problem reported: an import is all or nothing (see plan.ts).

/** Largest file accepted: Safe{Wallet}'s exports are a few kB; this bounds what the browser parses. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024
export const SUPPORTED_VERSIONS = ['1.0', '2.0', '3.0'] as const

/** What a file holds for one chain, checked: addresses checksummed, names trimmed. */
export type ChainData = {
  chainId: string
  names: BookEntry[]
  addedSafes: string[]
  pinnedApps: number[]
  visitedSafes: { address: string; lastVisited: number }[]
}

export type SafeWalletData = {
  version: string
  /** By chain id, in numeric order. */
  chains: ChainData[]
  /** Parts of the file Concord does not take in, described for the preview. */
  ignored: string[]
}

export type ParseResult = { ok: true; data: SafeWalletData } | { ok: false; errors: string[] }

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const PARTS = ['addressBook', 'addedSafes', 'safeApps', 'visitedSafes'] as const
const CHAIN_ID = /^[1-9][0-9]{0,19}$/

/** Parses and checks a whole file's text. */
export function parseSafeWalletFile(text: string): ParseResult {
  if (new TextEncoder().encode(text).length > MAX_FILE_BYTES)
    return fail(`The file is too large (at most ${MAX_FILE_BYTES / 1024 / 1024} MB)`)
  let json: unknown
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return fail('The file is not JSON')
  }
  if (!isRecord(json) || !isRecord(json.data))
    return fail('This is not a Safe{Wallet} export: expected {"version": …, "data": {…}}')
  const version = json.version
  if (typeof version !== 'string' || !(SUPPORTED_VERSIONS as readonly string[]).includes(version))
    return fail(
      `Unsupported file version ${JSON.stringify(version ?? null)}: Concord reads versions ${SUPPORTED_VERSIONS.join(', ')}`,
    )
  const errors: string[] = []
  const data = version === '1.0' ? unwrapV1(json.data, errors) : json.data
  const chains = new Map<string, ChainData>()
  const chainOf = (chainId: string) => {
    let chain = chains.get(chainId)
    if (!chain) {
      chain = { chainId, names: [], addedSafes: [], pinnedApps: [], visitedSafes: [] }
      chains.set(chainId, chain)
    }
    return chain
  }
  for (const part of PARTS) {
    const value = data[part]
    if (value === undefined || value === null) continue
    if (!isRecord(value)) {
      errors.push(`${LABELS[part]}: expected an object by chain id`)
      continue
    }
    for (const [chainId, entries] of Object.entries(value)) {
      const where = `${LABELS[part]}, chain ${chainId}`
      if (!CHAIN_ID.test(chainId)) errors.push(`${where}: not a chain id`)
      else if (!isRecord(entries)) errors.push(`${where}: expected an object`)
      else READERS[part](chainOf(chainId), entries, where, errors)
    }
  }
  // The same problem twice (e.g. an address listed three times) is reported once.
  if (errors.length) return { ok: false, errors: [...new Set(errors)] }
  return {
    ok: true,
    data: {
      version,
      chains: [...chains.values()].sort((a, b) => Number(BigInt(a.chainId) - BigInt(b.chainId))),
      ignored: ignoredParts(data),
    },
  }
}

const fail = (error: string): ParseResult => ({ ok: false, errors: [error] })

const LABELS: Record<(typeof PARTS)[number], string> = {
  addressBook: 'Address book',
  addedSafes: 'Added Safe',
  safeApps: 'Safe Apps',
  visitedSafes: 'Visited Safe',
}

/** Version 1.0: each part a JSON string under `SAFE_v2__<part>`; an address book may be a list of entries. */
function unwrapV1(raw: Json, errors: string[]): Json {
  const out: Json = {}
  for (const [key, value] of Object.entries(raw)) {
    const part = key.replace(/^SAFE_v2__/, '')
    if (typeof value !== 'string') {
      out[part] = value
      continue
    }
    try {
      out[part] = JSON.parse(value)
    } catch {
      errors.push(`${key}: not a JSON value`)
    }
  }
  if (Array.isArray(out.addressBook)) out.addressBook = bookFromList(out.addressBook, errors)
  return out
}

function bookFromList(list: unknown[], errors: string[]): Json {
  const book: Record<string, Json> = {}
  list.forEach((item, i) => {
    if (!isRecord(item) || typeof item.address !== 'string' || item.chainId === undefined) {
      errors.push(`Address book, entry ${i + 1}: expected {address, name, chainId}`)
      return
    }
    const chainId = String(item.chainId)
    book[chainId] = { ...book[chainId], [item.address]: item.name }
  })
  return book
}

type Reader = (chain: ChainData, entries: Json, where: string, errors: string[]) => void

/** A checked address, or undefined with the reason pushed to `errors` (naming the entry). */
function address(raw: string, where: string, errors: string[], seen?: Set<string>): string | undefined {
  const checked = checkAddress(raw)
  if ('error' in checked) {
    errors.push(`${where}: ${checked.error}`)
    return undefined
  }
  if (seen) {
    const lower = checked.address.toLowerCase()
    if (seen.has(lower)) {
      errors.push(`${where}, ${raw}: listed twice`)
      return undefined
    }
    seen.add(lower)
  }
  return checked.address
}

const READERS: Record<(typeof PARTS)[number], Reader> = {
  addressBook(chain, entries, where, errors) {
    const seen = new Set(chain.names.map((e) => e.address.toLowerCase()))
    for (const [raw, name] of Object.entries(entries)) {
      const checked = address(raw, where, errors, seen)
      const named = typeof name === 'string' ? checkName(name) : { error: 'The name is not text' }
      if ('error' in named) errors.push(`${where}, ${raw}: ${named.error}`)
      else if (checked) chain.names.push({ address: checked, name: named.name })
    }
    if (chain.names.length > MAX_ENTRIES)
      errors.push(`${where}: more than ${MAX_ENTRIES} names (an address book holds at most ${MAX_ENTRIES})`)
  },
  addedSafes(chain, entries, where, errors) {
    const seen = new Set<string>()
    for (const [raw, safe] of Object.entries(entries)) {
      const checked = address(raw, where, errors, seen)
      const at = `${where} ${raw}`
      if (!isRecord(safe)) {
        errors.push(`${at}: expected {owners, threshold}`)
        continue
      }
      const { owners, threshold } = safe
      if (owners !== undefined) {
        if (!Array.isArray(owners)) errors.push(`${at}: owners is not a list`)
        else
          owners.forEach((owner, i) => {
            const value = isRecord(owner) ? owner.value : owner
            if (typeof value !== 'string') errors.push(`${at}, owner ${i + 1}: not an address`)
            else address(value, `${at}, owner ${i + 1}`, errors)
          })
      }
      if (threshold !== undefined && !(Number.isInteger(threshold) && (threshold as number) >= 0))
        errors.push(`${at}: threshold is not a whole number`)
      if (checked) chain.addedSafes.push(checked)
    }
  },
  safeApps(chain, entries, where, errors) {
    const pinned = entries.pinned
    if (pinned === undefined) return
    if (!Array.isArray(pinned)) return void errors.push(`${where}: pinned is not a list`)
    for (const id of pinned) {
      if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) {
        if (!chain.pinnedApps.includes(id)) chain.pinnedApps.push(id)
      } else errors.push(`${where}: pinned app id ${JSON.stringify(id)} is not a whole number`)
    }
  },
  visitedSafes(chain, entries, where, errors) {
    const seen = new Set<string>()
    for (const [raw, visit] of Object.entries(entries)) {
      const checked = address(raw, where, errors, seen)
      const lastVisited = isRecord(visit) ? visit.lastVisited : undefined
      if (typeof lastVisited !== 'number' || !Number.isFinite(lastVisited) || lastVisited < 0)
        errors.push(`${where} ${raw}: lastVisited is not a time`)
      else if (checked) chain.visitedSafes.push({ address: checked, lastVisited })
    }
  },
}

function ignoredParts(data: Json): string[] {
  const ignored: string[] = []
  if (isRecord(data.settings) && Object.keys(data.settings).length)
    ignored.push('Settings (Concord keeps its own: Settings → General)')
  const undeployed = isRecord(data.undeployedSafes)
    ? Object.values(data.undeployedSafes).reduce<number>(
        (n, safes) => n + (isRecord(safes) ? Object.keys(safes).length : 0),
        0,
      )
    : 0
  if (undeployed) ignored.push(`${undeployed} not yet deployed Safe${undeployed === 1 ? '' : 's'}`)
  return ignored
}
