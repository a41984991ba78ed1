// The built app is verifiable: every script and stylesheet it loads carries Subresource Integrity (the lazy chunks
// through the import map), the browser refuses a tampered chunk, and the gateway answers the digest of what it serves.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { webDistDir } from '../../../scripts/buildWeb.ts'
import { setupE2E } from './session.ts'

const consoleErrors: string[] = []
const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => {
    page.setDefaultTimeout(15_000)
    consoleErrors.length = 0
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
  },
})

const sri = (data: ArrayBuffer) => `sha384-${createHash('sha384').update(Buffer.from(data)).digest('base64')}`
const fetchBytes = async (url: string) => {
  const res = await fetch(url)
  expect(res.status, url).toBe(200)
  return res.arrayBuffer()
}

describe('Subresource Integrity', () => {
  it("default: every script, module preload and stylesheet of index.html has its served file's sha384", async () => {
    const html = await (await fetch(e2e.stack.url)).text()
    const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0])
    const loaded = tags.filter((t) => /<script[^>]*\ssrc=|rel="(stylesheet|modulepreload)"/.test(t))
    expect(loaded.length).toBeGreaterThanOrEqual(3)
    for (const tag of loaded) {
      const url = /\s(?:src|href)="([^"]+)"/.exec(tag)![1]!
      const integrity = /\sintegrity="([^"]+)"/.exec(tag)?.[1]
      expect(integrity, tag).toBe(sri(await fetchBytes(new URL(url, e2e.stack.url).href)))
    }

    // The import map covers every chunk of the app, each with its served file's hash.
    const importMap = JSON.parse(/<script type="importmap">(.*?)<\/script>/s.exec(html)![1]!) as {
      integrity: Record<string, string>
    }
    const build = (await (await fetch(`${e2e.stack.url}/v1/about/build`)).json()) as {
      digest: string
      recordedDigest: string
      files: { path: string }[]
    }
    const chunks = build.files.map((f) => f.path).filter((p) => /^assets\/[^/]+\.js$/.test(p))
    expect(Object.keys(importMap.integrity).sort()).toEqual(chunks.map((p) => `/${p}`).sort())
    for (const [url, integrity] of Object.entries(importMap.integrity).slice(0, 40))
      expect(integrity, url).toBe(sri(await fetchBytes(`${e2e.stack.url}${url}`)))

    // The gateway serves the build it was given, and says which.
    expect(build.digest).toBe(readFileSync(join(webDistDir, 'build-digest.txt'), 'utf8').trim())
    expect(build.recordedDigest).toBe(build.digest)
  })

  it('default: the app loads with integrity enforced, its scripts precompressed', async () => {
    const plain: string[] = []
    let compressed = 0
    e2e.page.on('response', (res) => {
      if (!/\/assets\/.*\.js$/.test(res.url())) return
      if (res.headers()['content-encoding'] === 'br') compressed++
      // Files too small to gain from compression are sent as they are.
      else if (Number(res.headers()['content-length']) >= 1024) plain.push(res.url())
    })
    // The runtime config is inline in the page the gateway serves: no config.json round trip before the chains.
    const requested: string[] = []
    e2e.page.on('request', (req) => requested.push(new URL(req.url()).pathname))
    await e2e.page.goto(e2e.stack.url)
    await e2e.page.getByTestId('start-page').waitFor()
    expect(requested).not.toContain('/config.json')
    expect(requested).toContain('/v1/chains')
    await expect.poll(() => e2e.page.locator('head > script#concord-config').count()).toBe(1)
    expect(e2e.pageErrors).toEqual([])
    expect(consoleErrors.filter((m) => /integrity|Content Security Policy/i.test(m))).toEqual([])
    expect(compressed).toBeGreaterThan(3)
    expect(plain).toEqual([])
  })

  it('error: a tampered lazy chunk is refused and never runs', async () => {
    const html = readFileSync(join(webDistDir, 'index.html'), 'utf8')
    const chunk = /"\/assets\/(address-book-[\w-]+\.js)"/.exec(html)?.[1]
    expect(chunk).toBeDefined()
    await e2e.page.route(`**/assets/${chunk}`, async (route) => {
      const original = await route.fetch()
      await route.fulfill({ response: original, body: `window.tampered = true;\n${await original.text()}` })
    })
    await e2e.page.goto(`${e2e.stack.url}/address-book`)
    await expect
      .poll(() => consoleErrors.join('\n'))
      .toMatch(
        new RegExp(`Failed to find a valid digest in the 'integrity' attribute for resource '[^']*${chunk}'`),
      )
    expect(await e2e.page.evaluate(() => 'tampered' in window)).toBe(false)
    // The screen that failed to load shows its error inside the app's frame; another screen recovers.
    await e2e.page.getByRole('heading', { name: 'Oops, something went wrong!' }).waitFor()
    await e2e.page.getByRole('link', { name: 'Settings' }).click()
    await e2e.page
      .getByRole('heading', { name: 'Oops, something went wrong!' })
      .waitFor({ state: 'detached' })
    expect(new URL(e2e.page.url()).pathname).toBe('/settings')
  })

  it('error: a tampered entry script leaves the page without the app', async () => {
    await e2e.page.route('**/assets/index-*.js', async (route) => {
      const original = await route.fetch()
      await route.fulfill({ response: original, body: `window.tampered = true;\n${await original.text()}` })
    })
    await e2e.page.goto(e2e.stack.url)
    await expect.poll(() => consoleErrors.join('\n')).toMatch(/Failed to find a valid digest/)
    expect(await e2e.page.evaluate(() => 'tampered' in window)).toBe(false)
    expect(await e2e.page.locator('#root').innerHTML()).toBe('')
  })
})
