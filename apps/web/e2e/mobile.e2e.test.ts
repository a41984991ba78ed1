// On a phone (390×844) the start page and every page of an open Safe fit the screen (no horizontal scroll), the sections are in a
// drawer, a skip link comes first, and the theme follows the device until the user picks one.
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

const WIDTH = 390
const e2e = setupE2E({
  viewport: { width: WIDTH, height: 844 },
  onPage: (page) => page.setDefaultTimeout(15_000),
})

let treasury: string
beforeAll(() => {
  const scenario = e2e.stack.devnet.scenario
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
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

describe('phone layout', () => {
  it('default: neither the start page nor any page of an open Safe scrolls sideways', async () => {
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
      await e2e.page.waitForTimeout(400)
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
    expect(await e2e.page.getByRole('link', { name: 'Concord', exact: true }).isVisible()).toBe(true)
    await expect.poll(() => sections.isVisible()).toBe(false)
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await sections.getByRole('link', { name: 'Assets' }).click()
    await e2e.page.locator('[data-testid="balance-row"]').first().waitFor()
    expect(new URL(e2e.page.url()).pathname).toBe('/assets')
    await expect.poll(() => sections.isVisible()).toBe(false)
    await toggle.click()
    await expect.poll(() => sections.isVisible()).toBe(true)
    await e2e.page.keyboard.press('Escape')
    await expect.poll(() => sections.isVisible()).toBe(false)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
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
