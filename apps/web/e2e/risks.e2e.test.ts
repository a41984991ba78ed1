import { testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import type { Page } from 'playwright-core'
import { type Address, encodeFunctionData, erc20Abi as fullErc20Abi, getAddress, maxUint256 } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { verifyFragment } from '../src/features/tx-flow/verify/verifyLink.ts'
import { connectDevnet } from './connectDevnet.ts'
import { type Call, proposeAs } from './safeTx.ts'
import { setupE2E } from './session.ts'

// Local risk checks, one case per kind: a transaction of the demo "treasury" (2-of-3: accounts #0, #1, #2) is
// proposed by #1; owner #0 sees the risk on the queue row and again in the review, with why. A blocking risk
// holds signing until the target's last 6 characters are typed.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

const account = (index: number) => testAccount(index).address
let treasury: Address
let usd: Address

beforeAll(() => {
  const { scenario, assets } = e2e.stack.devnet
  if (!scenario || !assets) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  usd = assets.usd
})

const transfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

/** An address that starts and ends like `address` (4 hex characters each side) with another middle. */
const lookalike = (address: Address) =>
  getAddress(`0x${address.slice(2, 6)}${'0'.repeat(32)}${address.slice(-4)}`.toLowerCase())

async function openReview(page: Page, id: string) {
  await connectDevnet(page, 0, `${e2e.stack.url}/transactions/queue?safe=dev:${treasury}`)
  const row = page.locator(`[data-testid="queue-item"][data-tx-id="${id}"]`)
  await row.getByTestId('confirm-button').click()
  const review = row.getByTestId('queued-tx-review')
  await review.waitFor()
  return { row, review }
}

async function expectRisk(page: Page, call: Call, kind: string, level: string, title: RegExp) {
  const proposal = await proposeAs(e2e.stack, { safe: treasury, call, signer: 1 })
  const { row, review } = await openReview(page, proposal.id)
  const onRow = row.locator(`[data-testid="queue-risk"][data-kind="${kind}"][data-level="${level}"]`)
  await expect.poll(() => onRow.first().textContent()).toMatch(title)
  // The reason comes with it.
  expect((await onRow.first().getAttribute('title'))?.length).toBeGreaterThan(20)
  const inReview = review.locator(`[data-testid="review-risk"][data-kind="${kind}"][data-level="${level}"]`)
  await expect.poll(() => inReview.first().textContent()).toMatch(title)
  return { row, review, proposal }
}

describe('local risk checks, on the queue row and in the review', () => {
  it('error: DELEGATECALL to an untrusted contract (the gateway refuses to store one; a /verify link carries it) blocks signing until its last 6 characters are typed', async () => {
    const page = e2e.page
    const nonce = await e2e.stack.devnet.client.readContract({
      address: treasury,
      abi: safeAbi,
      functionName: 'nonce',
    })
    const tx = SafeTx.from({ to: usd, data: '0x12345678', operation: 1, nonce })
    const link = `${e2e.stack.url}/verify${verifyFragment({ chainId: e2e.stack.devnet.chainId, safe: treasury, tx })}`
    await connectDevnet(page, 0, link)
    const panel = page.getByTestId('verify-signatures')
    const risk = panel.locator(
      '[data-testid="review-risk"][data-kind="untrusted-delegatecall"][data-level="block"]',
    )
    await expect.poll(() => risk.textContent()).toMatch(/DELEGATECALL to/)
    const sign = panel.getByTestId('verify-sign')
    await expect.poll(() => sign.isDisabled()).toBe(true)
    await panel.getByTestId('review-risk-confirm').fill('000000')
    await expect.poll(() => sign.isDisabled()).toBe(true)
    await panel.getByTestId('review-risk-confirm').fill(usd.slice(-6).toLowerCase())
    await expect.poll(() => sign.isEnabled()).toBe(true)
  })

  it('behavior: an unlimited approval', async () => {
    const data = encodeFunctionData({
      abi: fullErc20Abi,
      functionName: 'approve',
      args: [account(5), maxUint256],
    })
    await expectRisk(e2e.page, { to: usd, data }, 'unlimited-approval', 'warn', /Unlimited approval/)
  })

  it('behavior: tokens sent to the token contract itself', async () => {
    await expectRisk(
      e2e.page,
      { to: usd, data: transfer(usd, 1n) },
      'token-as-recipient',
      'warn',
      /recipient is the token contract itself/,
    )
  })

  it('behavior: a call with data to an address with no code (read from the chain: in the review)', async () => {
    const call = { to: account(5), data: transfer(account(4), 1n) }
    const proposal = await proposeAs(e2e.stack, { safe: treasury, call, signer: 1 })
    const { review } = await openReview(e2e.page, proposal.id)
    const risk = review.locator('[data-testid="review-risk"][data-kind="no-code"][data-level="high"]')
    await expect.poll(() => risk.textContent()).toMatch(/has no contract code on this chain/)
  })

  it('behavior: a recipient that looks like an address-book entry (address poisoning)', async () => {
    const page = e2e.page
    await connectDevnet(page, 0, `${e2e.stack.url}/address-book?safe=dev:${treasury}`)
    await page
      .getByTestId('address-book-import-text')
      .fill(`address,name,chainId\n${account(4)},Payroll,31337`)
    await page.getByTestId('address-book-import-submit').click()
    await page.getByTestId('address-book-import-result').waitFor()
    await expectRisk(
      page,
      { to: usd, data: transfer(lookalike(account(4)), 1n) },
      'lookalike',
      'high',
      /looks like Payroll but is another address/,
    )
  })

  it('behavior: more than half of an asset, from the simulation (in the review: the row has no simulation)', async () => {
    const balance = await e2e.stack.devnet.client.readContract({
      address: usd,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [treasury],
    })
    const call = { to: usd, data: transfer(account(4), (balance * 3n) / 4n) }
    const proposal = await proposeAs(e2e.stack, { safe: treasury, call, signer: 1 })
    const { review } = await openReview(e2e.page, proposal.id)
    const risk = review.locator('[data-testid="review-risk"][data-kind="large-share"][data-level="warn"]')
    await expect.poll(() => risk.textContent()).toMatch(/Moves more than half of the Safe’s/)
  })

  it('behavior: a first payment to an address is a warning; one the Safe has paid before (the demo paid #3) is not', async () => {
    const call = { to: usd, data: transfer(account(7), 1n) }
    const proposal = await proposeAs(e2e.stack, { safe: treasury, call, signer: 1 })
    const { review } = await openReview(e2e.page, proposal.id)
    const risk = review.locator('[data-testid="review-risk"][data-kind="new-recipient"][data-level="warn"]')
    await expect.poll(() => risk.textContent()).toContain(`First payment to ${account(7)}`)

    const known = await proposeAs(e2e.stack, {
      safe: treasury,
      call: { to: usd, data: transfer(account(3), 1n) },
      signer: 1,
    })
    const again = await openReview(e2e.page, known.id)
    // Once every check has answered, none is about the recipient.
    await again.review.getByTestId('review-simulation').waitFor()
    await again.review
      .getByTestId('review-risks-checked')
      .or(again.review.getByTestId('review-risks'))
      .waitFor({ state: 'attached' })
    expect(await again.review.locator('[data-kind="new-recipient"]').count()).toBe(0)
  })
})

describe('the simulation against the decoded intent', () => {
  it('error: the dry run shows ETH leaving the Safe that the decoded call does not send', async () => {
    // A malicious contract would do this on chain; here the gateway's dry run of a token transfer is rewritten to
    // report it (the comparison itself is computed in the browser).
    const page = e2e.page
    await page.route('**/simulations', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.balanceChanges.push({
        tokenAddress: null,
        symbol: 'ETH',
        decimals: 18,
        before: '5000000000000000000',
        after: '0',
        change: '-5000000000000000000',
      })
      await route.fulfill({ response, json: body })
    })
    const proposal = await proposeAs(e2e.stack, {
      safe: treasury,
      call: { to: usd, data: transfer(account(3), 1n) },
      signer: 1,
    })
    const { review } = await openReview(page, proposal.id)
    const risk = review.locator(
      '[data-testid="review-risk"][data-kind="simulation-mismatch"][data-level="high"]',
    )
    await expect
      .poll(() => risk.first().textContent())
      .toMatch(/5 ETH leaving the Safe, which the call as decoded does not send/)
  })
})

