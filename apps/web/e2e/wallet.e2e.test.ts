import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Stack, startStack } from '../../../scripts/stack.ts'
import { launchBrowser } from './browser.ts'
import { injectWallet } from './injectWallet.ts'

const WRONG_NETWORK_TEXT = 'Wrong network detected, switch or disconnect to continue.'
const SWITCH_UNSUPPORTED_TEXT =
  'Your wallet does not support switching networks from this app. Try switching networks from within your wallet instead.'

// Hardhat test accounts (public test mnemonic).
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ACCOUNT_2_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'

const screenshotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'web-e2e')

let stack: Stack
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
/** Requests to anything but the stack (gateway + web) and the devnet RPC, e.g. WalletConnect. */
const foreignRequests: string[] = []

beforeAll(async () => {
  stack = await startStack()
  browser = await launchBrowser()
  mkdirSync(screenshotDir, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

beforeEach(async () => {
  pageErrors.length = 0
  foreignRequests.length = 0
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  const allowed = new Set([new URL(stack.url).origin, new URL(stack.rpcUrl).origin])
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http') && !allowed.has(url.origin)) foreignRequests.push(request.url())
  })
})

afterEach(async () => {
  await context?.close()
})

async function openConnectDialog() {
  await page.goto(stack.url)
  await page.getByTestId('chain-list').waitFor()
  await page.getByTestId('rk-connect-button').first().click()
}

describe('wallet connection', () => {
  it('behavior: Devnet wallet connects the picked test account', async () => {
    await openConnectDialog()
    await expect(page.getByTestId('connection-status').textContent()).resolves.toBe('disconnected')
    await page.getByTestId('rk-wallet-option-devnet').click()

    const picker = page.getByTestId('devnet-account-picker')
    await picker.waitFor()
    await expect(picker.getByRole('button', { name: /^Account #\d+ 0x/ }).count()).resolves.toBe(20)
    await page.screenshot({ path: join(screenshotDir, 'devnet-picker.png') })
    await page.getByTestId('devnet-account-1').click()

    await page.locator('[data-testid="connection-status"]:text-is("connected")').waitFor()
    await expect(page.getByTestId('connected-address').textContent()).resolves.toBe(ACCOUNT_1)
    await expect(page.getByTestId('connection-status').textContent()).resolves.toBe('connected')
    await expect(picker.count()).resolves.toBe(0)
    await page.screenshot({ path: join(screenshotDir, 'devnet-connected.png') })

    // wagmi's storage keeps the connection: a reload reconnects to the same account without asking.
    await page.reload()
    await page.getByTestId('chain-list').waitFor()
    await page.locator('[data-testid="connection-status"]:text-is("connected")').waitFor()
    await expect(page.getByTestId('connected-address').textContent()).resolves.toBe(ACCOUNT_1)
    await expect(picker.count()).resolves.toBe(0)

    expect(pageErrors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  it('behavior: EIP-6963 injected wallet connects', async () => {
    const wallet = await injectWallet(page, { privateKey: ACCOUNT_2_KEY, rpcUrl: stack.rpcUrl })
    expect(wallet.address).toBe(ACCOUNT_2)
    await openConnectDialog()
    await page.getByTestId('rk-wallet-option-test.concord.e2e').click()

    await page.locator('[data-testid="connection-status"]:text-is("connected")').waitFor()
    await expect(page.getByTestId('connected-address').textContent()).resolves.toBe(ACCOUNT_2)
    expect(wallet.requests).toContain('eth_requestAccounts')
    await page.screenshot({ path: join(screenshotDir, 'injected-connected.png') })
    expect(pageErrors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  it('behavior: wrong network banner, and a wallet that cannot switch', async () => {
    await injectWallet(page, {
      privateKey: ACCOUNT_2_KEY,
      rpcUrl: stack.rpcUrl,
      initialChainId: 1,
      switchChain: 'unsupported',
    })
    await openConnectDialog()
    await page.getByTestId('rk-wallet-option-test.concord.e2e').click()

    const banner = page.getByTestId('wrong-network-banner')
    await banner.waitFor()
    await expect(banner.getByText(WRONG_NETWORK_TEXT, { exact: true }).count()).resolves.toBe(1)
    await expect(page.getByTestId('connection-status').textContent()).resolves.toBe('connected')

    await banner.getByRole('button', { name: 'Switch network' }).click()
    await expect(page.getByTestId('switch-network-error').textContent()).resolves.toBe(
      SWITCH_UNSUPPORTED_TEXT,
    )
    await page.screenshot({ path: join(screenshotDir, 'wrong-network.png') })

    await banner.getByRole('button', { name: 'Disconnect' }).click()
    await page.locator('[data-testid="connection-status"]:text-is("disconnected")').waitFor()
    await expect(banner.count()).resolves.toBe(0)
  })
})

describe('gateway settings', () => {
  it('error: unreachable gateway shows the error, and a new URL recovers', async () => {
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1')
        localStorage.setItem('concord.settings', JSON.stringify({ gatewayUrl: 'http://127.0.0.1:9' }))
      }
    })
    await page.goto(stack.url)
    const error = page.getByTestId('error-message')
    await error.waitFor()
    await expect(error.textContent()).resolves.toMatch(/^Could not reach the gateway/)
    await page.screenshot({ path: join(screenshotDir, 'gateway-error.png') })

    await page.getByTestId('gateway-url-input').fill(stack.url)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByTestId('chain-list').waitFor()
    await expect(page.getByTestId('chain-31337').count()).resolves.toBe(1)
  })

  it('behavior: theme settings apply and persist', async () => {
    await page.goto(`${stack.url}/settings`)
    await page.getByLabel('Pink').check()
    await page.getByLabel('Dark').check()
    await page.getByLabel('Small').check()
    await page.reload()
    await page.getByText('Accent colour').waitFor()
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark')
    await expect(page.getByLabel('Pink').isChecked()).resolves.toBe(true)
    const stored = await page.evaluate(() => localStorage.getItem('concord.settings'))
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      accentColor: 'pink',
      borderRadius: 'small',
      themeMode: 'dark',
    })
    await page.screenshot({ path: join(screenshotDir, 'settings-dark.png') })
  })
})
