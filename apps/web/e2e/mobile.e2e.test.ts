// On a phone (390×844) the start page and every page of an open Safe fit the screen (no horizontal scroll), the sections are in a
// drawer, a skip link comes first, and the theme follows the device until the user picks one. The header's
// buttons, a transaction's review and the queue (its rows, Confirm review and Execute panel) fit it too.
import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import { erc20Abi } from '@concord/safe/contracts'
import type { Locator } from 'playwright-core'
import { type Address, encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { proposeAs } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'
import { countFetches, settled } from './waits.ts'

const WIDTH = 390
const e2e = setupE2E({
  viewport: { width: WIDTH, height: 844 },
  onPage: (page) => page.setDefaultTimeout(15_000),
})

let treasury: Address
let usd: Address
beforeAll(() => {
  const { scenario, assets } = e2e.stack.devnet
  if (!scenario || !assets) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  usd = assets.usd
})

/**
 * What each page shows once its data is in (the page's heading where nothing more specific is known). The start
 * page is opened without a Safe; every other page with the treasury open.
 */
const PAGES: [path: string, ready: string][] = [
  ['start', '[data-testid="owned-safe-balance"]:not(:text-is("Loading…"))'],
  ['/', '#content h1'],
  ['/assets', '[data-testid="balance-row"]'],
  ['/assets/nfts', '[data-testid="nft-image"]'],
  ['/transactions/queue', '#content h1'],
  ['/transactions/history', '[data-testid="tx-row"]'],
  ['/transactions/new', '#content h1'],
  ['/messages', '#content h2'],
  ['/apps', '#content h1'],
  ['/verify', '#content h1'],
  ['/new-safe', '#content h1'],
  ['/address-book', '#content h1'],
  ['/settings', '[data-testid="gateway-url"]'],
  ['/settings/setup', '[data-testid="setup-owners"]'],
  ['/settings/proposers', '#content h1'],
  ['/settings/notifications', '#content h1'],
  ['/settings/safe-apps', '#content h1'],
  ['/settings/chains', '[data-testid="chain-list"]'],
]

/** The elements that reach past the right edge of the screen (for the failure message). */
const overflowing = () =>
  e2e.page.evaluate((width) => {
    const wide: string[] = []
    for (const el of document.body.querySelectorAll('*')) {
      const { right } = el.getBoundingClientRect()
      if (right > width + 0.5 && el.checkVisibility())
        wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} → ${Math.round(right)}`)
    }
    return wide.slice(-8)
  }, WIDTH)

/** The page's width, and the elements past the right edge when it is wider than the screen. */
async function sideways(): Promise<string | null> {
  const scrollWidth = await e2e.page.evaluate(() => document.documentElement.scrollWidth)
  return scrollWidth > WIDTH ? `${scrollWidth}px (${(await overflowing()).join(', ')})` : null
}

/**
 * How many lines an element's text takes: its text's line boxes (one client rect per line fragment), grouped by
 * the line they sit on (an inline icon is a little taller or lower than the text beside it).
 */
const lineCount = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
    rects.sort((a, b) => a.top - b.top)
    let lines = 0
    let bottom = Number.NEGATIVE_INFINITY
    for (const rect of rects) {
      if (rect.top + rect.height / 2 > bottom) {
        lines++
        bottom = rect.bottom
      } else bottom = Math.max(bottom, rect.bottom)
    }
    return lines
  })

/** The element and its descendants whose content is cut off: wider than their box. */
const clipped = (locator: Locator) =>
  locator.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      // A visually hidden label (1 px, for assistive technology) is not cut off for anyone.
      .filter(
        (node) => node.checkVisibility() && node.clientWidth > 1 && node.scrollWidth > node.clientWidth + 0.5,
      )
      .map(
        (node) =>
          `${node.tagName.toLowerCase()} "${node.textContent}" ${node.scrollWidth}>${node.clientWidth}`,
      ),
  )

describe('phone layout', () => {
  it('default: neither the start page nor any page of an open Safe scrolls sideways', async () => {
    await countFetches(e2e.page)
    await connectDevnet(e2e.page, 0, `${e2e.stack.url}/?safe=dev:${treasury}`)
    const failures: string[] = []
    for (const [path, ready] of PAGES) {
      await e2e.page.goto(
        path === 'start' ? `${e2e.stack.url}/` : `${e2e.stack.url}${path}?safe=dev:${treasury}`,
      )
      await e2e.page
        .locator(ready)
        .first()
        .waitFor()
        .catch((error: Error) => failures.push(`${path}: ${error.message.split('\n')[0]}`))
      // Late data (balances, names) may widen a page after its first content.
      await settled(e2e.page)
      const scrollWidth = await e2e.page.evaluate(() => document.documentElement.scrollWidth)
      await e2e.page.screenshot({
        path: join(
          screenshotDir,
          `mobile${path === 'start' ? '-start' : path.replaceAll('/', '-') || '-home'}.png`,
        ),
      })
      if (scrollWidth > WIDTH)
        failures.push(`${path}: ${scrollWidth}px (${(await overflowing()).join(', ')})`)
    }
    expect(failures).toEqual([])
    expect(e2e.pageErrors).toEqual([])
  })

  it('default: the sections open in a drawer, which closes on navigation and on Escape', async () => {
    await e2e.page.goto(`${e2e.stack.url}/?safe=dev:${treasury}`)
    const sections = e2e.page.getByRole('navigation', { name: 'Sections' })
    const toggle = e2e.page.getByTestId('nav-toggle')
    await toggle.waitFor()
    // The brand keeps its name for assistive technology where it shows only the logo.
    await expect
      .poll(() => e2e.page.getByRole('link', { name: 'Concord', exact: true }).isVisible())
      .toBe(true)
    await expect.poll(() => sections.isVisible()).toBe(false)
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    await sections.getByRole('link', { name: 'Assets' }).click()
    await e2e.page.locator('[data-testid="balance-row"]').first().waitFor()
    expect(new URL(e2e.page.url()).pathname).toBe('/assets')
    await expect.poll(() => sections.isVisible()).toBe(false)
    await toggle.click()
    await expect.poll(() => sections.isVisible()).toBe(true)
    await e2e.page.keyboard.press('Escape')
    await expect.poll(() => sections.isVisible()).toBe(false)
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('default: "Skip to content" is the first focusable element and moves the focus to the page', async () => {
    await e2e.page.goto(`${e2e.stack.url}/assets?safe=dev:${treasury}`)
    await e2e.page.locator('#content h1').first().waitFor()
    await e2e.page.keyboard.press('Tab')
    expect(await e2e.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await e2e.page.keyboard.press('Enter')
    expect(await e2e.page.evaluate(() => document.activeElement?.id)).toBe('content')
  })
})

describe('phone layout: the header and transactions', () => {
  it('default: the network and wallet buttons show their whole label, within the screen', async () => {
    await connectDevnet(e2e.page, 0, `${e2e.stack.url}/?safe=dev:${treasury}`)
    await e2e.page.locator('#content h1').first().waitFor()
    const network = e2e.page.getByTestId('rk-chain-button')
    const account = e2e.page.getByTestId('rk-account-button')
    for (const button of [network, account]) {
      expect(await clipped(button)).toEqual([])
      const box = await button.boundingBox()
      expect(box && box.x + box.width).toBeLessThanOrEqual(WIDTH)
    }
    // The network is named for assistive technology whatever the label shows.
    await e2e.page.getByRole('button', { name: /Concord Devnet/ }).waitFor()
    await e2e.page.screenshot({
      path: join(screenshotDir, 'mobile-header.png'),
      clip: { x: 0, y: 0, width: WIDTH, height: 80 },
    })
    expect(await sideways()).toBeNull()
  })

  it('default: New transaction → Send 1 cUSD → review fits the screen', async () => {
    const { page } = e2e
    await connectDevnet(page, 0, `${e2e.stack.url}/assets?safe=dev:${treasury}`)
    await page.locator('[data-testid="balance-row"][data-symbol="cUSD"] [data-testid="balance-send"]').click()
    await page.getByTestId('send-recipient-input').fill(testAccount(3).address)
    await page.getByTestId('send-amount-input').fill('1')
    await page.getByTestId('send-token-form').getByTestId('tx-form-review').click()
    const review = page.getByTestId('new-tx-review')
    await review.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    await review.getByTestId('review-safe-tx-hash').waitFor()
    await page.screenshot({ path: join(screenshotDir, 'mobile-new-tx-review.png'), fullPage: true })
    expect(await sideways()).toBeNull()
    expect(e2e.pageErrors).toEqual([])
  })

  it('default: a queued transfer reads in two lines at most; its Confirm review and Execute panel fit the screen', async () => {
    const { page } = e2e
    const call = {
      to: usd,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [testAccount(3).address, 10n ** 6n],
      }),
    }
    // Owner #1 proposes (from its own client); owner #0 reviews it on the phone.
    const proposal = await proposeAs(e2e.stack, { safe: treasury, call, signer: 1 })
    await connectDevnet(page, 0, `${e2e.stack.url}/transactions/queue?safe=dev:${treasury}`)
    const item = page.locator(`[data-testid="queue-item"][data-tx-id="${proposal.id}"]`)
    await item.getByTestId('confirm-button').waitFor()
    // Every step is checked, and the failures reported together.
    const problems: string[] = []
    const check = async (what: string) => {
      const wide = await sideways()
      if (wide) problems.push(`${what}: ${wide}`)
    }
    const atMostTwoLines = async (what: string, locator: Locator) => {
      const lines = await lineCount(locator)
      if (lines > 2) problems.push(`${what}: ${lines} lines`)
    }
    await page.screenshot({ path: join(screenshotDir, 'mobile-queue.png'), fullPage: true })
    await check('queue')
    const row = item.getByTestId('tx-row')
    await expect.poll(() => row.getByTestId('tx-detail').textContent()).toContain('1 cUSD')
    // The amount ("1 cUSD") on one line, the counterparty ("to ▣ 0x90F7…b906") on one or two.
    expect(await lineCount(row.getByTestId('tx-detail'))).toBe(1)
    await atMostTwoLines('counterparty', row.locator('.tx-counterparty'))
    // Type, amount and counterparty together: one line, or two.
    await atMostTwoLines('description', row.locator('.tx-main'))

    await item.getByTestId('confirm-button').click()
    await item.locator('[data-testid="queued-tx-review"][data-verified="true"]').waitFor()
    await item.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    await page.screenshot({ path: join(screenshotDir, 'mobile-queue-confirm.png'), fullPage: true })
    await check('Confirm review')
    await atMostTwoLines('Confirm review: To', item.getByTestId('review-to').locator('.address'))
    await item.getByTestId('confirm-review').getByRole('button', { name: 'Close' }).click()

    await item.getByTestId('execute-button').click()
    await item.getByTestId('execution-fee').waitFor()
    await page.screenshot({ path: join(screenshotDir, 'mobile-queue-execute.png'), fullPage: true })
    await check('Execute panel')
    await atMostTwoLines('Execute panel: network fee', item.getByTestId('execution-fee'))
    expect(problems).toEqual([])
    expect(e2e.pageErrors).toEqual([])
  })
})

describe('theme', () => {
  it('default: System follows the device; Light and Dark override it', async () => {
    await e2e.page.emulateMedia({ colorScheme: 'dark' })
    await e2e.page.goto(`${e2e.stack.url}/settings`)
    const theme = () => e2e.page.evaluate(() => document.documentElement.dataset.theme)
    await expect.poll(theme).toBe('dark')
    const system = e2e.page.getByRole('radio', { name: 'System' })
    expect(await system.isChecked()).toBe(true)
    await e2e.page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(theme).toBe('light')

    await e2e.page.getByRole('radio', { name: 'Dark' }).check()
    await expect.poll(theme).toBe('dark')
    await e2e.page.getByRole('radio', { name: 'Light' }).check()
    await e2e.page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(theme).toBe('light')
  })
})