describe('address poisoning in the history', () => {
  it('behavior: dust (a token and the native coin) sent from a lookalike of a paid address are hidden behind a toggle, and flagged', async () => {
    // The demo treasury paid #3; an attacker with an address that starts and ends like #3 sends it 0.000001 cUSD
    // and 1 wei. (A zero-value token transfer, the other kind, the gateway already leaves out of the history.)
    const client = e2e.stack.devnet.client
    const attacker = lookalike(account(3))
    const funding = await client.writeContract({
      account: testAccount(0),
      chain: null,
      address: usd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [attacker, 10n],
    })
    await client.waitForTransactionReceipt({ hash: funding })
    await client.impersonateAccount({ address: attacker })
    await client.setBalance({ address: attacker, value: 10n ** 18n })
    for (const hash of [
      await client.writeContract({
        account: attacker,
        chain: null,
        address: usd,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [treasury, 1n],
      }),
      await client.sendTransaction({ account: attacker, chain: null, to: treasury, value: 1n }),
    ])
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    await client.stopImpersonatingAccount({ address: attacker })
    const fromAttacker = async () => {
      const response = await fetch(
        `${e2e.stack.url}/v1/chains/${e2e.stack.devnet.chainId}/safes/${treasury}/transactions/history`,
      )
      const body = (await response.json()) as {
        results: { transaction?: { txInfo: { sender?: { value: string } } } }[]
      }
      return body.results.filter((item) => item.transaction?.txInfo.sender?.value === attacker).length
    }
    await expect.poll(fromAttacker, { timeout: 20_000 }).toBe(2)

    const page = e2e.page
    await connectDevnet(page, 0, `${e2e.stack.url}/transactions/history?safe=dev:${treasury}`)
    const banner = page.getByTestId('poisoning-banner')
    await expect
      .poll(() => banner.textContent())
      .toMatch(/^2 incoming transfers of nothing or dust .* are hidden/)
    expect(await page.getByTestId('poisoning-flag').count()).toBe(0)
    await page.getByTestId('poisoning-toggle').click()
    await expect.poll(() => page.getByTestId('poisoning-flag').count()).toBe(2)
    await expect.poll(() => page.getByTestId('poisoning-flag').first().textContent()).toContain(account(3))
  })
})
