import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import type { Page } from 'playwright-core'
import { type Address, encodeFunctionData, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { injectWallet } from './injectWallet.ts'
import { proposeAs } from './safeTx.ts'
import { setupE2E } from './session.ts'
import { serveWebApp } from './staticWeb.ts'

// Signing without the gateway: a queued transaction of the demo "treasury" (2-of-3: accounts #0, #1, #2),
// proposed and signed by #1, is exported from the queue as a file and a link. Then the gateway stops. The same
// build, served by a static host, opens the file (owner #0 adds a signature through a browser wallet) and the
// link (owner #2 executes it through its wallet). The Safe on chain is the oracle.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

const account = (index: number) => testAccount(index).address
const privateKey = (index: number) => toHex(testAccount(index).getHdKey().privateKey ?? new Uint8Array())
const webDist = join(import.meta.dirname, '..', 'dist')
let treasury: Address
let usd: Address
let host: { url: string; close(): Promise<void> } | undefined

beforeAll(() => {
  const { scenario, assets } = e2e.stack.devnet
  if (!scenario || !assets) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  usd = assets.usd
})

afterAll(async () => {
  await host?.close()
})

/** A page on the static host with a browser wallet of test account `index` (reading through the devnet). */
async function walletPage(index: number): Promise<Page> {
  const browser = e2e.context.browser()
  if (!browser) throw new Error('no browser')
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  await injectWallet(page, {
    privateKey: privateKey(index),
    rpcUrl: e2e.stack.rpcUrl,
    setWindowEthereum: true,
  })
  return page
}

const balanceOf = (owner: Address) =>
  e2e.stack.devnet.client.readContract({
    address: usd,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

describe('signing without the gateway', () => {
  it('default: export a signed transaction, stop the gateway, import it, add a signature, execute through the wallet', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account(6), 2_000_000n],
    })
    const proposal = await proposeAs(e2e.stack, { safe: treasury, call: { to: usd, data }, signer: 1 })
    const before = await balanceOf(account(6))

    // 1. Exported from the queue (gateway up): a file and a link, with #1's verified signature.
    const page = e2e.page
    await connectDevnet(page, 0, `${e2e.stack.url}/transactions/queue?safe=dev:${treasury}`)
    const row = page.locator(`[data-testid="queue-item"][data-tx-id="${proposal.id}"]`)
    await row.getByTestId('export-button').click()
    const exported = row.getByTestId('export-signed-tx')
    await exported.waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exported.getByTestId('export-download').click(),
    ])
    const file = readFileSync((await download.path()) ?? '', 'utf8')
    expect(JSON.parse(file)).toMatchObject({ safe: treasury, nonce: String(proposal.nonce) })

    // 2. The gateway stops; the same build comes from a static host whose config names the stopped gateway.
    await e2e.stack.gateway.stop()
    host = await serveWebApp(webDist, e2e.stack.url)

    // 3. Owner #0 opens the app: it says within seconds that the gateway does not answer and offers the way round.
    const owner0 = await walletPage(0)
    const started = Date.now()
    await owner0.goto(host.url)
    await owner0.getByTestId('work-offline').click()
    expect(Date.now() - started).toBeLessThan(10_000)
    await owner0.getByTestId('offline-verify').waitFor()
    await owner0.getByTestId('verify-file').setInputFiles({
      name: 'transaction.json',
      mimeType: 'application/json',
      buffer: Buffer.from(file),
    })
    await expect
      .poll(() => owner0.getByTestId('verify-safe-tx-hash').first().textContent())
      .toContain(proposal.safeTxHash)
    await owner0.getByTestId('offline-connect-test.concord.e2e').click()
    await owner0.getByTestId('offline-account').waitFor()
    // #1's signature recovers to an owner read through the wallet's node.
    const first = owner0.getByTestId('verify-signature')
    await expect.poll(() => first.first().getAttribute('data-owner')).toBe('true')
    await expect.poll(() => first.count()).toBe(1)
    await owner0.getByTestId('verify-sign').click()
    await expect.poll(() => owner0.getByTestId('verify-signature').count()).toBe(2)
    const link = await owner0.getByTestId('verify-signed-link').textContent()
    expect(link).toMatch(/\/verify#.*signatures=0x[0-9a-f]{260}$/)

    // 4. Owner #2 opens the link: the page goes straight to working without the gateway and executes.
    const owner2 = await walletPage(2)
    await owner2.goto(link ?? '')
    await owner2.getByTestId('offline-verify').waitFor()
    await owner2.getByTestId('offline-connect-test.concord.e2e').click()
    await expect
      .poll(() => owner2.getByTestId('verify-threshold').textContent())
      .toMatch(/^2 of 2 owner signatures/)
    await owner2.getByTestId('verify-execute').click()
    const executed = owner2.getByTestId('verify-executed')
    await executed.waitFor({ timeout: 60_000 })
    await expect.poll(() => executed.getAttribute('data-success')).toBe('true')

    // The oracle: the Safe moved past the nonce and the tokens arrived.
    const nonce = await e2e.stack.devnet.client.readContract({
      address: treasury,
      abi: safeAbi,
      functionName: 'nonce',
    })
    expect(nonce).toBe(BigInt(proposal.nonce) + 1n)
    expect(await balanceOf(account(6))).toBe(before + 2_000_000n)
    await owner0.context().close()
    await owner2.context().close()
  })
})
