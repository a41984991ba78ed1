import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { screenshotDir, setupE2E } from './session.ts'

// Hardhat test accounts (public test mnemonic).
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ACCOUNT_5 = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
/** Canonical CompatibilityFallbackHandler 1.4.1. */
const FALLBACK_HANDLER = '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99'
const INVALID_ADDRESS_TEXT = 'Invalid address: expected 0x followed by 40 hexadecimal characters'

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(15_000),
})

let treasury: string
let solo: string
let chainId: string

beforeAll(() => {
  const scenario = e2e.stack.devnet.scenario
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  solo = scenario.safes.solo.address
  chainId = String(e2e.stack.devnet.chainId)
})

const byTestId = (testId: string, scope: Page | Locator = e2e.page) =>
  scope.locator(`[data-testid="${testId}"]`)

/** Waits until an element with the test id shows exactly this text. */
async function expectText(testId: string, text: string, scope: Page | Locator = e2e.page): Promise<void> {
  await scope
    .locator(`[data-testid="${testId}"]:text-is(${JSON.stringify(text)})`)
    .first()
    .waitFor()
}

const texts = async (locator: Locator) => (await locator.allTextContents()).map((text) => text.trim())

const safeUrl = (path: string, address: string, extra = '') =>
  `${e2e.stack.url}${path}?safe=dev:${address}${extra}`

async function connectDevnetAccount(index: number): Promise<void> {
  await e2e.page.goto(e2e.stack.url)
  await e2e.page.getByTestId('start-page').waitFor()
  await e2e.page.getByTestId('rk-connect-button').first().click()
  await e2e.page.getByTestId('rk-wallet-option-devnet').click()
  await e2e.page.getByTestId(`devnet-account-${index}`).click()
  await e2e.page.getByTestId('rk-account-button').first().waitFor()
}

async function historyItems() {
  const response = await fetch(`${e2e.stack.url}/v1/chains/${chainId}/safes/${treasury}/transactions/history`)
  const body = (await response.json()) as {
    results: {
      type: string
      transaction?: { id: string; txInfo: { type: string; settingsInfo?: { type: string } } }
    }[]
  }
  return body.results.flatMap((item) => (item.transaction ? [item.transaction] : []))
}

