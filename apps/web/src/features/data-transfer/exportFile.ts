import type { BookEntry } from '@concord/safe/addressBookCsv'
import { getAddress } from 'viem'
import type { CatalogApp, RecentEntry } from './plan'

// Concord's own data in Safe{Wallet}'s export shape (version 3.0), so a team can move back, and so the file
// re-imports here: names by chain, the recent Safes as added and visited Safes, bookmarks as pinned app ids.

export type ExportInput = {
  /** Names by chain id, from every address book this browser holds. */
  names: ReadonlyMap<string, readonly BookEntry[]>
  recent: readonly RecentEntry[]
  /** Owners and threshold of a Safe, when the gateway told them. */
  safeInfo: (chainId: string, address: string) => { owners: string[]; threshold: number } | undefined
  bookmarks: readonly string[]
  /** The gateway's apps by chain (URLs normalized as bookmarks store them). */
  catalogs: ReadonlyMap<string, readonly CatalogApp[] | undefined>
  currency: string
}

export type SafeWalletExport = {
  version: '3.0'
  data: {
    addressBook: Record<string, Record<string, string>>
    addedSafes: Record<string, Record<string, { owners: { value: string }[]; threshold: number }>>
    settings: { currency: string }
    safeApps: Record<string, { pinned: number[]; opened: number[] }>
    undeployedSafes: Record<string, never>
    visitedSafes: Record<string, Record<string, { lastVisited: number }>>
  }
}

export function buildExport(input: ExportInput): SafeWalletExport {
  const data: SafeWalletExport['data'] = {
    addressBook: {},
    addedSafes: {},
    settings: { currency: input.currency },
    safeApps: {},
    undeployedSafes: {},
    visitedSafes: {},
  }
  for (const [chainId, entries] of input.names) {
    if (!entries.length) continue
    const book: Record<string, string> = {}
    for (const { address, name } of entries) book[getAddress(address)] = name
    data.addressBook[chainId] = book
  }
  for (const { chainId, address, openedAt } of input.recent) {
    const checksummed = getAddress(address)
    const info = input.safeInfo(chainId, checksummed)
    data.addedSafes[chainId] = {
      ...data.addedSafes[chainId],
      [checksummed]: {
        owners: (info?.owners ?? []).map((owner) => ({ value: getAddress(owner) })),
        threshold: info?.threshold ?? 0,
      },
    }
    data.visitedSafes[chainId] = { ...data.visitedSafes[chainId], [checksummed]: { lastVisited: openedAt } }
  }
  for (const [chainId, catalog] of input.catalogs) {
    const pinned = (catalog ?? []).filter((app) => input.bookmarks.includes(app.url)).map((app) => app.id)
    if (pinned.length) data.safeApps[chainId] = { pinned, opened: [] }
  }
  return { version: '3.0', data }
}

/** Bookmarks no catalog lists (custom apps): Safe{Wallet} pins by catalog id, so they cannot go in the file. */
export const unexportedBookmarks = (
  bookmarks: readonly string[],
  catalogs: ReadonlyMap<string, readonly CatalogApp[] | undefined>,
): string[] =>
  bookmarks.filter(
    (url) => ![...catalogs.values()].some((catalog) => catalog?.some((app) => app.url === url)),
  )

/** `safe-YYYY-MM-DD.json`, the name Safe{Wallet} gives its exports (local date). */
export function exportFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `safe-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`
}
