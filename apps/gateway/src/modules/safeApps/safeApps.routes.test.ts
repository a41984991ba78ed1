import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'

const PUBLIC_URL = 'https://concord.test'

/** A built web app holding the bundled batch-payments app. */
function webDirWithApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'concord-web-apps-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
  const app = join(dir, 'apps', 'batch-payments')
  mkdirSync(app, { recursive: true })
  writeFileSync(join(app, 'index.html'), '<!doctype html><div id="app"></div>')
  writeFileSync(
    join(app, 'manifest.json'),
    '{"name":"Batch payments","description":"x","iconPath":"icon.svg"}',
  )
  return dir
}

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

describe('GET /v1/chains/{chainId}/safe-apps with the bundled apps', () => {
  let gateway: Gateway
  let withoutBundled: Gateway
  const safeApps = [{ url: 'https://app.test/tool/', name: 'Tool', chainIds: [31337] }]

  beforeAll(async () => {
    const webDir = webDirWithApp()
    gateway = await createGateway(createTestConfig({ webDir, publicUrl: PUBLIC_URL, safeApps }))
    withoutBundled = await createGateway(
      createTestConfig({ webDir, publicUrl: PUBLIC_URL, safeApps, bundledSafeApps: false }),
    )
  }, 60_000)
  afterAll(async () => {
    await gateway?.stop()
    await withoutBundled?.stop()
  })

  it('default: the bundled app first, at the public URL, then the configured apps', async () => {
    const apps = await (await gateway.app.request('/v1/chains/31337/safe-apps')).json()
    expect(apps).toEqual([
      expect.objectContaining({
        id: 900001,
        url: `${PUBLIC_URL}/apps/batch-payments/`,
        name: 'Batch payments',
        iconUrl: `${PUBLIC_URL}/apps/batch-payments/icon.svg`,
        chainIds: ['31337'],
        accessControl: { type: 'NO_RESTRICTIONS', value: null },
        features: ['BATCHED_TRANSACTIONS'],
      }),
      expect.objectContaining({ id: 1, url: 'https://app.test/tool/', name: 'Tool' }),
    ])
    const byUrl = await gateway.app.request(
      `/v1/chains/31337/safe-apps?url=${PUBLIC_URL}/apps/batch-payments`,
    )
    expect(await byUrl.json()).toHaveLength(1)
  })

  it('args: bundledSafeApps false lists only the configured apps', async () => {
    const res = await withoutBundled.app.request('/v1/chains/31337/safe-apps')
    const apps = (await res.json()) as { url: string }[]
    expect(apps.map((a) => a.url)).toEqual(['https://app.test/tool/'])
  })

  it('behavior: the page frames the listed origins and apps added by URL; the bundled app may be framed by this origin', async () => {
    const page = await gateway.app.request('/apps')
    const csp = directives(page.headers.get('content-security-policy') ?? '')
    // Listed ones, then any https app and (the gateway listens on loopback) loopback http apps, added by URL.
    expect(csp['frame-src']?.slice(0, 3)).toEqual(["'self'", 'https://app.test', 'https:'])
    expect(
      csp['frame-src']?.slice(3).every((s: string) => /^http:\/\/(127\.0\.0\.1|localhost):\*$/.test(s)),
    ).toBe(true)
    expect(csp['frame-ancestors']).toEqual(["'none'"])

    const app = await gateway.app.request('/apps/batch-payments/')
    expect(app.status).toBe(200)
    expect(await app.text()).toContain('id="app"')
    expect(directives(app.headers.get('content-security-policy') ?? '')['frame-ancestors']).toEqual([
      "'self'",
    ])

    const manifest = await gateway.app.request('/apps/batch-payments/manifest.json')
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*')
    expect(await manifest.json()).toMatchObject({ name: 'Batch payments' })
  })
})