describe('Safe selection and Home', () => {
  it('default: account #0 picks the treasury from "your Safes"; Home shows owners, threshold, nonce, total', async () => {
    await connectDevnetAccount(0)
    const owned = byTestId('owned-safes')
    await owned.locator(`[data-testid="owned-safe"][data-address="${treasury}"]`).waitFor()
    await expect(texts(owned.locator('[data-testid="owned-safe"] code'))).resolves.toEqual(
      expect.arrayContaining([treasury, solo]),
    )
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-picker.png') })

    await owned.locator(`[data-testid="owned-safe"][data-address="${treasury}"] a`).click()
    await e2e.page.waitForURL((url) => url.searchParams.get('safe') === `dev:${treasury}`)
    await expect.poll(() => byTestId('current-safe').getAttribute('data-address')).toBe(treasury)

    await expectText('safe-threshold', '2/3')
    await expectText('safe-nonce', '3')
    // Contract order: AddedOwner puts the new owner (#2) first.
    await expect(
      byTestId('safe-owner').evaluateAll((nodes) => nodes.map((node) => node.dataset.address)),
    ).resolves.toEqual([ACCOUNT_2, ACCOUNT_0, ACCOUNT_1])
    await expectText('queued-count', '0')
    await expectText('total-balance', '$53,900.00')
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-home.png') })

    // Section links keep the Safe.
    await e2e.page.getByRole('link', { name: 'Assets', exact: true }).click()
    await e2e.page.waitForURL(
      (url) => url.pathname === '/assets' && url.searchParams.get('safe') === `dev:${treasury}`,
    )
    expect(e2e.pageErrors).toEqual([])
  })

  it('behavior: a Safe opens straight from its URL and is remembered under recent Safes', async () => {
    // Any address case is accepted; the app shows the checksummed address.
    await e2e.page.goto(safeUrl('/', solo.toLowerCase()))
    await expectText('safe-threshold', '1/1')
    await expectText('safe-nonce', '1')
    await expect.poll(() => byTestId('current-safe').getAttribute('data-address')).toBe(solo)
    await expect.poll(() => byTestId('safe-owner').getAttribute('data-address')).toBe(ACCOUNT_0)

    await e2e.page.goto(safeUrl('/settings/setup', treasury))
    await expectText('setup-threshold', '2 out of 3')

    await e2e.page.goto(e2e.stack.url)
    const recent = byTestId('recent-safes')
    await recent.waitFor()
    await expect(
      recent
        .locator('[data-testid="recent-safe"]')
        .evaluateAll((nodes) => nodes.map((node) => node.dataset.address)),
    ).resolves.toEqual([treasury, solo])
    await recent.locator(`[data-testid="recent-safe"][data-address="${solo}"] a`).click()
    await expectText('safe-threshold', '1/1')
    expect(e2e.pageErrors).toEqual([])
  })

  it('error: a malformed address shows the error and keeps the text; a non-Safe shows the gateway error', async () => {
    await e2e.page.goto(e2e.stack.url)
    const input = byTestId('add-safe-input')
    await input.fill('0x1234nothex')
    await byTestId('add-safe-submit').click()
    await expectText('add-safe-error', INVALID_ADDRESS_TEXT)
    await expect.poll(() => input.inputValue()).toBe('0x1234nothex')
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
    await e2e.page.screenshot({ path: join(screenshotDir, 'add-safe-error.png') })

    await input.fill(`nope:${treasury}`)
    await byTestId('add-safe-submit').click()
    await expectText('add-safe-error', 'Unknown chain prefix "nope"')

    // Well-formed, but no Safe lives there: the gateway's answer is shown, the text stays.
    await input.fill(ACCOUNT_5)
    await byTestId('add-safe-submit').click()
    await byTestId('add-safe-error')
      .filter({ hasText: /^No Safe found at this address on Concord Devnet: 404/ })
      .waitFor()
    await expect.poll(() => input.inputValue()).toBe(ACCOUNT_5)

    await input.fill(`dev:${treasury.toLowerCase()}`)
    await byTestId('add-safe-submit').click()
    await e2e.page.waitForURL((url) => url.searchParams.get('safe') === `dev:${treasury}`)
    await expectText('safe-threshold', '2/3')
  })

  it('error: a link to an address that is not a Safe shows one clear page, with nothing to send or receive', async () => {
    for (const path of ['/', '/assets', '/transactions/queue']) {
      await e2e.page.goto(safeUrl(path, ACCOUNT_5))
      await byTestId('no-such-safe').waitFor()
      await expect
        .poll(() => byTestId('no-such-safe').textContent())
        .toContain(`${ACCOUNT_5} is not a Safe on Concord Devnet`)
      expect(await byTestId('sidebar-new-transaction').count()).toBe(0)
      expect(await e2e.page.locator('.sidebar-receive').count()).toBe(0)
      // The gateway's raw "404" is not repeated card after card.
      expect(await e2e.page.getByText(/404/).count()).toBe(0)
    }
    await e2e.page.screenshot({ path: join(screenshotDir, 'no-such-safe.png') })
  })

  it('error: an invalid Safe link names the problem', async () => {
    await e2e.page.goto(safeUrl('/assets', '0x123'))
    await byTestId('error-state').filter({ hasText: INVALID_ADDRESS_TEXT }).waitFor()
  })
})

describe('Assets', () => {
  it('behavior: tokens with formatted balances and fiat values; the spam toggle sets exclude_spam', async () => {
    await e2e.page.goto(safeUrl('/assets', treasury))
    const table = byTestId('balances-table')
    await table.waitFor()
    const row = (symbol: string) => table.locator(`[data-testid="balance-row"][data-symbol="${symbol}"]`)
    await expectText('token-amount', '24,900 cUSD', row('cUSD'))
    await expectText('token-amount', '1,000 CGT', row('CGT'))
    await expectText('token-amount', '9.5 ETH', row('ETH'))
    await expectText('token-fiat', '$24,900.00', row('cUSD'))
    await expectText('token-fiat', '$500.00', row('CGT'))
    await expectText('token-fiat', '$28,500.00', row('ETH'))
    await expectText('balances-total', '$53,900.00')
    // Token icons are the gateway's logo (the coin's) or the token address's identicon, never a letter.
    await row('ETH').locator('[data-testid="token-icon"] img').waitFor()
    for (const symbol of ['cUSD', 'CGT'])
      await expect(
        row(symbol).locator('[data-testid="token-icon"] svg[data-testid="identicon"]').count(),
      ).resolves.toBe(1)
    await expect(texts(table.locator('[data-testid="token-icon"]'))).resolves.toEqual(['', '', ''])
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-assets.png') })

    const toggle = byTestId('spam-toggle')
    await expect.poll(() => toggle.isChecked()).toBe(true)
    const request = e2e.page.waitForRequest((req) => /\/balances\/usd\?exclude_spam=false$/.test(req.url()))
    await toggle.uncheck()
    await request
    await expectText('token-amount', '24,900 cUSD', row('cUSD'))
  })

  it('behavior: the NFT grid shows the three collectibles with image and name', async () => {
    await e2e.page.goto(safeUrl('/assets/nfts', treasury))
    const grid = byTestId('nft-grid')
    await grid.waitFor()
    const items = grid.locator('[data-testid="nft-item"]')
    await expect.poll(() => items.count()).toBe(3)
    await expect(
      items.evaluateAll((nodes) => nodes.map((node) => node.dataset.tokenId).sort()),
    ).resolves.toEqual(['1', '2', '3'])
    const names = await texts(grid.locator('[data-testid="nft-name"]'))
    expect(names).toHaveLength(3)
    for (const name of names) expect(name).toMatch(/\S+ #[123]$/)
    const sources = await grid
      .locator('[data-testid="nft-image"]')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).src))
    expect(sources).toHaveLength(3)
    for (const src of sources) expect(src).toMatch(/^data:image\//)
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-nfts.png') })
  })
})

