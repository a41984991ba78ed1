import { join } from 'node:path'
import { createSafe, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import type { Page } from 'playwright-core'
import { type Address, parseAbi, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { proposeAs, safeInfo, until } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Nested Safes: a "child" Safe owned by the demo "solo" Safe (1-of-1, account #0) and by account #1, threshold 2.
// #1 proposes; #0, an owner of solo but not of the child, signs as solo (solo's approveHash of the child's
// hash, proposed to and executed from solo's queue); the child's queue then counts solo's confirmation and #1
// executes. Oracles: the child contract's approvedHashes and nonce, the recipient's balance.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

const account = (index: number) => testAccount(index).address
const approvedHashesAbi = parseAbi(['function approvedHashes(address, bytes32) view returns (uint256)'])
let solo: Address
let child: Address

beforeAll(async () => {
  const { scenario, client } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
  child = await createSafe(client, {
    owners: [solo, account(1)],
    threshold: 2,
    saltNonce: 4242n,
    sender: account(0),
  })
  await client.waitForTransactionReceipt({
    hash: await client.sendTransaction({ account: account(0), to: child, value: parseEther('1') }),
  })
  await until(
    async () => (await safeInfo(e2e.stack, child)).threshold === 2,
    'the child Safe indexed',
    30_000,
  )
})

const queueUrl = (safe: Address) => `${e2e.stack.url}/transactions/queue?safe=dev:${safe}`
const item = (page: Page, id: string) => page.locator(`[data-testid="queue-item"][data-tx-id="${id}"]`)

describe('nested Safes', () => {
  it('default: an owner of the parent Safe signs as it; the parent executes its approval; the child executes', async () => {
    const page = e2e.page
    const { client } = e2e.stack.devnet
    const recipient = account(3)
    const before = await client.getBalance({ address: recipient })
    const proposal = await proposeAs(e2e.stack, {
      safe: child,
      call: { to: recipient, value: 1000n },
      signer: 1,
    })

    // #0 owns solo, which owns the child: the child's queue offers to sign as solo.
    await connectDevnet(page, 0, queueUrl(child))
    const row = item(page, proposal.id)
    const approval = row.locator(`[data-testid="parent-approval"][data-parent="${solo}"]`)
    await expect(row.getByTestId('queue-confirmations').textContent()).resolves.toBe('1 of 2 confirmations')
    // Not read-only: the banner says the wallet owns this Safe through solo.
    await page.getByTestId('nested-owner-banner').locator(`[data-address="${solo}"]`).waitFor()
    await expect(page.getByTestId('read-only-banner').count()).resolves.toBe(0)
    await approval.getByTestId('sign-as-parent').click()
    const review = approval.getByTestId('parent-approval-review')
    // The child's transaction is shown verified before the approval is signed.
    await review.getByTestId('review-value').first().waitFor()
    await expect(review.getByTestId('review-to').first().getAttribute('data-address')).resolves.toBe(
      recipient,
    )
    await review
      .getByTestId('new-tx-review')
      .getByTestId('tx-method')
      .filter({ hasText: 'approveHash' })
      .waitFor()
    await page.screenshot({ path: join(screenshotDir, 'nested-sign-as-parent.png') })
    await review.getByTestId('sign-and-propose').click()
    await approval.getByTestId('parent-waiting').filter({ hasText: '(1 of 1)' }).waitFor()
    expect(
      await client.readContract({
        address: child,
        abi: approvedHashesAbi,
        functionName: 'approvedHashes',
        args: [solo, proposal.safeTxHash],
      }),
    ).toBe(0n)

    // Solo executes its approval from its own queue.
    await approval.getByTestId('parent-queue-link').click()
    await page.waitForURL((url) => url.pathname === '/transactions/queue' && url.search.includes(solo))
    const soloItem = page.getByTestId('queue-item').first()
    await soloItem.getByTestId('execute-button').click()
    await soloItem.getByTestId('verification-ok').waitFor()
    await soloItem.getByTestId('send-execution').click()
    await soloItem.waitFor({ state: 'detached', timeout: 60_000 })
    expect(
      await client.readContract({
        address: child,
        abi: approvedHashesAbi,
        functionName: 'approvedHashes',
        args: [solo, proposal.safeTxHash],
      }),
    ).toBe(1n)

    // The child's queue counts solo's on-chain approval (the gateway checked it before storing it).
    await page.goto(queueUrl(child))
    await row.getByTestId('queue-confirmations').filter({ hasText: '2 of 2 confirmations' }).waitFor()

    // #1, an owner of the child, executes it with #1's signature and solo's pre-validated one.
    await connectDevnet(page, 1, queueUrl(child))
    await row.getByTestId('execute-button').click()
    await row.getByTestId('verification-ok').waitFor()
    await row.getByTestId('send-execution').click()
    await row.waitFor({ state: 'detached', timeout: 60_000 })
    expect(await client.readContract({ address: child, abi: safeAbi, functionName: 'nonce' })).toBe(1n)
    expect((await client.getBalance({ address: recipient })) - before).toBe(1000n)
  })
})
