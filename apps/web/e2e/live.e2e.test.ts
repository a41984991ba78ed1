import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import type { Page } from 'playwright-core'
import type { Address, Hex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { proposeAs } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Live updates: owner 1 has a queued transaction's details open (a page that never polls); owner 2 confirms
// through the gateway API with a real signature (standing in for its own client); the page shows it without a
// reload. With the stream blocked, the page says so and keeps up by polling; unblocked, the banner goes.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let treasury: Address

beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
})

const detailsUrl = (id: string) => `${e2e.stack.url}/transactions/tx?safe=dev:${treasury}&id=${id}`
const count = (page: Page, text: string) =>
  page.locator(`[data-testid="tx-confirmations-count"]:text-is("${text}")`).waitFor({ timeout: 20_000 })

/** Owner `index` confirms `safeTxHash` with its EIP-712 signature, as its own client would. */
async function confirmAs(index: number, safeTxHash: Hex): Promise<void> {
  const signature = await testAccount(index).sign({ hash: safeTxHash })
  const res = await fetch(
    `${e2e.stack.url}/v1/chains/${e2e.stack.devnet.chainId}/transactions/${safeTxHash}/confirmations`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signedSafeTxHash: signature }),
    },
  )
  if (!res.ok) throw new Error(`confirmation refused: ${res.status} ${await res.text()}`)
}

/** A queued transfer proposed (and signed) by owner #0. */
const propose = (value: bigint) =>
  proposeAs(e2e.stack, { safe: treasury, call: { to: testAccount(3).address, value }, signer: 0 })

describe('live updates', () => {
  it("default: owner 2's confirmation appears live for owner 1 without a reload", async () => {
    const proposal = await propose(11n)
    const page = e2e.page
    // The stream is open (its headers come once the gateway registered it) before anything is confirmed.
    const stream = page.waitForResponse((r) => r.url().includes('/v1/live?') && r.status() === 200)
    await connectDevnet(page, 1, detailsUrl(proposal.id))
    await count(page, '1/2')
    await stream
    await page.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
    })

    const postedAt = Date.now()
    await confirmAs(2, proposal.safeTxHash)
    await count(page, '2/2')
    const latency = Date.now() - postedAt
    expect(latency).toBeLessThan(3_000)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await expect.poll(() => page.getByTestId('tx-confirmation-signer').count()).toBe(2)
    await expect(page.getByTestId('live-offline-banner').count()).resolves.toBe(0)
  })

  it('behavior: with the stream blocked, the page says it is offline, polls, and recovers', async () => {
    const proposal = await propose(12n)
    const page = e2e.page
    let blocked = true
    await page.route('**/v1/live?**', (route) => (blocked ? route.abort() : route.fallback()))
    await connectDevnet(page, 1, detailsUrl(proposal.id))
    await count(page, '1/2')
    const banner = page.getByTestId('live-offline-banner')
    await banner.waitFor()
    await expect
      .poll(() => banner.textContent())
      .toMatch(/^Live updates offline since \d{1,2}:\d{2}:\d{2}.* — refreshing every 5 s$/)
    await page.screenshot({ path: join(screenshotDir, 'live-offline-banner.png') })

    // Still up to date, by polling.
    await confirmAs(2, proposal.safeTxHash)
    await count(page, '2/2')

    // The stream is back: the banner goes once a retry gets through (backoff at most 10 s).
    blocked = false
    await banner.waitFor({ state: 'detached', timeout: 15_000 })
  })
})