describe('Transactions', () => {
  it('behavior: History shows date labels and the seeded transactions', async () => {
    await e2e.page.goto(safeUrl('/transactions', treasury))
    await e2e.page.waitForURL((url) => url.pathname === '/transactions/history')
    const history = byTestId('tx-history')
    await history.waitFor()
    const labels = await texts(history.locator('[data-testid="date-label"]'))
    expect(labels.length).toBeGreaterThanOrEqual(1)
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
    // The list starts with a day label.
    await expect.poll(() => history.locator('li').first().getAttribute('data-testid')).toBe('date-label')

    const rows = history.locator('[data-testid="tx-row"]')
    const row = (type: string, detail?: string) =>
      rows
        .filter({ has: e2e.page.locator(`[data-testid="tx-type"]:text-is("${type}")`) })
        .filter(detail ? { has: e2e.page.locator(`[data-testid="tx-detail"]:text-is("${detail}")`) } : {})
    await expect.poll(() => row('Sent', '1 ETH').count()).toBe(1)
    await expect.poll(() => row('Sent', '100 cUSD').count()).toBe(1)
    await expect.poll(() => row('Add owner').count()).toBe(1)
    await expect
      .poll(() => row('Add owner').locator('[data-testid="tx-detail"]').textContent())
      .toMatch(/^addOwnerWithThreshold/)
    await expect.poll(() => row('Safe created').count()).toBe(1)
    await expect.poll(() => row('Received', '0.5 ETH').count()).toBe(1)
    for (const status of await texts(rows.locator('[data-testid="tx-status"]')))
      expect(status).toBe('Success')
    // Row icons and the menu toggle are drawn icons (one icon set), not Unicode glyphs.
    const icons = await rows.evaluateAll((nodes) =>
      nodes.map((node) => {
        const icon = node.querySelector('.tx-icon')
        return { svgs: icon?.querySelectorAll('svg').length, text: icon?.textContent }
      }),
    )
    expect(icons.length).toBeGreaterThanOrEqual(5)
    for (const icon of icons) expect(icon).toEqual({ svgs: 1, text: '' })
    const toggle = byTestId('nav-toggle')
    await expect.poll(() => toggle.locator('svg[aria-hidden="true"]').count()).toBe(1)
    await expect.poll(() => toggle.textContent()).toBe('')
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe('Open menu')
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-history.png'), fullPage: true })
  })

  it('behavior: a transaction page shows the decoded call and the confirmations', async () => {
    await e2e.page.goto(safeUrl('/transactions/history', treasury))
    const row = byTestId('tx-row').filter({
      has: e2e.page.locator('[data-testid="tx-detail"]:text-is("100 cUSD")'),
    })
    const id = await row.getAttribute('data-tx-id')
    expect(id).toMatch(new RegExp(`^multisig_${treasury}_0x[0-9a-f]{64}$`))
    await row.click()
    await e2e.page.waitForURL(
      (url) => url.pathname === '/transactions/tx' && url.searchParams.get('id') === id,
    )

    const details = byTestId('tx-details')
    await details.waitFor()
    await expectText('tx-title', 'Sent')
    await expectText('tx-detail', '100 cUSD')
    await expectText('tx-status', 'Success', details)
    await expectText('tx-method', 'transfer')
    await expect(
      byTestId('tx-param').evaluateAll((nodes) => nodes.map((node) => node.dataset.name)),
    ).resolves.toEqual(['to', 'value'])
    await expectText('tx-nonce', '2')
    await expectText('tx-confirmations-count', '2/2')
    await expect(
      byTestId('tx-confirmation-signer').evaluateAll((nodes) =>
        nodes.map((node) => node.dataset.address).sort(),
      ),
    ).resolves.toEqual([ACCOUNT_2, ACCOUNT_0].sort())
    const hash = await byTestId('tx-hash').locator('code').textContent()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // The devnet has no block explorer: its links lead to Concord's own explorer pages.
    await expect
      .poll(() => byTestId('tx-explorer-link').getAttribute('href'))
      .toBe(`${e2e.stack.url}/explorer/${chainId}/tx/${hash}`)
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-transaction.png'), fullPage: true })
  })

  it("behavior: explorer links are built from the chain's blockExplorerUriTemplate", async () => {
    // Give the devnet chain an explorer by rewriting the gateway's chain list for this page.
    await e2e.page.route('**/v1/chains', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { results: Record<string, unknown>[] }
      for (const chain of body.results)
        chain.blockExplorerUriTemplate = {
          address: 'https://explorer.example/address/{{address}}',
          txHash: 'https://explorer.example/tx/{{txHash}}',
          api: '',
        }
      await route.fulfill({ response, json: body })
    })
    const addOwner = (await historyItems()).find((tx) => tx.txInfo.settingsInfo?.type === 'ADD_OWNER')
    expect(addOwner).toBeDefined()
    await e2e.page.goto(safeUrl('/transactions/tx', treasury, `&id=${addOwner?.id}`))
    await expectText('tx-method', 'addOwnerWithThreshold')
    await expect(
      byTestId('tx-param').evaluateAll((nodes) => nodes.map((node) => node.dataset.name)),
    ).resolves.toEqual(['owner', '_threshold'])
    await expectText('tx-confirmations-count', '1/1')
    const txHash = await byTestId('tx-hash').locator('code').textContent()
    await expect
      .poll(() => byTestId('tx-explorer-link').getAttribute('href'))
      .toBe(`https://explorer.example/tx/${txHash}`)
    await expect(
      byTestId('tx-confirmation-signer').locator('[data-testid="explorer-link"]').getAttribute('href'),
    ).resolves.toBe(`https://explorer.example/address/${ACCOUNT_0}`)
  })
})

