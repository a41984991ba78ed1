import { join } from 'node:path'
import { createSafe, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import { delayAbi, recoveryTransaction } from '@concord/safe/recovery'
import type { Page } from 'playwright-core'
import { type Address, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { safeInfo, until } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Recovery through a Zodiac Delay modifier, from the first click: owner #0 sets up recovery in Settings → Setup
// (recoverer #5, a 1-hour review window) and executes it; #5 starts a recovery (#4 and #1 the new owners, #0
// out); #0 sees it in the queue with its countdown; the devnet's clock is moved past the window and #0 (anyone)
// executes it; Setup shows the new owners and History the module execution. Then #1 cancels a second recovery.
// Oracles: the Safe's modules and owners and the Delay's nonces, read from the chain.

const e2e = setupE2E({
  viewport: { width: 1280, height: 1000 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

const account = (index: number) => testAccount(index).address
const SENTINEL = '0x0000000000000000000000000000000000000001'
let safe: Address

beforeAll(async () => {
  const { client } = e2e.stack.devnet
  safe = await createSafe(client, {
    owners: [account(0), account(1)],
    threshold: 1,
    saltNonce: 2_626n,
    sender: account(0),
  })
  await client.waitForTransactionReceipt({
    hash: await client.sendTransaction({ account: account(0), to: safe, value: parseEther('1') }),
  })
  await until(async () => (await safeInfo(e2e.stack, safe)).threshold === 1, 'the Safe indexed', 30_000)
})

const url = (path: string) => `${e2e.stack.url}${path}?safe=dev:${safe}`
const owners = () =>
  e2e.stack.devnet.client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })
const modules = async () =>
  (
    await e2e.stack.devnet.client.readContract({
      address: safe,
      abi: safeAbi,
      functionName: 'getModulesPaginated',
      args: [SENTINEL, 10n],
    })
  )[0]

/** Signs and proposes the review shown, then executes the Safe's first queued transaction from the queue. */
async function proposeAndExecute(page: Page) {
  await page.getByTestId('recovery-tx-review').getByTestId('sign-and-propose').click()
  await page.waitForURL((u) => u.pathname === '/transactions/tx')
  await page.goto(url('/transactions/queue'))
  const first = page.getByTestId('queue-item').first()
  await first.getByTestId('execute-button').click()
  await first.getByTestId('verification-ok').waitFor()
  await first.getByTestId('send-execution').click()
  await first.waitFor({ state: 'detached', timeout: 60_000 })
}

describe('recovery', () => {
  it('default: owners set up recovery, the recoverer starts one, after the window anyone executes it', async () => {
    const page = e2e.page
    const { client } = e2e.stack.devnet

    // #0 sets up recovery: recoverer #5, review window 1 hour, no expiry.
    await connectDevnet(page, 0, url('/settings/setup'))
    const section = page.getByTestId('recovery-section')
    await section.getByTestId('recovery-none').waitFor()
    await section.getByTestId('recovery-recoverers-input').fill(account(5))
    await section.getByTestId('recovery-cooldown-input').fill('1')
    await section.locator('#recovery-cooldown-unit').selectOption('hours')
    await section.getByTestId('recovery-review').click()
    await page
      .getByTestId('recovery-tx-review')
      .getByTestId('tx-method')
      .filter({ hasText: 'multiSend' })
      .first()
      .waitFor()
    await proposeAndExecute(page)
    const [delay] = await modules()
    if (!delay) throw new Error('no module enabled on the Safe')
    await expect(
      client.readContract({ address: delay, abi: delayAbi, functionName: 'txCooldown' }),
    ).resolves.toBe(3600n)

    await page.goto(url('/settings/setup'))
    const shown = page.locator(`[data-testid="recovery-delay"][data-delay="${delay}"]`)
    await shown.locator(`[data-testid="recovery-recoverer"][data-address="${account(5)}"]`).waitFor()
    await expect
      .poll(() => shown.getByTestId('recovery-windows').textContent())
      .toBe('Review window 1h, expiry none')

    // #5, the recoverer, starts a recovery: #4 and #1, threshold 1.
    await connectDevnet(page, 5, url('/settings/setup'))
    const start = page.getByTestId('start-recovery')
    await start.getByTestId('recovery-new-owners-input').fill(`${account(4)}\n${account(1)}`)
    await start.getByTestId('recovery-threshold-input').fill('1')
    await start.getByTestId('start-recovery-submit').click()
    await start.getByTestId('start-recovery-done').waitFor({ timeout: 30_000 })
    await expect(
      client.readContract({ address: delay, abi: delayAbi, functionName: 'queueNonce' }),
    ).resolves.toBe(1n)

    // #0 sees it pending in the queue, with the new owners and a countdown; nothing can run yet.
    await connectDevnet(page, 0, url('/transactions/queue'))
    const pending = page.getByTestId('pending-recovery')
    await expect
      .poll(() => pending.getByTestId('recovery-countdown').textContent())
      .toMatch(/^Can be executed in (59m|1h)/)
    await expect(
      pending
        .getByTestId('recovery-new-owner')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-address'))),
    ).resolves.toEqual([account(4), account(1)])
    // The browser checked the gateway's account against the Delay's stored hash and its own decoding.
    await pending.getByTestId('recovery-verified').waitFor()
    await expect(pending.getByTestId('recovery-execute').count()).resolves.toBe(0)
    await page.screenshot({ path: join(screenshotDir, 'recovery-pending.png') })

    // The window passes on the devnet; #0 (anyone may) executes it.
    await client.increaseTime({ seconds: 3_600 })
    await client.mine({ blocks: 1 })
    await pending
      .getByTestId('recovery-countdown')
      .filter({ hasText: 'Ready: anyone can execute it now' })
      .waitFor()
    await pending.getByTestId('recovery-execute').click()
    await pending.waitFor({ state: 'detached', timeout: 30_000 })
    expect(await owners()).toEqual([account(4), account(1)])

    // Setup lists the new owners; History lists the Delay's module execution.
    await until(
      async () => (await safeInfo(e2e.stack, safe)).owners.some((o) => o.value === account(4)),
      'the owner change indexed',
    )
    await page.goto(url('/settings/setup'))
    await page.locator(`[data-testid="setup-owner"][data-address="${account(4)}"]`).waitFor()
    await expect(
      page
        .getByTestId('setup-owners')
        .getByTestId('setup-owner')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-address'))),
    ).resolves.toEqual([account(4), account(1)])
    const history = (await (
      await fetch(`${e2e.stack.url}/v1/chains/${e2e.stack.devnet.chainId}/safes/${safe}/transactions/history`)
    ).json()) as {
      results: {
        type: string
        transaction?: { id: string; executionInfo?: { type: string; address?: { value: string } } }
      }[]
    }
    const moduleTx = history.results.find(
      (item) =>
        item.transaction?.executionInfo?.type === 'MODULE' &&
        item.transaction.executionInfo.address?.value === delay,
    )
    if (!moduleTx?.transaction) throw new Error(`no module execution of ${delay} in the history`)
    await page.goto(url('/transactions/history'))
    const row = page.locator(`[data-testid="tx-row"][data-tx-id="${moduleTx.transaction.id}"]`)
    await row.getByTestId('recovery-label').waitFor()
    await expect.poll(() => page.getByTestId('recovery-label').count()).toBe(1)
    await page.screenshot({ path: join(screenshotDir, 'recovery-history.png') })
  })

  it('default: an owner cancels a pending recovery with a Safe transaction; it can never run', async () => {
    const page = e2e.page
    const { client } = e2e.stack.devnet
    const [delay] = await modules()
    if (!delay) throw new Error('recovery is not set up (the first test runs first)')
    // #5 queues #0 back in, from its wallet (the UI path is the first test's).
    const tx = recoveryTransaction(safe, await owners(), [account(0), account(1)], 1)
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: account(5),
        address: delay,
        abi: delayAbi,
        functionName: 'execTransactionFromModule',
        args: [tx.to, tx.value, tx.data, tx.operation],
      }),
    })

    await connectDevnet(page, 1, url('/transactions/queue'))
    const pending = page.getByTestId('pending-recovery')
    await pending.getByTestId('recovery-cancel').click()
    await page
      .getByTestId('recovery-tx-review')
      .getByTestId('tx-method')
      .filter({ hasText: 'setTxNonce' })
      .first()
      .waitFor()
    await proposeAndExecute(page)
    await expect(
      client.readContract({ address: delay, abi: delayAbi, functionName: 'txNonce' }),
    ).resolves.toBe(2n)
    await page.getByTestId('pending-recovery').waitFor({ state: 'detached' })

    await client.increaseTime({ seconds: 3_600 })
    await client.mine({ blocks: 1 })
    await expect(
      client.simulateContract({
        account: account(0),
        address: delay,
        abi: delayAbi,
        functionName: 'executeNextTx',
        args: [tx.to, tx.value, tx.data, tx.operation],
      }),
    ).rejects.toThrow(/Transaction queue is empty/)
    expect(await owners()).toEqual([account(4), account(1)])
  })
})
