import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BookEntry } from '@concord/safe/addressBookCsv'
import { describe, expect, it } from 'vitest'
import { buildExport, exportFileName, unexportedBookmarks } from './exportFile'
import { type CatalogApp, type PlanInput, planChangesSomething, planImport, type RecentEntry } from './plan'
import { parseSafeWalletFile, type SafeWalletData } from './safeWalletFile'

const TREASURY = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const OTHER_SAFE = '0x3DbA87AB48fe86E143Db3B5fBC7A1E6BE4549aC9'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NOW = 1_800_000_000_000
const TX_BUILDER: CatalogApp = {
  id: 900001,
  name: 'Transaction Builder',
  url: 'https://apps.example/tx-builder',
}

const load = (text: string): SafeWalletData => {
  const result = parseSafeWalletFile(text)
  if (!result.ok) throw new Error(result.errors.join('; '))
  return result.data
}
const v3 = () => load(readFileSync(join(import.meta.dirname, 'fixtures', 'safe-v3.json'), 'utf8'))

const input = (over: Partial<PlanInput> & { books?: Record<string, BookEntry[]> } = {}): PlanInput => ({
  data: v3(),
  servedChains: [{ chainId: '31337', chainName: 'Concord Devnet' }],
  recent: [],
  recentLimit: 10,
  readBook: (chainId, safe) => over.books?.[`${chainId}:${safe.toLowerCase()}`] ?? [],
  catalogs: new Map([['31337', [TX_BUILDER]]]),
  bookmarks: [],
  overwrite: false,
  now: NOW,
  ...over,
})

describe('planImport', () => {
  it('names go to the books of the Safes the file adds; the unserved chain is skipped whole', () => {
    const plan = planImport(input())
    expect(plan.skipped).toEqual([{ chainId: '1', names: 1, safes: [TREASURY], apps: 0 }])
    const [devnet] = plan.chains
    expect(devnet?.bookSafes).toEqual([TREASURY, OTHER_SAFE])
    expect(devnet?.safes).toEqual([
      { address: TREASURY, openedAt: 1710000000000, visited: true, outcome: 'add' },
      { address: OTHER_SAFE, openedAt: 1700000000000, visited: true, outcome: 'add' },
    ])
    const names = [
      { address: TREASURY, name: 'Team treasury' },
      { address: ALICE, name: 'Alice' },
    ]
    expect(plan.writes.books).toEqual([
      { chainId: '31337', safe: TREASURY, entries: names },
      { chainId: '31337', safe: OTHER_SAFE, entries: names },
    ])
    // App 7 is not in this gateway's catalog: named, not bookmarked.
    expect(devnet?.apps.map((a) => [a.id, a.outcome])).toEqual([
      [900001, 'add'],
      [7, 'unknown'],
    ])
    expect(plan.writes.bookmarks).toEqual([TX_BUILDER.url])
    expect(plan.writes.recent.map((r) => r.address)).toEqual([TREASURY, OTHER_SAFE])
    expect(planChangesSomething(plan)).toBe(true)
  })

  it('a name already saved is kept unless overwrite is chosen', () => {
    const books = { [`31337:${TREASURY.toLowerCase()}`]: [{ address: ALICE, name: 'Alice B.' }] }
    const kept = planImport(input({ books }))
    expect(kept.chains[0]?.names.find((n) => n.address === ALICE)).toMatchObject({
      existing: 'Alice B.',
      outcome: 'add', // still added to the other Safe's book, which has no name for her
    })
    expect(kept.writes.books[0]?.entries).toEqual([{ address: TREASURY, name: 'Team treasury' }])
    const both = {
      ...books,
      [`31337:${OTHER_SAFE.toLowerCase()}`]: [{ address: ALICE, name: 'Alice B.' }],
    }
    expect(planImport(input({ books: both })).chains[0]?.names[1]?.outcome).toBe('keep')
    const renamed = planImport(input({ books: both, overwrite: true }))
    expect(renamed.chains[0]?.names[1]?.outcome).toBe('rename')
    expect(renamed.writes.books[0]?.entries).toContainEqual({ address: ALICE, name: 'Alice' })
  })

  it('Safes already listed stay; a full recent list skips the new ones, never the user’s own', () => {
    const mine: RecentEntry[] = Array.from({ length: 9 }, (_, i) => ({
      chainId: String(100 + i),
      address: TREASURY,
      openedAt: i,
    }))
    mine.push({ chainId: '31337', address: TREASURY.toLowerCase(), openedAt: 5 })
    const full = planImport(input({ recent: mine }))
    expect(full.chains[0]?.safes.map((s) => s.outcome)).toEqual(['listed', 'full'])
    expect(full.writes.recent).toEqual([])
    const roomForOne = planImport(input({ recent: mine.slice(1) }))
    expect(roomForOne.writes.recent).toEqual([
      { chainId: '31337', address: OTHER_SAFE, openedAt: 1700000000000 },
    ])
  })

  it('a chain whose Safes are not in the file gives its names to the recent Safes there, else skips them', () => {
    const data = load(
      JSON.stringify({ version: '3.0', data: { addressBook: { 31337: { [ALICE]: 'Alice' } } } }),
    )
    const none = planImport(input({ data }))
    expect(none.chains[0]?.bookSafes).toEqual([])
    expect(planChangesSomething(none)).toBe(false)
    const recent = [{ chainId: '31337', address: OTHER_SAFE, openedAt: 1 }]
    expect(planImport(input({ data, recent })).writes.books).toEqual([
      { chainId: '31337', safe: OTHER_SAFE, entries: [{ address: ALICE, name: 'Alice' }] },
    ])
  })

  it('pinned apps: already bookmarked or catalog unavailable write nothing', () => {
    expect(planImport(input({ bookmarks: [TX_BUILDER.url] })).writes.bookmarks).toEqual([])
    const unread = planImport(input({ catalogs: new Map([['31337', undefined]]) }))
    expect(unread.chains[0]?.catalogRead).toBe(false)
    expect(unread.writes.bookmarks).toEqual([])
  })
})

