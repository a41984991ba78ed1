import { testAccount } from '@concord/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { describeViolations, runAxe } from './axe.ts'
import { connectDevnet } from './connectDevnet.ts'
import { proposeAs } from './safeTx.ts'
import { setupE2E } from './session.ts'
import { countFetches, settled } from './waits.ts'

// WCAG 2 A/AA on the main pages, in the light and the dark theme, checked by axe-core in Chromium against the
// real stack (connected as an owner, so the sign and execute controls are there too). And no flash of the light
// theme: with a dark choice (or System on a dark device) the page is dark before the app has rendered.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let treasury: Address
let queuedId: string

beforeAll(async () => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  queuedId = (
    await proposeAs(e2e.stack, { safe: treasury, call: { to: testAccount(5).address, value: 3n }, signer: 0 })
  ).id
})

type PageCheck = { name: string; path: string; ready: string }

const PAGES = (): PageCheck[] => {
  const safe = `safe=dev:${treasury}`
  return [
    { name: 'start page', path: '/', ready: '[data-testid="owned-safe-balance"]:not(:text-is("Loading…"))' },
    { name: 'Home', path: `/?${safe}`, ready: '[data-testid="queued-count"]' },
    { name: 'assets', path: `/assets?${safe}`, ready: '[data-testid="balance-row"]' },
    { name: 'queue', path: `/transactions/queue?${safe}`, ready: '[data-testid="tx-queue"]' },
    { name: 'history', path: `/transactions/history?${safe}`, ready: '[data-testid="tx-row"]' },
    {
      name: 'transaction',
      path: `/transactions/tx?${safe}&id=${queuedId}`,
      ready: '[data-testid="tx-confirmations-count"]',
    },
    { name: 'new transaction', path: `/transactions/new?${safe}`, ready: '[data-testid="new-transaction"]' },
    { name: 'messages', path: `/messages?${safe}`, ready: '[data-testid="messages"]' },
    { name: 'settings', path: `/settings?${safe}`, ready: '[data-testid="gateway-url"]' },
    { name: 'Safe setup', path: `/settings/setup?${safe}`, ready: '[data-testid="safe-setup"]' },
    { name: 'Settings → Chains', path: `/settings/chains?${safe}`, ready: '[data-testid="chain-list"]' },
    { name: 'address book', path: `/address-book?${safe}`, ready: '[data-testid="address-book"]' },
    { name: 'apps', path: `/apps?${safe}`, ready: '[data-testid="apps-list"]' },
  ]
}

/** Visits every main page and collects axe's findings. */
async function auditPages(page: Page, theme: string): Promise<string[]> {
  const findings: string[] = []
  await countFetches(page)
  for (const check of PAGES()) {
    await page.goto(`${e2e.stack.url}${check.path}`)
    await page.locator(check.ready).first().waitFor()
    // Skeletons and lazy parts settle (the queue's verification, token icons).
    await settled(page)
    const { violations, contrastPasses } = await runAxe(page)
    if (violations.length) findings.push(describeViolations(`${theme} ${check.name}`, violations))
    if (contrastPasses < 10)
      findings.push(`${theme} ${check.name}: only ${contrastPasses} texts checked for contrast`)
  }
  return findings
}

async function connectOwner(context: BrowserContext, page: Page, theme: 'light' | 'dark'): Promise<void> {
  if (theme === 'light')
    await context.addInitScript(() =>
      localStorage.setItem('concord.settings', JSON.stringify({ themeMode: 'light' })),
    )
  else await page.emulateMedia({ colorScheme: 'dark' }) // System, the default, on a dark device
  await connectDevnet(page, 0, `${e2e.stack.url}/?safe=dev:${treasury}`)
  await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(theme)
}

describe('accessibility', () => {
  it('behavior: the check finds a text below 4.5:1 (the old accent on the active nav item)', async () => {
    const page = e2e.page
    await page.goto(`${e2e.stack.url}/`)
    await page.locator('[data-testid="start-page"]').waitFor()
    await page.evaluate(() => {
      const p = document.createElement('p')
      p.textContent = 'Low contrast'
      p.style.cssText = 'color: #0e76fd; background: #f0f2f6'
      document.getElementById('content')?.append(p)
    })
    const { violations } = await runAxe(page)
    expect(violations.map((v) => v.id)).toContain('color-contrast')
  })

  for (const theme of ['light', 'dark'] as const)
    it(`behavior: no WCAG A/AA violation on the main pages in the ${theme} theme`, async () => {
      await connectOwner(e2e.context, e2e.page, theme)
      const findings = await auditPages(e2e.page, theme)
      expect(findings, findings.join('\n')).toEqual([])
    }, 120_000)
})

describe('theme before first paint', () => {
  /** The page's background as soon as the document is parsed, before any module script has run. */
  async function firstBackground(page: Page): Promise<{ background: string; appRendered: boolean }> {
    await page.goto(`${e2e.stack.url}/`, { waitUntil: 'commit' })
    // The body is parsed and the stylesheet applied (the entry module, held back, has not run).
    await page.waitForFunction(
      () =>
        document.getElementById('root') !== null &&
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
    )
    return page.evaluate(() => ({
      background: getComputedStyle(document.documentElement).backgroundColor,
      appRendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
    }))
  }

  it('behavior: System on a dark device is dark before the app renders', async () => {
    const page = e2e.page
    await page.emulateMedia({ colorScheme: 'dark' })
    // Hold the app's entry module back, so what is measured is what the HTML and CSS alone paint.
    await page.route('**/assets/index-*.js', () => undefined)
    const first = await firstBackground(page)
    expect(first.appRendered).toBe(false)
    expect(first.background).toBe('rgb(15, 17, 21)')
  })

  it('behavior: a stored Dark choice on a light device is dark before the app renders', async () => {
    const page = e2e.page
    await e2e.context.addInitScript(() =>
      localStorage.setItem('concord.settings', JSON.stringify({ themeMode: 'dark' })),
    )
    await page.route('**/assets/index-*.js', () => undefined)
    const first = await firstBackground(page)
    expect(first.appRendered).toBe(false)
    expect(first.background).toBe('rgb(15, 17, 21)')
  })

  it('behavior: a stored Light choice on a dark device stays light', async () => {
    const page = e2e.page
    await page.emulateMedia({ colorScheme: 'dark' })
    await e2e.context.addInitScript(() =>
      localStorage.setItem('concord.settings', JSON.stringify({ themeMode: 'light' })),
    )
    await page.route('**/assets/index-*.js', () => undefined)
    const first = await firstBackground(page)
    expect(first.appRendered).toBe(false)
    expect(first.background).toBe('rgb(244, 245, 248)')
  })
})
