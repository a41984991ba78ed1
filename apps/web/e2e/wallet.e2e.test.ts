import { join } from 'node:path'
import type { Response } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { injectWallet } from './injectWallet.ts'
import { screenshotDir, setupE2E } from './session.ts'

const WRONG_NETWORK_TEXT = 'Wrong network detected, switch or disconnect to continue.'
const SWITCH_UNSUPPORTED_TEXT =
  'Your wallet does not support switching networks from this app. Try switching networks from within your wallet instead.'

// Hardhat test accounts (public test mnemonic).
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ACCOUNT_2_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'

/** Requests to anything but the stack (gateway + web) and the devnet RPC, e.g. WalletConnect. */
const foreignRequests: string[] = []

const e2e = setupE2E({
  viewport: { width: 1280, height: 800 },
  onPage: (page, stack) => {
    foreignRequests.length = 0
    const allowed = new Set([new URL(stack.url).origin, new URL(stack.rpcUrl).origin])
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol.startsWith('http') && !allowed.has(url.origin)) foreignRequests.push(request.url())
    })
  },
})

async function openConnectDialog() {
  // Settings → Chains shows the wallet's status beside the chains.
  await e2e.page.goto(`${e2e.stack.url}/settings/chains`)
  await e2e.page.getByTestId('chain-list').waitFor()
  await e2e.page.getByTestId('rk-connect-button').first().click()
}

