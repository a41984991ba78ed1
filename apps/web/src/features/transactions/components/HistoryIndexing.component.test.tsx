import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders, testQueryClient } from '../../../testing/providers'
import { transactionKeys } from '../api/keys'
import { type SafeIndexing, safeIndexingQueryOptions } from '../api/queries'
import { HistoryIndexing } from './HistoryIndexing'

const SAFE = '0x5afE5afE5afE5afE5afE5afE5afE5afE5afE5afE'
const watched = { mode: 'watched', watched: true, indexedBlockNumber: 1_000 } as const

/** A query client holding this indexing state and a loaded history page. */
function seeded(indexing: SafeIndexing) {
  const queryClient = testQueryClient()
  queryClient.setQueryData(safeIndexingQueryOptions('1', SAFE).queryKey, indexing)
  queryClient.setQueryData(transactionKeys.history('1', SAFE), { pages: [] })
  return queryClient
}
const historyInvalidated = (queryClient: ReturnType<typeof testQueryClient>) =>
  queryClient.getQueryState(transactionKeys.history('1', SAFE))?.isInvalidated

describe('HistoryIndexing', () => {
  it('behavior: while its blocks are read, how far the read got', () => {
    const queryClient = seeded({ ...watched, complete: false, pendingExecutions: 0, backfilledTo: 250 })
    renderWithProviders(<HistoryIndexing chainId="1" address={SAFE} />, { queryClient })
    expect(screen.getByRole('status').textContent).toContain('block 250 of 1,000')
    expect(historyInvalidated(queryClient)).toBe(false)
  })

  it('behavior: then how many transactions’ details are still read, newest first, and the history reloads as they come', () => {
    const queryClient = seeded({ ...watched, complete: false, pendingExecutions: 1_280, backfilledTo: 1_000 })
    renderWithProviders(<HistoryIndexing chainId="1" address={SAFE} />, { queryClient })
    expect(screen.getByRole('status').textContent).toBe(
      'Reading the details of 1,280 more transactions from the chain, newest first.',
    )
    expect(historyInvalidated(queryClient)).toBe(true)
  })

  it('default: a complete history shows nothing and reloads once', () => {
    const queryClient = seeded({ ...watched, complete: true, pendingExecutions: 0, backfilledTo: 1_000 })
    const { container } = renderWithProviders(<HistoryIndexing chainId="1" address={SAFE} />, { queryClient })
    expect(container.innerHTML).toBe('')
    expect(historyInvalidated(queryClient)).toBe(true)
  })
})