describe('buildExport', () => {
  const exported = () =>
    buildExport({
      names: new Map([['31337', [{ address: ALICE.toLowerCase(), name: 'Alice' }]]]),
      recent: [{ chainId: '31337', address: TREASURY, openedAt: 1710000000000 }],
      safeInfo: (_, address) => (address === TREASURY ? { owners: [OWNER], threshold: 1 } : undefined),
      bookmarks: [TX_BUILDER.url, 'https://custom.example'],
      catalogs: new Map([['31337', [TX_BUILDER]]]),
      currency: 'usd',
    })

  it('writes the 3.0 shape', () => {
    expect(exported()).toEqual({
      version: '3.0',
      data: {
        addressBook: { 31337: { [ALICE]: 'Alice' } },
        addedSafes: { 31337: { [TREASURY]: { owners: [{ value: OWNER }], threshold: 1 } } },
        settings: { currency: 'usd' },
        safeApps: { 31337: { pinned: [900001], opened: [] } },
        undeployedSafes: {},
        visitedSafes: { 31337: { [TREASURY]: { lastVisited: 1710000000000 } } },
      },
    })
    expect(
      unexportedBookmarks([TX_BUILDER.url, 'https://custom.example'], new Map([['31337', [TX_BUILDER]]])),
    ).toEqual(['https://custom.example'])
  })

  it('round trip: the export re-imports to the same names, Safes, visits and pins', () => {
    const data = load(JSON.stringify(exported()))
    expect(data.chains).toEqual([
      {
        chainId: '31337',
        names: [{ address: ALICE, name: 'Alice' }],
        addedSafes: [TREASURY],
        pinnedApps: [900001],
        visitedSafes: [{ address: TREASURY, lastVisited: 1710000000000 }],
      },
    ])
    // Re-importing into the browser it came from changes nothing.
    const plan = planImport(
      input({
        data,
        recent: [{ chainId: '31337', address: TREASURY, openedAt: 1710000000000 }],
        books: { [`31337:${TREASURY.toLowerCase()}`]: [{ address: ALICE, name: 'Alice' }] },
        bookmarks: [TX_BUILDER.url],
      }),
    )
    expect(planChangesSomething(plan)).toBe(false)
  })

  it('names the file as Safe{Wallet} does', () => {
    expect(exportFileName(new Date(2024, 0, 5))).toBe('safe-2024-01-05.json')
  })
})
