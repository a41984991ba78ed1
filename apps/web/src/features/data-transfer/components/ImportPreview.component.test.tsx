import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type PlanInput, planImport } from '../plan'
import { parseSafeWalletFile } from '../safeWalletFile'
import { ImportPreview } from './ImportPreview'

const TREASURY = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const OTHER_SAFE = '0x3DbA87AB48fe86E143Db3B5fBC7A1E6BE4549aC9'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TX_BUILDER = { id: 900001, name: 'Transaction Builder', url: 'https://apps.example/tx-builder' }

/** The preview of importing the Safe{Wallet} v3 fixture file into a browser described by `over`. */
function renderPreview(over: Partial<PlanInput> = {}) {
  const parsed = parseSafeWalletFile(
    readFileSync(join(import.meta.dirname, '..', 'fixtures', 'safe-v3.json'), 'utf8'),
  )
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  const plan = planImport({
    data: parsed.data,
    servedChains: [{ chainId: '31337', chainName: 'Concord Devnet' }],
    recent: [],
    recentLimit: 10,
    readBook: () => [],
    catalogs: new Map([['31337', [TX_BUILDER]]]),
    bookmarks: [],
    overwrite: false,
    now: 1_800_000_000_000,
    ...over,
  })
  render(<ImportPreview plan={plan} />)
}

const rowText = (testId: string) =>
  screen.getAllByTestId(testId).map((row) => row.textContent?.replace(/\s+/g, ' ').trim())

describe('ImportPreview', () => {
  it('default: each served chain says what confirming adds; an unserved chain is skipped whole', () => {
    renderPreview()
    const chain = screen.getByTestId('data-import-chain')
    expect(chain.dataset.chainId).toBe('31337')
    expect(within(chain).getByRole('heading').textContent).toBe('Concord Devnet (chain 31337)')
    const safes = screen.getAllByTestId('data-import-safe')
    expect(safes.map((safe) => safe.dataset.address)).toEqual([TREASURY, OTHER_SAFE])
    expect(safes[0]?.textContent).toContain(`added (last opened ${new Date(1710000000000).toLocaleString()})`)
    expect(screen.getByText(/to the address book of 2 Safes on this chain:/)).toBeDefined()
    expect(rowText('data-import-name')).toEqual([`Team treasury${TREASURY}added`, `Alice${ALICE}added`])
    expect(rowText('data-import-app')).toEqual([
      'Transaction Builderbookmarked',
      "App 7skipped: not in this gateway's app list",
    ])
    const skipped = screen.getByTestId('data-import-skipped-chain')
    expect(skipped.dataset.chainId).toBe('1')
    expect(skipped.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      `Chain 1: 1 name, 0 pinned apps, 1 Safe: ${TREASURY}`,
    )
  })

  it('behavior: a saved name is kept (and shown), a listed Safe and a bookmarked app are not added again', () => {
    renderPreview({
      readBook: () => [{ address: ALICE, name: 'Alice B.' }],
      recent: [{ chainId: '31337', address: TREASURY, openedAt: 1 }],
      bookmarks: [TX_BUILDER.url],
    })
    expect(rowText('data-import-safe')).toEqual([
      `${TREASURY}already listed`,
      `${OTHER_SAFE}added (last opened ${new Date(1700000000000).toLocaleString()})`,
    ])
    expect(rowText('data-import-name')[1]).toBe(`Alice${ALICE}kept as (saved name: Alice B.)`)
    expect(rowText('data-import-app')[0]).toBe('Transaction Builderalready bookmarked')
  })

  it("error: without the gateway's app list the pinned apps say why they are skipped", () => {
    renderPreview({ catalogs: new Map([['31337', undefined]]) })
    expect(rowText('data-import-app')).toEqual([
      "App 900001skipped: the gateway's app list could not be read",
      "App 7skipped: the gateway's app list could not be read",
    ])
  })
})
