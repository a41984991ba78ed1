import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import { erc20Abi } from '@concord/safe/contracts'
import { type Address, type Hex, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { setupSafeAppsE2E } from './fixtures/safeAppsStack.ts'
import { screenshotDir } from './session.ts'

// The bundled Batch payments app, opened from Apps on the demo "solo" Safe (1-of-1, account #0): a CSV with a bad
// row, the good rows submitted as one batch through the host's review, executed from the queue, recipients paid.

const e2e = setupSafeAppsE2E()

let solo: Address
let cgt: Address
beforeAll(() => {
  const { scenario, assets } = e2e.stack.devnet
  if (!scenario || !assets) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
  cgt = assets.gov
})

/** The newest transaction sent to `to`, from the last blocks (the execution the test just made). */
async function lastTransactionTo(to: Address): Promise<Hex> {
  const { client } = e2e.stack.devnet
  const latest = await client.getBlockNumber()
  for (let number = latest; number >= 0n && number > latest - 20n; number--) {
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true })
    const sent = block.transactions.findLast((tx) => tx.to?.toLowerCase() === to.toLowerCase())
    if (sent) return sent.hash
  }
  throw new Error(`no transaction to ${to} in the last 20 blocks`)
}

describe('safe apps: batch payments', () => {
  it("default: the app is styled in the host's look, light and dark, and its title shows once (the host's)", async () => {
    const page = e2e.page
    await connectDevnet(page, 0, `${e2e.stack.url}/apps?safe=dev:${solo}`)
    await page
      .locator('[data-testid="app-card"]', { hasText: 'Batch payments' })
      .getByTestId('open-app')
      .click()
    const app = page.frameLocator('[data-testid="safe-app-frame"]')
    await app.locator('[data-testid="status"][data-ready="true"]').waitFor()
    await expect.poll(() => page.getByTestId('open-app-name').textContent()).toBe('Batch payments')
    // The framed app does not repeat it.
    await expect(app.locator('h1').count()).resolves.toBe(0)
    await expect.poll(() => app.locator('body').textContent()).not.toContain('Batch payments')

    // Its stylesheet applies: the button differs from a browser-default one (a button in a shadow root, which
    // the page's styles do not reach).
    const submit = app.getByTestId('submit-batch')
    const looks = () =>
      submit.evaluate((button) => {
        const host = document.createElement('div')
        document.body.append(host)
        const plain = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('button'))
        const pick = (style: CSSStyleDeclaration) => ({
          background: style.backgroundColor,
          radius: style.borderTopLeftRadius,
          font: style.fontFamily,
        })
        const result = {
          styled: pick(getComputedStyle(button)),
          plain: pick(getComputedStyle(plain)),
          page: getComputedStyle(document.documentElement).backgroundColor,
        }
        host.remove()
        return result
      })
    const light = await looks()
    expect(light.styled.background).not.toBe(light.plain.background)
    expect(light.styled.radius).toBe('12px')
    expect(light.plain.radius).not.toBe('12px')
    await page.screenshot({ path: join(screenshotDir, 'safe-apps-batch-light.png') })
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(async () => (await looks()).page).not.toBe(light.page)
    expect((await looks()).styled.background).not.toBe(light.styled.background)
    await page.screenshot({ path: join(screenshotDir, 'safe-apps-batch-dark.png') })
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('default: a CSV with a bad row; the good rows go out as one batch, executed, recipients paid', async () => {
    const page = e2e.page
    const { client } = e2e.stack.devnet
    const native = testAccount(5).address
    const token = testAccount(6).address
    const nativeBefore = await client.getBalance({ address: native })

    await connectDevnet(page, 0, `${e2e.stack.url}/apps?safe=dev:${solo}`)
    // The search box and the custom app's URL field take their card's width, under their labels.
    for (const id of ['apps-search', 'custom-app-url']) {
      const widths = await page
        .getByTestId(id)
        .evaluate((input) => [input.getBoundingClientRect().width, input.closest('.card')!.clientWidth])
      expect(widths[0], id).toBeGreaterThan(widths[1]! * 0.8)
    }
    const card = page.locator('[data-testid="app-card"]', { hasText: 'Batch payments' })
    await card.getByTestId('open-app').click()
    const app = page.frameLocator('[data-testid="safe-app-frame"]')
    await app.locator('[data-testid="status"][data-ready="true"]').waitFor()
    // The owner is an owner for the app from its first getSafeInfo, opened from the list or straight by URL
    // (after a load, while the wallet reconnects).
    expect(await app.getByTestId('status').textContent()).not.toContain('read-only')
    await page.reload()
    await app.locator('[data-testid="status"][data-ready="true"]').waitFor()
    expect(await app.getByTestId('status').textContent()).not.toContain('read-only')

    const csv = [
      'token,recipient,amount',
      `native,${native},0.25`,
      `CGT,${token},12.5`,
      'CGT,not-an-address,1',
    ].join('\n')
    await app
      .getByTestId('csv-file')
      .setInputFiles({ name: 'pay.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await app
      .locator('[data-testid="bad-row"][data-line="4"]')
      .filter({ hasText: 'is not an address' })
      .waitFor()
    await expect.poll(() => app.getByTestId('total-row').count()).toBe(2)
    await expect
      .poll(() => app.locator('[data-testid="total-row"][data-token="CGT"]').textContent())
      .toContain('12.5')

    await app.getByTestId('submit-batch').click()
    const review = page.getByTestId('app-request').getByTestId('new-tx-review')
    await review.waitFor()
    await expect.poll(() => page.getByTestId('app-request').textContent()).toContain('batch of 2 actions')
    // The proposer's review decodes the batch as every other screen does: the MultiSend library named, its
    // actions listed, the token amount in the token's units (the raw argument kept beside it).
    await expect
      .poll(() => review.getByTestId('review-to').locator('.address-name').textContent())
      .toBe('Safe MultiSendCallOnly')
    await expect.poll(() => review.getByTestId('tx-action').count()).toBe(2)
    const amount = review.getByTestId('tx-param-amount')
    await amount.filter({ hasText: '12.5 CGT' }).waitFor()
    await expect.poll(() => amount.getAttribute('data-raw')).toBe(String(parseEther('12.5')))
    await page.screenshot({ path: join(screenshotDir, 'safe-apps-batch-review.png') })
    await review.getByTestId('sign-and-propose').click()
    const proposed = app.getByTestId('status').filter({ hasText: 'Batch proposed: 0x' })
    await proposed.waitFor()
    const safeTxHash = (await proposed.getAttribute('data-safe-tx-hash')) ?? ''
    expect(safeTxHash).toMatch(/^0x[0-9a-f]{64}$/)

    // Executed from the queue (the Safe is 1-of-1: owner #0's signature is enough).
    await page.goto(`${e2e.stack.url}/transactions/queue?safe=dev:${solo}`)
    const item = page.locator('[data-testid="queue-item"]').first()
    await expect.poll(() => item.getAttribute('data-tx-id')).toContain(safeTxHash)
    await item.getByTestId('execute-button').click()
    await item.getByTestId('verification-ok').waitFor()
    // Execute shows the same review as Confirm (decoded batch, simulation) and the network fee it will cost.
    await expect.poll(() => item.getByTestId('tx-action').count()).toBe(2)
    await item.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    const fee = item.getByTestId('execution-fee')
    await fee.waitFor()
    const feeBound = BigInt((await fee.getAttribute('data-wei')) ?? '0')
    const gasBound = BigInt((await fee.getAttribute('data-gas')) ?? '0')
    await item.getByTestId('send-execution').click()
    await item.waitFor({ state: 'detached', timeout: 60_000 })
    // The chain's own receipt: what the execution used and paid is within what the review announced.
    const receipt = await client.getTransactionReceipt({ hash: await lastTransactionTo(solo) })
    expect(receipt.gasUsed).toBeLessThanOrEqual(gasBound)
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeLessThanOrEqual(feeBound)
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeGreaterThan(0n)

    await expect
      .poll(
        () => client.readContract({ address: cgt, abi: erc20Abi, functionName: 'balanceOf', args: [token] }),
        {
          timeout: 20_000,
        },
      )
      .toBe(parseEther('12.5'))
    expect((await client.getBalance({ address: native })) - nativeBefore).toBe(parseEther('0.25'))

    await page.goto(`${e2e.stack.url}/transactions/history?safe=dev:${solo}`)
    await page.locator(`[data-testid="tx-row"][data-tx-id*="${safeTxHash}"]`).waitFor()
    await page.screenshot({ path: join(screenshotDir, 'safe-apps-batch-history.png') })
  })
})

describe('safe apps: added by URL', () => {
  it('behavior: an app served on this machine is added by its URL, its origin named, and it loads in the frame', async () => {
    // The gateway listens on loopback, so a developer's own http app on loopback may be framed (https ones always).
    const server = createServer((req, res) => {
      if (req.url === '/manifest.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
        res.end(
          JSON.stringify({ name: 'Local app', description: 'Served on loopback', iconPath: 'icon.svg' }),
        )
        return
      }
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><title>Local app</title><p id="hello">local app loaded</p>')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const page = e2e.page
      await connectDevnet(page, 0, `${e2e.stack.url}/apps?safe=dev:${solo}`)
      await page.getByTestId('custom-app-url').fill(appUrl)
      await page.getByTestId('custom-app-submit').click()
      await expect.poll(() => page.getByTestId('custom-app-origin').textContent()).toBe(appUrl)
      await page.getByTestId('custom-app-accept').check()
      await page.getByTestId('custom-app-submit').click()
      await page
        .locator(`[data-testid="app-card"][data-app-url^="${appUrl}"]`)
        .getByTestId('open-app')
        .click()
      await page.frameLocator('[data-testid="safe-app-frame"]').locator('#hello').waitFor()
      await expect.poll(() => page.getByTestId('unlisted-app-warning').textContent()).toContain(appUrl)
    } finally {
      server.close()
    }
  })
})
