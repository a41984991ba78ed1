// The gateway's security headers do not break the app: every screen loads under its Content-Security-Policy
// without a violation, the page cannot be framed by default, and a crafted transaction link reads nothing.
import { beforeAll, describe, expect, it } from 'vitest'
import { setupE2E } from './session.ts'

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => {
    page.setDefaultTimeout(15_000)
    // Record every CSP violation of the page, from its first script on.
    void page.addInitScript(() => {
      const violations: string[] = []
      ;(window as unknown as { cspViolations: string[] }).cspViolations = violations
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      )
    })
  },
})

let treasury: string

beforeAll(() => {
  const scenario = e2e.stack.devnet.scenario
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
})

const violations = () =>
  e2e.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)

describe('Content-Security-Policy', () => {
  it('default: the app connects a wallet and shows every screen without a violation', async () => {
    const response = await e2e.page.goto(e2e.stack.url)
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/)
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')

    await e2e.page.getByTestId('start-page').waitFor()
    // RainbowKit's modal (its <style> element) and the devnet wallet (the chain's plain-http RPC).
    await e2e.page.getByTestId('rk-connect-button').first().click()
    await e2e.page.getByTestId('rk-wallet-option-devnet').click()
    await e2e.page.getByTestId('devnet-account-0').click()
    await e2e.page.getByTestId('rk-account-button').first().waitFor()
    await e2e.page.locator('[data-testid="owned-safe"]').first().waitFor()
    expect(await violations()).toEqual([])

    const screens: [string, string][] = [
      ['/assets', 'balance-row'],
      ['/assets/nfts', 'nft-image'],
      ['/transactions/history', 'tx-row'],
      ['/settings/setup', 'setup-owners'],
      ['/transactions/queue', 'empty-state'],
      ['/new-safe', 'create-safe-form'],
      ['/settings/chains', 'chain-list'],
    ]
    for (const [path, testId] of screens) {
      await e2e.page.goto(`${e2e.stack.url}${path}?safe=dev:${treasury}`)
      await e2e.page.locator(`[data-testid="${testId}"]`).first().waitFor()
      expect(await violations(), path).toEqual([])
    }
    expect(e2e.pageErrors).toEqual([])

    // The policy is enforced (the listener sees violations): an injected inline script is refused.
    await e2e.page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.injected = true'
      document.body.append(script)
    })
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src/)])
    await expect(e2e.page.evaluate(() => 'injected' in window)).resolves.toBe(false)
  })

  it("behavior: another site cannot frame the app (frame-ancestors 'none')", async () => {
    await e2e.page.setContent(`<iframe id="app" src="${e2e.stack.url}"></iframe>`)
    const frame = await (await e2e.page.waitForSelector('#app')).contentFrame()
    // Chromium replaces a refused frame with its error page; the app never runs there.
    await expect.poll(() => frame?.url(), { timeout: 10_000 }).toMatch(/^chrome-error:/)
  })
})

describe('transaction links', () => {
  it('error: a crafted id is refused without a request to another API path', async () => {
    const requests: string[] = []
    e2e.page.on('request', (request) => requests.push(request.url()))
    await e2e.page.goto(
      `${e2e.stack.url}/transactions/tx?safe=dev:${treasury}&id=${encodeURIComponent(`../safes/${treasury}`)}`,
    )
    await e2e.page.locator('[data-testid="empty-state"]:has-text("Invalid transaction id")').waitFor()
    expect(
      requests.filter((url) => url.includes('/transactions/..') || url.includes('/transactions/%2E')),
    ).toEqual([])
    expect(requests.filter((url) => url.includes('/v1/chains/') && url.includes('/transactions/'))).toEqual(
      [],
    )
  })
})
