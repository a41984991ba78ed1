import { safeAbi } from '@concord/safe/contracts'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { setupE2E } from './session.ts'

// A gateway that indexes only watched Safes (config `indexing: watched`, as on any real chain by default): the
// treasury is not indexed when a user opens it by address. The page answers at once from the chain, and the
// history completes by itself as the gateway reads it.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  stack: { indexing: 'watched' },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let treasury: Address
beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
})

const indexing = async (
  safe: Address = treasury,
): Promise<{ watched: boolean; complete: boolean; pendingExecutions: number }> =>
  (await fetch(`${e2e.stack.url}/v1/chains/31337/safes/${safe}/indexing`)).json()

describe('a Safe the gateway has not indexed yet', () => {
  it('default: opened by address, it shows its state from the chain and its history completes', async () => {
    expect(await indexing()).toMatchObject({ watched: false, complete: false })
    const page = e2e.page
    await page.goto(`${e2e.stack.url}/?safe=dev:${treasury}`)
    // The chain is the oracle for the state shown.
    const nonce = await e2e.stack.devnet.client.readContract({
      address: treasury,
      abi: safeAbi,
      functionName: 'nonce',
    })
    await expect
      .poll(async () => (await page.getByTestId('safe-nonce').textContent())?.trim())
      .toBe(String(nonce))

    await page.goto(`${e2e.stack.url}/transactions/history?safe=dev:${treasury}`)
    const rows = page.getByTestId('tx-history').getByTestId('tx-row')
    const created = rows.filter({ has: page.locator('[data-testid="tx-type"]:text-is("Safe created")') })
    await created.waitFor()
    // Every executed multisig transaction of the Safe is listed: the Safe's nonce counts them.
    const executed = page.locator('[data-testid="tx-row"][data-tx-id^="multisig_"]')
    await expect.poll(() => executed.count()).toBe(Number(nonce))
    expect(await indexing()).toMatchObject({ watched: true, complete: true })
    await expect(page.getByTestId('history-indexing').count()).resolves.toBe(0)
  })

  it('behavior: a plain (non-L2) Safe, whose logs lack its calls, ends with every call read', async () => {
    const mainnet = e2e.stack.devnet.scenario!.safes.mainnet.address
    const nonce = await e2e.stack.devnet.client.readContract({
      address: mainnet,
      abi: safeAbi,
      functionName: 'nonce',
    })
    const page = e2e.page
    await page.goto(`${e2e.stack.url}/transactions/history?safe=dev:${mainnet}`)
    const executed = page.locator('[data-testid="tx-row"][data-tx-id^="multisig_"]')
    await expect.poll(() => executed.count()).toBe(Number(nonce))
    await expect.poll(async () => (await indexing(mainnet)).complete).toBe(true)
    expect(await indexing(mainnet)).toMatchObject({ watched: true, pendingExecutions: 0 })
    // The demo's MultiSend (1 ETH and 100 cUSD to #3) is named from its call, which only the transaction holds.
    await executed.filter({ has: page.getByTestId('tx-type').getByText('multiSend · 2 actions') }).waitFor()
    await expect(page.getByTestId('history-indexing').count()).resolves.toBe(0)
  })
})
