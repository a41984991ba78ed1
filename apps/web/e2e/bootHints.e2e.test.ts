// A cold deep link to a Safe's Home: the page the gateway serves hints the Safe's first gateway calls and the
// Home code (apps/gateway/src/web/bootHints.ts), and the app uses those responses: every call is made once
// (a URL or request mode differing from the hint by a byte would show as a second request, as would a
// refetch of the boot's prefetch when its screen mounts), and no hinted response goes unused.
import { createHash } from 'node:crypto'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { setupE2E } from './session.ts'
import { holdsFor } from './waits.ts'

const requested: string[] = []
const warnings: string[] = []
const workers: string[] = []
const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => {
    page.setDefaultTimeout(15_000)
    requested.length = 0
    warnings.length = 0
    workers.length = 0
    page.on('request', (req) => requested.push(req.url()))
    page.on('worker', (worker) => workers.push(worker.url()))
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
    })
  },
})

let treasury: Address
beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
})

/** When Chromium warns of a preloaded response left unused (3 s after the load event), with a margin. */
const UNUSED_PRELOAD_WARNING_MS = 3_500

/** The gateway calls the page made (path and query), in order. */
const gatewayCalls = () =>
  requested
    .map((url) => new URL(url))
    .filter((url) => url.pathname.startsWith('/v1/chains'))
    .map((url) => url.pathname.toLowerCase() + url.search)

const gatewayCallsTwice = () => {
  const calls = gatewayCalls()
  return calls.filter((call, i) => calls.indexOf(call) !== i)
}

const attributeOf = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

describe('boot hints', () => {
  it("default: a deep link's page hints its Safe calls and Home chunks, with the served files' integrity", async () => {
    // The address in lower case: the hints name it checksummed, as the app does.
    const html = await (await fetch(`${e2e.stack.url}/?safe=dev:${treasury.toLowerCase()}`)).text()
    const fetches = [...html.matchAll(/<link rel="preload" as="fetch"[^>]*>/g)].map((m) =>
      attributeOf(m[0], 'href'),
    )
    expect(fetches).toEqual([
      '/v1/chains',
      `/v1/chains/31337/safes/${treasury}`,
      `/v1/chains/31337/safes/${treasury}/balances/usd?exclude_spam=true`,
      `/v1/chains/31337/safes/${treasury}/transactions/queued`,
    ])
    const modules = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0])
    // The shell and a Safe's Home are a chunk each (apps/web/build/chunkGroups.ts).
    const hrefs = modules.map((tag) => attributeOf(tag, 'href'))
    expect(hrefs.some((href) => /^\/assets\/shell-[\w-]+\.js$/.test(href ?? ''))).toBe(true)
    expect(hrefs.some((href) => /^\/assets\/safe-home-[\w-]+\.js$/.test(href ?? ''))).toBe(true)
    // The code before the calls: the calls hinted first held the browser's six connections while the chunks
    // waited (bootHintTags).
    const lastModule = Math.max(...modules.map((tag) => html.indexOf(tag)))
    expect(lastModule).toBeLessThan(html.indexOf('<link rel="preload" as="fetch"'))
    for (const tag of modules) {
      const bytes = await (await fetch(new URL(attributeOf(tag, 'href')!, e2e.stack.url))).arrayBuffer()
      const sri = `sha384-${createHash('sha384').update(Buffer.from(bytes)).digest('base64')}`
      expect(attributeOf(tag, 'integrity'), tag).toBe(sri)
    }
  })

  it('behavior: a cold Home asks each of its gateway calls once, and uses every hinted response', async () => {
    const { page } = e2e
    await page.goto(`${e2e.stack.url}/?safe=dev:${treasury}`)
    await page.getByTestId('total-balance').waitFor()
    await page.getByTestId('queued-count').waitFor()
    await page.getByTestId('safe-owners').locator('li').first().waitFor()
    // A negative check, bound in time: Chromium warns in the console of a preloaded response left unused 3 s after
    // the window's load event; until then (plus a margin) no such warning and no call made twice.
    await page.waitForLoadState('load')
    const sinceLoad = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      return performance.now() - (navigation?.loadEventEnd ?? 0)
    })
    await holdsFor(Math.max(0, UNUSED_PRELOAD_WARNING_MS - sinceLoad), () => {
      const twice = gatewayCallsTwice()
      expect(twice, `requested more than once: ${twice.join(', ')}`).toEqual([])
      expect(warnings.filter((w) => /preload/i.test(w))).toEqual([])
    })
    const calls = gatewayCalls()
    // One URL per endpoint: a hinted URL differing from the app's would be a second one.
    const paths = calls.map((call) => call.split('?')[0])
    expect(new Set(paths).size).toBe(paths.length)
    // The browser asked for the first screen's code before the gateway calls.
    const firstCall = requested.findIndex((url) => new URL(url).pathname.startsWith('/v1/'))
    const lastChunk = requested.findLastIndex((url) => /\/assets\/(shell|safe-home)-[\w-]+\.js$/.test(url))
    expect(lastChunk).toBeGreaterThan(0)
    expect(lastChunk).toBeLessThan(firstCall)
    // index.html warms ICU in a worker (allowed by the page's CSP: a refused one would be a console error).
    expect(workers.some((url) => url.startsWith('blob:'))).toBe(true)
    expect(warnings.filter((w) => /Content Security Policy/i.test(w))).toEqual([])
  })

  it('behavior: a cold Home renders its dashboard once, with its data', async () => {
    const { page } = e2e
    // When the dashboard first appears in the page, are its balance and queue in it already?
    await e2e.context.addInitScript(() => {
      const seen = { dashboardFirst: null as null | { balance: boolean; queue: boolean } }
      Object.assign(window, { __firstDashboard: seen })
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid=home-columns]')) return
        seen.dashboardFirst = {
          balance: document.querySelector('[data-testid=total-balance]') !== null,
          queue: document.querySelector('[data-testid=queued-count]') !== null,
        }
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${e2e.stack.url}/?safe=dev:${treasury}`)
    await page.getByTestId('total-balance').waitFor()
    const first = await page.evaluate(
      () => (window as unknown as { __firstDashboard: unknown }).__firstDashboard,
    )
    expect(first).toEqual({ dashboardFirst: { balance: true, queue: true } })
  })

  it('behavior: a gateway call that does not answer holds the first screen back only briefly', async () => {
    const { page } = e2e
    await page.route('**/balances/**', () => undefined) // never answered
    const started = Date.now()
    await page.goto(`${e2e.stack.url}/?safe=dev:${treasury}`)
    await page.getByTestId('safe-owners').locator('li').first().waitFor()
    await page.getByTestId('queued-count').waitFor()
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(await page.getByTestId('total-balance').count()).toBe(0)
  })

  it('behavior: a slow start still says what it waits for, once the page is no longer new', async () => {
    const { page } = e2e
    // The chains are held back until the loading card has shown (past StatusScreen's LOADING_SCREEN_DELAY_MS,
    // 400 ms), then answered: the Home follows.
    let answer = () => {}
    const cardShown = new Promise<void>((resolve) => {
      answer = resolve
    })
    await page.route('**/v1/chains', async (route) => {
      await cardShown
      await route.continue()
    })
    await page.goto(`${e2e.stack.url}/?safe=dev:${treasury}`)
    await page.getByRole('heading', { name: 'Loading chains…' }).waitFor()
    answer()
    await page.getByTestId('total-balance').waitFor()
  })
})
