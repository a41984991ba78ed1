import type { BookEntry } from '@concord/safe/addressBookCsv'
import type { ChainData, SafeWalletData } from './safeWalletFile'

// What an import of a checked file would change, worked out before anything is written, so the preview shows
// exactly what confirming does. The rules:
// - Names: Concord keeps an address book per Safe (shared with its owners once one signs in), Safe{Wallet} one
//   per chain. A chain's names go into the books of the Safes this file adds on that chain; a chain where the
//   file adds none gives them to the Safes already in the recent list on that chain; with neither, they are
//   skipped. A name already saved for an address is kept, unless the user chose to overwrite.
// - Safes (added and visited) join the recent Safes, at their last visit (added, never visited: now). A Safe
//   already listed stays as it is. The list holds a fixed number: Safes beyond it are skipped, never the
//   user's own entries.
// - Pinned apps become bookmarks when the gateway's catalog for the chain has the app (Safe{Wallet} pins by
//   catalog id).
// - A chain this instance does not serve is skipped whole.

export type RecentEntry = { chainId: string; address: string; openedAt: number }
export type CatalogApp = { id: number; name: string; url: string }

export type PlanInput = {
  data: SafeWalletData
  servedChains: readonly { chainId: string; chainName: string }[]
  recent: readonly RecentEntry[]
  recentLimit: number
  /** The browser's copy of a Safe's book (features/address-book/localBook). */
  readBook: (chainId: string, safe: string) => readonly BookEntry[]
  /** The gateway's apps by chain, their URLs normalized as bookmarks store them; undefined: not available. */
  catalogs: ReadonlyMap<string, readonly CatalogApp[] | undefined>
  bookmarks: readonly string[]
  overwrite: boolean
  now: number
}

export type NamePlan = BookEntry & { existing?: string; outcome: 'add' | 'rename' | 'keep' | 'same' }

export type ChainPlan = {
  chainId: string
  chainName: string
  names: NamePlan[]
  /** The Safes whose books take the names; empty: the names are skipped. */
  bookSafes: string[]
  /** `visited`: the file gives a last visit (else the Safe is placed at the import's time). */
  safes: { address: string; openedAt: number; visited: boolean; outcome: 'add' | 'listed' | 'full' }[]
  apps: { id: number; app?: CatalogApp; outcome: 'add' | 'bookmarked' | 'unknown' }[]
  /** Whether the gateway's catalog could be read (pinned apps are skipped if not). */
  catalogRead: boolean
}

export type SkippedChain = { chainId: string; names: number; safes: string[]; apps: number }

export type ImportPlan = {
  chains: ChainPlan[]
  skipped: SkippedChain[]
  ignored: string[]
  /** What confirming writes. */
  writes: {
    books: { chainId: string; safe: string; entries: BookEntry[] }[]
    recent: RecentEntry[]
    bookmarks: string[]
  }
}

const lower = (a: string) => a.toLowerCase()

export function planImport(input: PlanInput): ImportPlan {
  const served = new Map(input.servedChains.map((c) => [c.chainId, c.chainName]))
  const plan: ImportPlan = {
    chains: [],
    skipped: [],
    ignored: input.data.ignored,
    writes: { books: [], recent: [], bookmarks: [] },
  }
  let room = Math.max(0, input.recentLimit - input.recent.length)
  for (const chain of input.data.chains) {
    const chainName = served.get(chain.chainId)
    if (chainName === undefined) {
      plan.skipped.push({
        chainId: chain.chainId,
        names: chain.names.length,
        safes: fileSafes(chain, input.now).map((s) => s.address),
        apps: chain.pinnedApps.length,
      })
      continue
    }
    const safes = fileSafes(chain, input.now).map(({ address, openedAt, visited }) => {
      const listed = input.recent.some(
        (r) => r.chainId === chain.chainId && lower(r.address) === lower(address),
      )
      if (listed) return { address, openedAt, visited, outcome: 'listed' as const }
      if (room === 0) return { address, openedAt, visited, outcome: 'full' as const }
      room--
      plan.writes.recent.push({ chainId: chain.chainId, address, openedAt })
      return { address, openedAt, visited, outcome: 'add' as const }
    })
    const bookSafes = safes.length
      ? safes.map((s) => s.address)
      : input.recent.filter((r) => r.chainId === chain.chainId).map((r) => r.address)
    const names = planNames(chain, bookSafes, input)
    for (const safe of bookSafes) {
      const entries = names.changes.get(lower(safe)) ?? []
      if (entries.length) plan.writes.books.push({ chainId: chain.chainId, safe, entries })
    }
    const catalog = input.catalogs.get(chain.chainId)
    const apps = chain.pinnedApps.map((id) => {
      const app = catalog?.find((a) => a.id === id)
      if (!app) return { id, outcome: 'unknown' as const }
      if (input.bookmarks.includes(app.url) || plan.writes.bookmarks.includes(app.url))
        return { id, app, outcome: 'bookmarked' as const }
      plan.writes.bookmarks.push(app.url)
      return { id, app, outcome: 'add' as const }
    })
    plan.chains.push({
      chainId: chain.chainId,
      chainName,
      names: names.plans,
      bookSafes,
      safes,
      apps,
      catalogRead: catalog !== undefined,
    })
  }
  return plan
}

/** The file's Safes on a chain, added ones first, each at its last visit (never visited: `now`). */
function fileSafes(chain: ChainData, now: number) {
  const visits = new Map(chain.visitedSafes.map((v) => [lower(v.address), v.lastVisited]))
  const out = chain.addedSafes.map((address) => {
    const visit = visits.get(lower(address))
    return { address, openedAt: visit ?? now, visited: visit !== undefined }
  })
  for (const v of [...chain.visitedSafes].sort((a, b) => b.lastVisited - a.lastVisited))
    if (!out.some((s) => lower(s.address) === lower(v.address)))
      out.push({ address: v.address, openedAt: v.lastVisited, visited: true })
  return out
}

/** Each name's outcome (across the target books) and, per book, the entries to write. */
function planNames(chain: ChainData, bookSafes: readonly string[], input: PlanInput) {
  const changes = new Map<string, BookEntry[]>()
  const books = bookSafes.map((safe) => ({
    safe,
    names: new Map(input.readBook(chain.chainId, safe).map((e) => [lower(e.address), e.name])),
  }))
  const plans = chain.names.map((entry): NamePlan => {
    let existing: string | undefined
    for (const book of books) {
      const saved = book.names.get(lower(entry.address))
      if (saved !== undefined && saved !== entry.name) existing ??= saved
      if (saved === entry.name || (saved !== undefined && !input.overwrite)) continue
      changes.set(lower(book.safe), [...(changes.get(lower(book.safe)) ?? []), entry])
    }
    const written = books.some((b) => changes.get(lower(b.safe))?.includes(entry))
    const outcome =
      existing === undefined
        ? written
          ? 'add'
          : 'same'
        : input.overwrite
          ? 'rename'
          : written
            ? 'add'
            : 'keep'
    return existing === undefined ? { ...entry, outcome } : { ...entry, existing, outcome }
  })
  return { plans, changes }
}

/** Whether confirming would change anything. */
export const planChangesSomething = (plan: ImportPlan): boolean =>
  plan.writes.books.length > 0 || plan.writes.recent.length > 0 || plan.writes.bookmarks.length > 0
