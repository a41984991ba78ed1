import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, getAddress } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { proposeAs, safeInfo, txDetails, until } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Co-signing in the browser: the queue of the demo "treasury" (2-of-3: accounts #0, #1, #2), worked by
// owners in separate browser contexts. Proposals come from the gateway API signed in Node (another owner's
// client): the New transaction screens are tested with their own flows.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let treasury: Address
let usd: Address
const account = (index: number) => testAccount(index).address

beforeAll(() => {
  const { scenario, assets } = e2e.stack.devnet
  if (!scenario || !assets) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  usd = assets.usd
})

const queueUrl = (safe: Address) => `${e2e.stack.url}/transactions/queue?safe=dev:${safe}`
const item = (page: Page, id: string) => page.locator(`[data-testid="queue-item"][data-tx-id="${id}"]`)

/** A second owner: its own browser context (own wallet connection, own storage). */
async function secondOwner(index: number): Promise<{ context: BrowserContext; page: Page }> {
  const browser = e2e.context.browser()
  if (!browser) throw new Error('no browser')
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  await connectDevnet(page, index, queueUrl(treasury))
  return { context, page }
}

const balanceOf = (token: Address, owner: Address) =>
  e2e.stack.devnet.client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

async function executeFrom(page: Page, id: string): Promise<void> {
  await item(page, id).getByTestId('execute-button').click()
  await item(page, id).getByTestId('verification-ok').waitFor()
  await item(page, id).getByTestId('send-execution').click()
  await item(page, id).waitFor({ state: 'detached', timeout: 60_000 })
}

describe('queue: co-signing', () => {
  it('default: owner 1 proposes an ERC20 transfer, owner 2 sees it within 5 s, confirms and executes', async () => {
    const recipient = account(3)
    const amount = 5n * 10n ** 6n
    const [safeBefore, recipientBefore] = await Promise.all([
      balanceOf(usd, treasury),
      balanceOf(usd, recipient),
    ])

    // Owner 1 (account #1) in its own context; owner 2 (account #2) in the test's page, watching the queue.
    const owner1 = await secondOwner(1)
    try {
      await connectDevnet(e2e.page, 2, queueUrl(treasury))
      await e2e.page.getByText('No queued transactions').waitFor()

      // Owner 1 proposes through New transaction: the cUSD row's Send.
      await owner1.page.goto(`${e2e.stack.url}/assets?safe=dev:${treasury}`)
      await owner1.page
        .locator('[data-testid="balance-row"][data-symbol="cUSD"] [data-testid="balance-send"]')
        .click()
      await owner1.page.getByTestId('send-recipient-input').fill(recipient)
      await owner1.page.getByTestId('send-amount-input').fill('5')
      await owner1.page.getByTestId('send-token-form').getByTestId('tx-form-review').click()
      await owner1.page.getByTestId('new-tx-review').getByTestId('sign-and-propose').click()
      await owner1.page.waitForURL((u) => u.pathname === '/transactions/tx')
      const proposedAt = Date.now()
      const id = new URL(owner1.page.url()).searchParams.get('id') ?? ''
      const proposal = { id, safeTxHash: id.split('_')[2] ?? '' }
      await owner1.page.goto(queueUrl(treasury))

      await item(e2e.page, proposal.id).waitFor({ timeout: 5_000 })
      expect(Date.now() - proposedAt).toBeLessThan(5_000)
      await expect(
        item(e2e.page, proposal.id).getByTestId('queue-confirmations').textContent(),
      ).resolves.toBe('1 of 2 confirmations')

      const mine = item(e2e.page, proposal.id)
      // Confirming is the New transaction flow's review: decoded, simulated, verified against the chain.
      await mine.getByTestId('confirm-button').click()
      const review = mine.locator('[data-testid="queued-tx-review"][data-verified="true"]')
      await review.waitFor()
      await expect
        .poll(() => review.getByTestId('review-safe-tx-hash').textContent())
        .toBe(proposal.safeTxHash)
      await e2e.page.screenshot({ path: join(screenshotDir, 'queue-confirm-review.png'), fullPage: true })
      await review.getByTestId('sign-queued').click()
      await mine.locator('[data-testid="queue-confirmations"]:text-is("2 of 2 confirmations")').waitFor()
      await mine.getByTestId('confirmed-by-you').waitFor()
      // Owner 1's queue refreshes by itself.
      await item(owner1.page, proposal.id)
        .locator('[data-testid="queue-confirmations"]:text-is("2 of 2 confirmations")')
        .waitFor()

      await executeFrom(e2e.page, proposal.id)
      await e2e.page.getByText('Transaction executed').first().waitFor()
      await item(owner1.page, proposal.id).waitFor({ state: 'detached' })

      await until(
        async () => (await txDetails(e2e.stack, proposal.id)).txStatus === 'SUCCESS',
        'the execution',
      )
      const details = await txDetails(e2e.stack, proposal.id)
      const signers = details.detailedExecutionInfo?.confirmations.map((c) => getAddress(c.signer.value))
      expect(signers?.sort()).toEqual([account(1), account(2)].sort())
      expect(await balanceOf(usd, treasury)).toBe(safeBefore - amount)
      expect(await balanceOf(usd, recipient)).toBe(recipientBefore + amount)

      // The history shows it with both confirmations.
      await e2e.page.goto(`${e2e.stack.url}/transactions/tx?safe=dev:${treasury}&id=${proposal.id}`)
      const shown = e2e.page.locator('[data-testid="tx-confirmation-signer"]')
      await shown.first().waitFor()
      const shownSigners = await shown.evaluateAll((nodes) =>
        nodes.map((node) => (node as HTMLElement).dataset.address),
      )
      expect(shownSigners.sort()).toEqual([account(1), account(2)].sort())

      // The wallet's recent transactions list the execution.
      await e2e.page.getByTestId('rk-account-button').click()
      await e2e.page
        .getByText(/Execute Safe transaction #\d+/)
        .first()
        .waitFor()
      await e2e.page.screenshot({ path: join(screenshotDir, 'recent-transactions.png') })
      expect(e2e.pageErrors).toEqual([])
    } finally {
      await owner1.context.close()
    }
  })

  it('behavior: an owner rejects a queued transaction; another executes the rejection', async () => {
    const send = { to: account(4), value: 10n ** 15n }
    const proposal = await proposeAs(e2e.stack, { safe: treasury, call: send, signer: 1 })
    await connectDevnet(e2e.page, 0, queueUrl(treasury))
    const group = e2e.page.locator(`[data-testid="queue-group"][data-nonce="${proposal.nonce}"]`)
    await item(e2e.page, proposal.id).waitFor()
    // Replace opens New transaction at this nonce.
    await group.getByTestId('replace-link').click()
    await e2e.page.waitForURL(
      (u) => u.pathname === '/transactions/new' && u.searchParams.get('nonce') === String(proposal.nonce),
    )
    // The form says at once that it replaces the queued transaction, before any review.
    await expect
      .poll(() => e2e.page.getByTestId('replacing-notice').textContent())
      .toContain(`replaces the queued transaction at nonce ${proposal.nonce}`)
    await e2e.page.goBack()
    await group.getByTestId('reject-button').click()
    // The rejection shows what the wallet will display before it is signed: the Safe's own hash of it.
    const rejection = SafeTx.from({ to: treasury, nonce: BigInt(proposal.nonce) })
    const safeHash = await e2e.stack.devnet.client.readContract({
      address: treasury,
      abi: safeAbi,
      functionName: 'getTransactionHash',
      args: [...SafeTx.execTransactionArgs(rejection, '0x').slice(0, 9), rejection.nonce] as never,
    })
    await expect.poll(() => group.getByTestId('rejection-safe-tx-hash').textContent()).toContain(safeHash)
    await group.getByTestId('sign-rejection').click()
    await group.getByTestId('conflict-header').waitFor()
    await expect.poll(() => group.getByTestId('queue-item').count()).toBe(2)
    await expect(group.getByTestId('reject-button').count()).resolves.toBe(0)
    await e2e.page.screenshot({ path: join(screenshotDir, 'queue-rejection.png') })

    const rejectionId = await group
      .locator('[data-testid="queue-item"]')
      .evaluateAll(
        (nodes, id) => nodes.map((n) => (n as HTMLElement).dataset.txId).find((x) => x !== id),
        proposal.id,
      )
    if (!rejectionId) throw new Error('no rejection in the queue')
    const owner2 = await secondOwner(2)
    try {
      await executeFrom(owner2.page, rejectionId)
      // The rejected transaction leaves the queue with its nonce.
      await item(owner2.page, proposal.id).waitFor({ state: 'detached' })
      await until(
        async () => (await txDetails(e2e.stack, rejectionId)).txStatus === 'SUCCESS',
        'the rejection',
      )
      const nonce = (await safeInfo(e2e.stack, treasury)).nonce
      expect(nonce).toBe(proposal.nonce + 1)
    } finally {
      await owner2.context.close()
    }
  })

  it('error: a tampered gateway answer is refused before signing; the proposer deletes the proposal', async () => {
    const proposal = await proposeAs(e2e.stack, {
      safe: treasury,
      call: { to: account(4), value: 10n ** 15n },
      signer: 1,
    })
    // The gateway now says the transaction sends 100 ETH to the same address (same safeTxHash, same signature).
    await e2e.page.route(`**/transactions/${proposal.id}`, async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.txData.value = (100n * 10n ** 18n).toString()
      await route.fulfill({ response, json: body })
    })
    await connectDevnet(e2e.page, 0, queueUrl(treasury))
    const mine = item(e2e.page, proposal.id)
    await mine.getByTestId('confirm-button').click()
    await mine.locator('[data-testid="queued-tx-review"][data-verified="false"]').waitFor()
    await expect.poll(() => mine.getByTestId('sign-refused').isDisabled()).toBe(true)
    await expect(mine.getByTestId('sign-queued').count()).resolves.toBe(0)
    await mine.getByTestId('confirm-review').getByRole('button', { name: 'Close' }).click()

    await mine.getByTestId('execute-button').click()
    const alarm = mine.getByTestId('verification-failed')
    await alarm.waitFor()
    await expect.poll(() => alarm.textContent()).toMatch(/is not the hash of the transaction shown/)
    await expect(mine.getByTestId('send-execution').count()).resolves.toBe(0)
    await e2e.page.screenshot({ path: join(screenshotDir, 'queue-tampered.png') })

    // Only its proposer (account #1) may delete it, and it is the last nonce, so it may.
    await expect.poll(() => mine.getByTestId('delete-button').isDisabled()).toBe(true)
    const proposer = await secondOwner(1)
    try {
      await item(proposer.page, proposal.id).getByTestId('delete-button').click()
      await item(proposer.page, proposal.id).waitFor({ state: 'detached' })
    } finally {
      await proposer.context.close()
    }
    const gone = await fetch(
      `${e2e.stack.url}/v1/chains/${e2e.stack.devnet.chainId}/transactions/${proposal.id}`,
    )
    expect(gone.status).toBe(404)
  })

  it('behavior: add an owner and raise the threshold; Settings → Setup shows the new setup', async () => {
    const newOwner = account(4)
    // Owner #1 proposes it from Settings → Setup (the New transaction flow's setup change)…
    const proposer = await secondOwner(1)
    let id: string
    try {
      await proposer.page.goto(`${e2e.stack.url}/settings/setup?safe=dev:${treasury}`)
      await proposer.page.getByTestId('setup-change-addOwner').click()
      const form = proposer.page.getByTestId('settings-form')
      await form.getByTestId('settings-address-input').fill(newOwner)
      await form.getByTestId('settings-threshold-select').selectOption('3')
      await form.getByTestId('tx-form-review').click()
      const review = proposer.page.getByTestId('new-tx-review')
      await expect
        .poll(() => review.getByTestId('tx-method').first().textContent())
        .toBe('addOwnerWithThreshold')
      await review.getByTestId('sign-and-propose').click()
      await proposer.page.waitForURL((u) => u.pathname === '/transactions/tx')
      id = new URL(proposer.page.url()).searchParams.get('id') ?? ''
    } finally {
      await proposer.context.close()
    }
    // …and owner #0 executes it from the queue (its own pre-validated signature is the second).
    await connectDevnet(e2e.page, 0, queueUrl(treasury))
    await executeFrom(e2e.page, id)
    await until(async () => (await safeInfo(e2e.stack, treasury)).threshold === 3, 'the new threshold')

    await e2e.page.goto(`${e2e.stack.url}/settings/setup?safe=dev:${treasury}`)
    await e2e.page.locator('[data-testid="setup-threshold"]:text-is("3 out of 4")').waitFor()
    const owners = await e2e.page
      .getByTestId('setup-owner')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.address))
    expect(owners).toContain(newOwner)
    const you = e2e.page.locator(
      `[data-testid="setup-owner"][data-address="${account(0)}"] [data-testid="address-badge"]`,
    )
    await expect.poll(() => you.textContent()).toBe('you')
    await expect.poll(() => e2e.page.getByTestId('address-badge').count()).toBe(1)
    await e2e.page.screenshot({ path: join(screenshotDir, 'setup-after-add-owner.png') })
  })
})