describe('Settings', () => {
  it('behavior: Setup shows owners, threshold, version, modules, guard and fallback handler', async () => {
    await e2e.page.goto(safeUrl('/settings', treasury))
    await e2e.page.getByRole('link', { name: 'Setup', exact: true }).click()
    await e2e.page.waitForURL((url) => url.pathname === '/settings/setup')
    const setup = byTestId('safe-setup')
    await setup.waitFor()
    await expect(
      byTestId('setup-owner').evaluateAll((nodes) => nodes.map((node) => node.dataset.address)),
    ).resolves.toEqual([ACCOUNT_2, ACCOUNT_0, ACCOUNT_1])
    await expectText('setup-threshold', '2 out of 3')
    await expect.poll(() => byTestId('setup-version').textContent()).toMatch(/^1\.4\.1/)
    await expect(byTestId('update-available').count()).resolves.toBe(0)
    await expect.poll(() => byTestId('up-to-date').textContent()).toBe('Up to date')
    await expectText('setup-modules', 'No modules enabled')
    await expectText('setup-guard', 'No guard set')
    await expect
      .poll(() => byTestId('setup-fallback-handler-address').getAttribute('data-address'))
      .toBe(FALLBACK_HANDLER)
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-setup.png'), fullPage: true })
  })

  it("behavior: the currency picker lists the gateway's currencies and Home follows it", async () => {
    await e2e.page.goto(safeUrl('/settings', treasury))
    const select = byTestId('currency-select')
    await e2e.page.locator('[data-testid="currency-select"]:not([disabled])').waitFor()
    const options = await texts(select.locator('option'))
    expect(options).toEqual(expect.arrayContaining(['USD', 'EUR']))
    await select.selectOption('EUR')
    const stored = await e2e.page.evaluate(() => localStorage.getItem('concord.settings'))
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ currency: 'eur' })

    const request = e2e.page.waitForRequest((req) => req.url().includes('/balances/eur'))
    await e2e.page.getByRole('link', { name: 'Home', exact: true }).click()
    await request
    await byTestId('total-balance')
      .filter({ hasText: /^€[\d,]+\.\d{2}$/ })
      .waitFor()
  })
})

describe('Loading and error states', () => {
  it('error: a failing gateway call shows the error with a retry that recovers', async () => {
    let failing = true
    await e2e.page.route('**/balances/usd**', async (route) => {
      if (failing) await route.fulfill({ status: 503, json: { code: 503, message: 'Service unavailable' } })
      else await route.continue()
    })
    await e2e.page.goto(safeUrl('/', treasury))
    const error = byTestId('error-state').filter({ hasText: 'Could not load the balance' })
    await error.waitFor()
    await expect
      .poll(() => error.locator('[data-testid="error-state-message"]').textContent())
      .toBe('503: Service unavailable')
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-home-error.png') })
    failing = false
    await error.locator('[data-testid="retry-button"]').click()
    await expectText('total-balance', '$53,900.00')
  })
})