describe('wallet connection', () => {
  it('behavior: wagmi, the connectors and the RainbowKit dialogs load on the first click of the connect button, not with the page', async () => {
    // RainbowKit's connect list names its options `wallet-option-<id>`; no other chunk carries that string.
    const rainbowKitChunks: string[] = []
    const scripts: Promise<unknown>[] = []
    // wagmi's config and connectors (app/wagmiRuntime.ts), a chunk of their own.
    const wagmiRuntime = () => paths.filter((path) => /^\/assets\/wagmiRuntime-[\w-]+\.js$/.test(path))
    const paths: string[] = []
    const onResponse = (res: Response) => {
      if (!/\/assets\/[^/]+\.js$/.test(new URL(res.url()).pathname)) return
      paths.push(new URL(res.url()).pathname)
      scripts.push(
        res.text().then((body) => {
          if (body.includes('wallet-option-')) rainbowKitChunks.push(new URL(res.url()).pathname)
        }),
      )
    }
    e2e.page.on('response', onResponse)
    await e2e.page.goto(e2e.stack.url)
    await e2e.page.getByTestId('start-page').waitFor()
    await e2e.page.waitForLoadState('networkidle')
    await Promise.all(scripts)
    expect(scripts.length).toBeGreaterThan(3)
    expect(rainbowKitChunks).toEqual([])
    expect(wagmiRuntime()).toEqual([])
    await expect(e2e.page.locator('[data-rk]').count()).resolves.toBe(0)
    // RainbowKit's styles are not in the page's stylesheet either: they come with its dialogs.
    const rainbowRules = () =>
      e2e.page.evaluate(
        () =>
          [...document.styleSheets, ...document.adoptedStyleSheets]
            .flatMap((sheet) => [...sheet.cssRules])
            .filter((rule) => rule.cssText.includes('[data-rk]')).length,
      )
    expect(await rainbowRules()).toBe(0)

    await e2e.page.getByTestId('rk-connect-button').click()
    await e2e.page.getByTestId('rk-wallet-option-devnet').waitFor()
    e2e.page.off('response', onResponse)
    await Promise.all(scripts)
    expect(rainbowKitChunks).toHaveLength(1)
    expect(rainbowKitChunks[0]).toMatch(/^\/assets\/WalletDialogs-[\w-]+\.js$/)
    expect(wagmiRuntime()).toHaveLength(1)
    expect(await rainbowRules()).toBeGreaterThan(100)
    // Styled: the dialog's backdrop is RainbowKit's translucent black.
    const backdrop = await e2e.page
      .locator('[data-rk] [role=dialog]')
      .evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(backdrop).toBe('rgba(0, 0, 0, 0.3)')
    expect(e2e.pageErrors).toEqual([])
  })

  it('behavior: Devnet wallet connects the picked test account', async () => {
    await openConnectDialog()
    await expect.poll(() => e2e.page.getByTestId('connection-status').textContent()).toBe('disconnected')
    await e2e.page.getByTestId('rk-wallet-option-devnet').click()

    const picker = e2e.page.getByTestId('devnet-account-picker')
    await picker.waitFor()
    await expect.poll(() => picker.getByRole('button', { name: /^Account #\d+ 0x/ }).count()).toBe(20)
    await e2e.page.screenshot({ path: join(screenshotDir, 'devnet-picker.png') })
    await e2e.page.getByTestId('devnet-account-1').click()

    await e2e.page.locator('[data-testid="connection-status"]:text-is("connected")').waitFor()
    await expect.poll(() => e2e.page.getByTestId('connected-address').textContent()).toBe(ACCOUNT_1)
    await expect.poll(() => e2e.page.getByTestId('connection-status').textContent()).toBe('connected')
    await expect(picker.count()).resolves.toBe(0)
    await e2e.page.screenshot({ path: join(screenshotDir, 'devnet-connected.png') })

    // wagmi's storage keeps the connection: a reload reconnects to the same account without asking.
    await e2e.page.reload()
    await e2e.page.getByTestId('chain-list').waitFor()
    await e2e.page.locator('[data-testid="connection-status"]:text-is("connected")').waitFor()
    await expect.poll(() => e2e.page.getByTestId('connected-address').textContent()).toBe(ACCOUNT_1)
    await expect(picker.count()).resolves.toBe(0)

    expect(e2e.pageErrors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  it('behavior: EIP-6963 injected wallet connects', async () => {
    const wallet = await injectWallet(e2e.page, { privateKey: ACCOUNT_2_KEY, rpcUrl: e2e.stack.rpcUrl })
    expect(wallet.address).toBe(ACCOUNT_2)
    await openConnectDialog()
    await e2e.page.getByTestId('rk-wallet-option-test.concord.e2e').click()

    await e2e.page.locator('[data-testid="connection-status"]:text-is("connected")').waitFor()
    await expect.poll(() => e2e.page.getByTestId('connected-address').textContent()).toBe(ACCOUNT_2)
    expect(wallet.requests).toContain('eth_requestAccounts')
    await e2e.page.screenshot({ path: join(screenshotDir, 'injected-connected.png') })
    expect(e2e.pageErrors).toEqual([])
    expect(foreignRequests).toEqual([])
  })

  it('behavior: wrong network banner, and a wallet that cannot switch', async () => {
    await injectWallet(e2e.page, {
      privateKey: ACCOUNT_2_KEY,
      rpcUrl: e2e.stack.rpcUrl,
      initialChainId: 1,
      switchChain: 'unsupported',
    })
    await openConnectDialog()
    await e2e.page.getByTestId('rk-wallet-option-test.concord.e2e').click()

    const banner = e2e.page.getByTestId('wrong-network-banner')
    await banner.waitFor()
    await expect.poll(() => banner.getByText(WRONG_NETWORK_TEXT, { exact: true }).count()).toBe(1)
    await expect.poll(() => e2e.page.getByTestId('connection-status').textContent()).toBe('connected')

    await banner.getByRole('button', { name: 'Switch network' }).click()
    await expect
      .poll(() => e2e.page.getByTestId('switch-network-error').textContent())
      .toBe(SWITCH_UNSUPPORTED_TEXT)
    await e2e.page.screenshot({ path: join(screenshotDir, 'wrong-network.png') })

    await banner.getByRole('button', { name: 'Disconnect' }).click()
    await e2e.page.locator('[data-testid="connection-status"]:text-is("disconnected")').waitFor()
    await expect(banner.count()).resolves.toBe(0)
  })
})

describe('gateway settings', () => {
  it('error: unreachable gateway shows the error, and a new URL recovers', async () => {
    await e2e.context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1')
        localStorage.setItem('concord.settings', JSON.stringify({ gatewayUrl: 'http://127.0.0.1:9' }))
      }
    })
    await e2e.page.goto(`${e2e.stack.url}/settings/chains`)
    const error = e2e.page.getByTestId('error-message')
    await error.waitFor()
    await expect.poll(() => error.textContent()).toMatch(/^Could not reach the gateway/)
    await e2e.page.screenshot({ path: join(screenshotDir, 'gateway-error.png') })

    await e2e.page.getByTestId('gateway-url-input').fill(e2e.stack.url)
    await e2e.page.getByRole('button', { name: 'Save' }).click()
    await e2e.page.getByTestId('chain-list').waitFor()
    await expect.poll(() => e2e.page.getByTestId('chain-31337').count()).toBe(1)
  })

  it('behavior: theme settings apply and persist', async () => {
    await e2e.page.goto(`${e2e.stack.url}/settings`)
    await e2e.page.getByLabel('Pink').check()
    await e2e.page.getByLabel('Dark').check()
    await e2e.page.getByLabel('Small').check()
    await e2e.page.reload()
    await e2e.page.getByText('Accent colour').waitFor()
    await expect.poll(() => e2e.page.locator('html').getAttribute('data-theme')).toBe('dark')
    await expect.poll(() => e2e.page.getByLabel('Pink').isChecked()).toBe(true)
    const stored = await e2e.page.evaluate(() => localStorage.getItem('concord.settings'))
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      accentColor: 'pink',
      borderRadius: 'small',
      themeMode: 'dark',
    })
    await e2e.page.screenshot({ path: join(screenshotDir, 'settings-dark.png') })
  })
})
