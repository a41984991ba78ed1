import { join } from 'node:path'
import { SECOND_DEVNET_CHAIN_ID, testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

// One Safe on two chains (issue 26): the stack runs npm start's second devnet chain. Account #5 creates a Safe on
// both chains from Create Safe (the wallet switches chain for the second deployment), finds it on the start page
// under one address with a total per chain, and switches the open Safe's chain from the sidebar. Oracles: each
// chain's node (its own RPC URL), read with the Safe contract's getOwners/getThreshold.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(30_000),
  stack: { secondChain: true },
})

const account = (index: number) => testAccount(index).address
const readSafe = async (rpcUrl: string, address: Address) => {
  const client = createPublicClient({ transport: http(rpcUrl) })
  return {
    chainId: await client.getChainId(),
    owners: await client.readContract({ address, abi: safeAbi, functionName: 'getOwners' }),
    threshold: await client.readContract({ address, abi: safeAbi, functionName: 'getThreshold' }),
  }
}

describe('one Safe on many chains', () => {
  it('default: a Safe created on both devnet chains has one address, is grouped by it, and keeps it when switching chain', async () => {
    const second = e2e.stack.secondDevnet
    if (!second) throw new Error('the stack runs without its second chain')
    const { page } = e2e
    await connectDevnet(page, 5, e2e.stack.url)

    await page.getByTestId('create-safe-link').click()
    const form = page.getByTestId('create-safe-form')
    await form.getByTestId('create-safe-chain').selectOption('31337')
    await form.getByTestId('create-safe-add-owner').click()
    await form.getByTestId('create-safe-owner').nth(1).fill(account(6))
    await form.getByTestId('create-safe-threshold').selectOption('2')
    await form.getByTestId('create-safe-advanced-toggle').click()
    await form.getByTestId('create-safe-salt').fill('2600026')
    const alsoOn = form.locator(`[data-testid="also-on-chain"][data-chain-id="${SECOND_DEVNET_CHAIN_ID}"]`)
    // The second chain's own factory predicts the same address.
    await alsoOn.locator('[data-testid="also-on-status"]:text-is("same address")').waitFor()
    await alsoOn.getByRole('checkbox').check()
    const predicted = form.locator('[data-testid="predicted-address"][data-address^="0x"]')
    await predicted.waitFor()
    const address = (await predicted.getAttribute('data-address')) as Address
    await page.screenshot({ path: join(screenshotDir, 'multichain-create.png') })

    await form.getByTestId('create-safe-submit').click()
    const review = page.getByTestId('create-safe-review')
    await expect.poll(() => review.getByTestId('review-also-on').textContent()).toMatch(/^Concord Devnet 2 /)
    await review.getByTestId('create-safe-confirm').click()
    await page.waitForURL((url) => url.searchParams.get('safe') === `dev:${address}`, { timeout: 90_000 })

    // On chain: the same Safe at the same address on both chains.
    for (const [rpcUrl, chainId] of [
      [e2e.stack.rpcUrl, 31337],
      [second.rpcUrl, SECOND_DEVNET_CHAIN_ID],
    ] as const) {
      const safe = await readSafe(rpcUrl, address)
      expect(safe.chainId).toBe(chainId)
      expect([...safe.owners].sort()).toEqual([account(5), account(6)].sort())
      expect(safe.threshold).toBe(2n)
    }

    // Funds on the second chain only: 1 ETH is $3,000 at the devnet's demo price.
    await second.client.waitForTransactionReceipt({
      hash: await second.client.sendTransaction({ account: account(7), to: address, value: parseEther('1') }),
    })

    // The start page groups the Safe's chains under its address, with a total per chain.
    await page.goto(e2e.stack.url)
    const group = page.locator(`[data-testid="owned-safe-group"][data-address="${address}"]`)
    await expect.poll(() => group.getByTestId('owned-safe-group-count').textContent()).toBe('on 2 chains')
    const row = (chainId: number) => group.locator(`[data-testid="owned-safe"][data-chain-id="${chainId}"]`)
    await row(31337).locator('[data-testid="owned-safe-chain"]:text-is("Concord Devnet")').waitFor()
    await row(SECOND_DEVNET_CHAIN_ID)
      .locator('[data-testid="owned-safe-chain"]:text-is("Concord Devnet 2")')
      .waitFor()
    await row(SECOND_DEVNET_CHAIN_ID)
      .locator('[data-testid="owned-safe-balance"]:text-is("$3,000.00")')
      .waitFor()
    await row(31337).locator('[data-testid="owned-safe-balance"]:text-is("$0.00")').waitFor()
    await page.screenshot({ path: join(screenshotDir, 'multichain-your-safes.png') })

    // Switching chain from the open Safe keeps the Safe and the screen.
    await row(31337).getByTestId('open-safe').click()
    await page.locator('[data-testid="safe-threshold"]:text-is("2/2")').waitFor()
    await page.goto(`${e2e.stack.url}/settings/setup?safe=dev:${address}`)
    const current = page.getByTestId('current-safe')
    await page
      .locator(`[data-testid="current-safe"][data-chain-id="31337"][data-address="${address}"]`)
      .waitFor()
    await page.locator(`[data-testid="safe-chain-link"][data-chain-id="${SECOND_DEVNET_CHAIN_ID}"]`).click()
    await page.waitForURL((url) => url.searchParams.get('safe') === `dev2:${address}`)
    expect(new URL(page.url()).pathname).toBe('/settings/setup')
    // The URL changes before the page re-renders: wait for the Safe shown on the new chain (fails if it never is).
    await page
      .locator(
        `[data-testid="current-safe"][data-chain-id="${SECOND_DEVNET_CHAIN_ID}"][data-address="${address}"]`,
      )
      .waitFor()
    await expect.poll(() => current.count()).toBe(1)
    await page.screenshot({ path: join(screenshotDir, 'multichain-switched.png') })
    // And back.
    await page.locator('[data-testid="safe-chain-link"][data-chain-id="31337"]').click()
    await page.waitForURL((url) => url.searchParams.get('safe') === `dev:${address}`)
  })

  it('default: an existing Safe is added on the other chain by replaying its creation, with its first setup', async () => {
    const second = e2e.stack.secondDevnet
    const solo = e2e.stack.devnet.scenario?.safes.solo.address
    if (!second || !solo) throw new Error('the stack runs without its second chain or the demo')
    const { page } = e2e
    expect(await second.client.getCode({ address: solo })).toBeUndefined()
    await connectDevnet(page, 0, `${e2e.stack.url}/?safe=dev:${solo}`)
    const add = page.locator(`[data-testid="add-safe-on-chain"][data-chain-id="${SECOND_DEVNET_CHAIN_ID}"]`)
    await add.getByTestId('add-safe-on-chain-button').click()
    await page.locator(`[data-testid="safe-chain-link"][data-chain-id="${SECOND_DEVNET_CHAIN_ID}"]`).waitFor()
    await expect(add.count()).resolves.toBe(0)
    const there = await readSafe(second.rpcUrl, solo)
    expect(there.chainId).toBe(SECOND_DEVNET_CHAIN_ID)
    expect(there.owners).toEqual([account(0)])
    expect(there.threshold).toBe(1n)
    await page.screenshot({ path: join(screenshotDir, 'multichain-added.png') })
  })

  it('default: a counterfactual Safe is shown before it exists, receives funds, and is deployed by Activate', async () => {
    const { page } = e2e
    const { client } = e2e.stack.devnet
    await connectDevnet(page, 5, e2e.stack.url)
    await page.getByTestId('create-safe-link').click()
    const form = page.getByTestId('create-safe-form')
    await form.getByTestId('create-safe-chain').selectOption('31337')
    await form.getByTestId('create-safe-advanced-toggle').click()
    await form.getByTestId('create-safe-salt').fill('2600027')
    const predicted = form.locator('[data-testid="predicted-address"][data-address^="0x"]')
    await predicted.waitFor()
    const address = (await predicted.getAttribute('data-address')) as Address
    await form.getByTestId('create-safe-submit').click()
    await page.getByTestId('create-safe-review').getByTestId('create-safe-counterfactual').click()
    await page.waitForURL((url) => url.searchParams.get('safe') === `dev:${address}`)

    const view = page.locator(`[data-testid="counterfactual-safe"][data-address="${address}"]`)
    await view.getByRole('heading', { name: 'Not deployed yet' }).waitFor()
    expect(await client.getCode({ address })).toBeUndefined()
    await client.waitForTransactionReceipt({
      hash: await client.sendTransaction({ account: account(7), to: address, value: parseEther('2') }),
    })
    await view.locator('[data-testid="counterfactual-balance"]:text-is("2 ETH")').waitFor()
    // Tokens sent to the address are shown too: 25 cUSD from the deployer, who holds the supply.
    const usd = e2e.stack.devnet.assets?.usd as Address
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: account(0),
        address: usd,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [address, 25_000_000n],
      }),
    })
    await view
      .locator(`[data-testid="counterfactual-token"][data-token="${usd}"]:text-is("25 cUSD")`)
      .waitFor()
    expect(
      await client.readContract({ address: usd, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    ).toBe(25_000_000n)
    await page.screenshot({ path: join(screenshotDir, 'multichain-counterfactual.png') })

    await view.getByTestId('activate-safe').click()
    await page.locator('[data-testid="safe-threshold"]:text-is("1/1")').waitFor({ timeout: 60_000 })
    const safe = await readSafe(e2e.stack.rpcUrl, address)
    expect(safe.owners).toEqual([account(5)])
    expect(safe.threshold).toBe(1n)
    expect(await client.getBalance({ address })).toBe(parseEther('2'))
  })
})
