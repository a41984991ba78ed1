import { join } from 'node:path'
import { createSafe, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import type { Page } from 'playwright-core'
import { type Address, parseAbi, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { proposeAs, safeInfo, until } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Nested Safes, two deep: the demo "solo" Safe (1-of-1, account #0) owns "parent" (1-of-1), and parent and account
// #1 own "child" (2-of-2). #1 proposes a child transaction; #0, who owns the child only through two Safes, signs
// as parent (proposes parent's approveHash of the child's hash), then, in parent's queue, as solo; solo executes
// its approval, #0 executes parent's (fully confirmed: no signature needed), and #1 executes the child.
// Oracles: the contracts' approvedHashes and nonces, the recipient's balance.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

const account = (index: number) => testAccount(index).address
const approvedHashesAbi = parseAbi(['function approvedHashes(address, bytes32) view returns (uint256)'])
let solo: Address
let parent: Address
let child: Address

beforeAll(async () => {
  const { scenario, client } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
  const create = (owners: Address[], threshold: number, saltNonce: bigint) =>
    createSafe(client, { owners, threshold, saltNonce, sender: account(0) })
  parent = await create([solo], 1, 4241n)
  child = await create([parent, account(1)], 2, 4242n)
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
const approvedBy = (safe: Address, owner: Address, hash: `0x${string}`) =>
  e2e.stack.devnet.client.readContract({
    address: safe,
    abi: approvedHashesAbi,
    functionName: 'approvedHashes',
    args: [owner, hash],
  })

/** Signs as `owner` (a Safe) in the row's parent approvals: the verified transaction, then the approval. */
async function signAs(row: ReturnType<typeof item>, owner: Address) {
  const approval = row.locator(`[data-testid="parent-approval"][data-parent="${owner}"]`)
  await approval.getByTestId('sign-as-parent').click()
  const review = approval.getByTestId('parent-approval-review')
  await review
    .getByTestId('new-tx-review')
    .getByTestId('tx-method')
    .filter({ hasText: 'approveHash' })
    .waitFor()
  await review.getByTestId('sign-and-propose').click()
  await approval.getByTestId('parent-waiting').waitFor()
  return approval
}

/** Executes the first queued transaction of `safe` from its queue page. */
async function executeFirst(page: Page, safe: Address) {
  await page.goto(queueUrl(safe))
  const first = page.getByTestId('queue-item').first()
  await first.getByTestId('execute-button').click()
  await first.getByTestId('verification-ok').waitFor()
  await first.getByTestId('send-execution').click()
  await first.waitFor({ state: 'detached', timeout: 60_000 })
}

describe('nested Safes', () => {
  it('default: two Safes deep, an owner signs as each in turn; each Safe executes; the child executes', async () => {
    const page = e2e.page
    const { client } = e2e.stack.devnet
    const recipient = account(3)
    const before = await client.getBalance({ address: recipient })
    const proposal = await proposeAs(e2e.stack, {
      safe: child,
      call: { to: recipient, value: 1000n },
      signer: 1,
    })

    // The child's queue: #0 owns parent through solo, so it may sign as parent (a proposal, not a confirmation).
    await connectDevnet(page, 0, queueUrl(child))
    const row = item(page, proposal.id)
    await expect.poll(() => row.getByTestId('queue-confirmations').textContent()).toBe('1 of 2 confirmations')
    const onChild = row.locator(`[data-testid="parent-approval"][data-parent="${parent}"]`)
    await onChild.getByTestId('sign-as-parent').click()
    // The child's transaction is shown verified before the approval is signed.
    const review = onChild.getByTestId('parent-approval-review')
    await expect
      .poll(() => review.getByTestId('review-to').first().getAttribute('data-address'))
      .toBe(recipient)
    await page.screenshot({ path: join(screenshotDir, 'nested-sign-as-parent.png') })
    await review.getByTestId('sign-and-propose').click()
    await onChild.getByTestId('parent-waiting').filter({ hasText: '(0 of 1)' }).waitFor()

    // Parent's queue: its approval waits for solo, which #0 owns: sign as solo, solo executes.
    await onChild.getByTestId('parent-queue-link').click()
    await page.waitForURL((url) => url.pathname === '/transactions/queue' && url.search.includes(parent))
    const parentRow = page.getByTestId('queue-item').first()
    await signAs(parentRow, solo)
    await executeFirst(page, solo)

    // Solo's approval is parent's confirmation (indexed from the chain): #0 executes parent's transaction.
    await page.goto(queueUrl(parent))
    await page
      .getByTestId('queue-item')
      .first()
      .getByTestId('queue-confirmations')
      .filter({ hasText: '1 of 1' })
      .waitFor()
    await executeFirst(page, parent)
    expect(await approvedBy(child, parent, proposal.safeTxHash)).toBe(1n)

    // The child counts parent's approval; #1, its other owner, executes it.
    await connectDevnet(page, 1, queueUrl(child))
    await row.getByTestId('queue-confirmations').filter({ hasText: '2 of 2 confirmations' }).waitFor()
    await row.getByTestId('execute-button').click()
    await row.getByTestId('verification-ok').waitFor()
    await row.getByTestId('send-execution').click()
    await row.waitFor({ state: 'detached', timeout: 60_000 })
    expect(await client.readContract({ address: child, abi: safeAbi, functionName: 'nonce' })).toBe(1n)
    expect(await client.readContract({ address: parent, abi: safeAbi, functionName: 'nonce' })).toBe(1n)
    expect((await client.getBalance({ address: recipient })) - before).toBe(1000n)
  })
})
