import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import { allowanceModuleAbi, DEVNET_ALLOWANCE_MODULE } from '@concord/safe/allowanceModule'
import { type Address, parseAbi, parseEther, zeroAddress } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Spending limits (#26 item 1), from the owner's first click to the beneficiary's transfer in history. Owner #0 of
// the 1-of-1 demo "solo" (no module enabled) gives #5, not an owner, 0.3 ETH a day: one Safe transaction batching
// enableModule, addDelegate and setAllowance, proposed, signed and executed in the browser. #5 then connects, sees
// what is left, is refused beyond it before any wallet prompt, and sends 0.1 ETH to #9 with one wallet
// transaction; the owner then resets what was spent from the limit's row. Oracles: the module's getTokenAllowance and the Safe's isModuleEnabled on chain, #9's balance.

const e2e = setupE2E({
  viewport: { width: 1280, height: 1000 },
  onPage: (page) => page.setDefaultTimeout(30_000),
})

const account = (index: number) => testAccount(index).address
let solo: Address
const url = (path: string) => `${e2e.stack.url}${path}?safe=dev:${solo}`

beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
})

const onChainAllowance = async (delegate: Address) => {
  const [amount, spent, resetTimeMin] = await e2e.stack.devnet.client.readContract({
    address: DEVNET_ALLOWANCE_MODULE,
    abi: allowanceModuleAbi,
    functionName: 'getTokenAllowance',
    args: [solo, delegate, zeroAddress],
  })
  return { amount, spent, resetTimeMin }
}

describe('spending limits', () => {
  it('default: an owner sets a daily limit for a non-owner, who sends within it; history shows who', async () => {
    const { page } = e2e
    const { client } = e2e.stack.devnet
    const beneficiary = account(5)
    const recipient = account(9)

    // Owner #0: Settings → Spending limits, none yet; New spending limit.
    await connectDevnet(page, 0, url('/settings/spending-limits'))
    await page.getByTestId('spending-limits-empty').waitFor()
    await page.getByTestId('new-spending-limit').click()
    const form = page.getByTestId('spending-limit-form')
    await form.getByTestId('limit-beneficiary-input').fill(beneficiary)
    await form.getByTestId('limit-token-select').selectOption(zeroAddress)
    await form.getByTestId('limit-amount-input').fill('0.3')
    await form.getByTestId('limit-reset-unit').selectOption('days')
    await form.getByTestId('tx-form-review').click()

    const review = page.getByTestId('new-tx-review')
    await expect.poll(() => review.getByTestId('tx-method').first().textContent()).toBe('multiSend')
    await page.screenshot({ path: join(screenshotDir, 'spending-limit-review.png'), fullPage: true })
    await review.getByTestId('sign-and-propose').click()
    await page.waitForURL((u) => u.pathname === '/transactions/tx')

    // 1-of-1: the owner executes it from the queue.
    await page.goto(url('/transactions/queue'))
    const first = page.getByTestId('queue-item').first()
    await first.getByTestId('execute-button').click()
    await first.getByTestId('verification-ok').waitFor()
    await first.getByTestId('send-execution').click()
    await first.waitFor({ state: 'detached', timeout: 60_000 })

    const enabled = await client.readContract({
      address: solo,
      abi: parseAbi(['function isModuleEnabled(address) view returns (bool)']),
      functionName: 'isModuleEnabled',
      args: [DEVNET_ALLOWANCE_MODULE],
    })
    expect(enabled).toBe(true)
    expect(await onChainAllowance(beneficiary)).toEqual({
      amount: parseEther('0.3'),
      spent: 0n,
      resetTimeMin: 1440n,
    })

    // The beneficiary (not an owner) sees what is left.
    await connectDevnet(page, 5, url('/settings/spending-limits'))
    const row = page.getByTestId('spending-limit-row')
    await expect.poll(() => row.getByTestId('spending-limit-left').textContent()).toBe('0.3 ETH')
    const send = page.getByTestId('send-within-limit')
    await send.getByTestId('limit-send-to').fill(recipient)

    // Beyond the limit: refused before the wallet is asked, and what was typed stays.
    await send.getByTestId('limit-send-amount').fill('0.5')
    await send.getByTestId('limit-send-submit').click()
    await expect
      .poll(() => send.getByTestId('limit-send-error').textContent())
      .toMatch(/^Beyond the spending limit/)
    await expect.poll(() => send.getByTestId('limit-send-amount').inputValue()).toBe('0.5')
    expect((await onChainAllowance(beneficiary)).spent).toBe(0n)

    const before = await client.getBalance({ address: recipient })
    await send.getByTestId('limit-send-amount').fill('0.1')
    await send.getByTestId('limit-send-submit').click()
    await send.getByTestId('limit-send-status').filter({ hasText: 'Sent 0.1 ETH' }).waitFor()
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('0.1'))
    expect((await onChainAllowance(beneficiary)).spent).toBe(parseEther('0.1'))
    await expect
      .poll(() => row.getByTestId('spending-limit-left').textContent(), { timeout: 20_000 })
      .toBe('0.2 ETH')

    // History: the module execution, labelled a spending-limit transfer by #5.
    await page.goto(url('/transactions/history'))
    const label = page.getByTestId('spending-limit-label').first()
    await label.getByTestId('spending-limit-beneficiary').waitFor({ state: 'attached' })
    await expect.poll(() => label.getByTestId('spending-limit-beneficiary').textContent()).toBe(beneficiary)
    const historyRow = page.getByTestId('tx-row').filter({ has: label })
    await expect.poll(() => historyRow.getByTestId('tx-detail').textContent()).toMatch(/0\.1 ETH/)
    await page.screenshot({ path: join(screenshotDir, 'spending-limit-history.png'), fullPage: true })

    // The owner resets what was spent from the limit's row: the form comes prefilled, an ordinary Safe transaction.
    await connectDevnet(page, 0, url('/settings/spending-limits'))
    await page.getByTestId('spending-limit-row').getByRole('link', { name: 'Reset' }).click()
    const resetForm = page.getByTestId('spending-limit-form')
    await expect.poll(() => resetForm.getByTestId('limit-action-select').inputValue()).toBe('reset')
    await expect.poll(() => resetForm.getByTestId('limit-beneficiary-input').inputValue()).toBe(beneficiary)
    await resetForm.getByTestId('tx-form-review').click()
    const resetReview = page.getByTestId('new-tx-review')
    await expect.poll(() => resetReview.getByTestId('tx-method').first().textContent()).toBe('resetAllowance')
    await resetReview.getByTestId('sign-and-propose').click()
    await page.waitForURL((u) => u.pathname === '/transactions/tx')
    await page.goto(url('/transactions/queue'))
    const queued = page.getByTestId('queue-item').first()
    await queued.getByTestId('execute-button').click()
    await queued.getByTestId('verification-ok').waitFor()
    await queued.getByTestId('send-execution').click()
    await queued.waitFor({ state: 'detached', timeout: 60_000 })
    expect(await onChainAllowance(beneficiary)).toEqual({
      amount: parseEther('0.3'),
      spent: 0n,
      resetTimeMin: 1440n,
    })
    expect(e2e.pageErrors).toEqual([])
  })
})
