import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'
import { contentSecurityPolicy } from './securityHeaders.ts'
import { createWebRoutes } from './serveWeb.ts'

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ')
      return [name as string, sources]
    }),
  )

function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'concord-web-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)')
  return dir
}

describe('contentSecurityPolicy', () => {
  it('default: own scripts only, no plugins, no framing, https/wss connections', () => {
    const csp = directives(contentSecurityPolicy({}))
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['frame-src']).toEqual(["'self'"])
    expect(csp['connect-src']).toEqual(["'self'", 'https:', 'wss:'])
    expect(csp['base-uri']).toEqual(["'self'"])
  })

  it('args: plain-http endpoints are added by origin; WalletConnect frames only when configured', () => {
    const csp = directives(
      contentSecurityPolicy({
        connectTo: ['http://127.0.0.1:8545/path?key=1', 'https://rpc.example/v3/key', 'not a url', 'ftp://x'],
        frameAncestors: ["'self'", 'https://app.safe.global'],
        walletConnect: true,
      }),
    )
    expect(csp['connect-src']).toEqual(["'self'", 'https:', 'wss:', 'http://127.0.0.1:8545'])
    expect(csp['frame-ancestors']).toEqual(["'self'", 'https://app.safe.global'])
    expect(csp['frame-src']).toEqual(["'self'", 'https://*.walletconnect.org', 'https://*.walletconnect.com'])
  })
})

describe('contentSecurityPolicy: Safe Apps added by URL', () => {
  it('behavior: any https app may be framed; loopback http apps only when the gateway listens on loopback', () => {
    const https = directives(contentSecurityPolicy({ customApps: { https: true, loopbackHttp: false } }))
    expect(https['frame-src']).toEqual(["'self'", 'https:'])
    expect(https['connect-src']).not.toContain('http://127.0.0.1:*')
    const local = directives(contentSecurityPolicy({ customApps: { https: true, loopbackHttp: true } }))
    for (const origin of ['http://127.0.0.1:*', 'http://localhost:*']) {
      expect(local['frame-src']).toContain(origin)
      // Its manifest.json is read from the page.
      expect(local['connect-src']).toContain(origin)
    }
  })

  it('behavior: a gateway on a public interface, or with customSafeApps off, frames no http app', async () => {
    const csp = async (overrides: Parameters<typeof createTestConfig>[0]) => {
      const gateway = await createGateway(createTestConfig({ webDir: webDir(), ...overrides }))
      try {
        return directives((await gateway.app.request('/')).headers.get('content-security-policy') ?? '')
      } finally {
        await gateway.stop()
      }
    }
    const onLoopback = await csp({ host: '127.0.0.1' })
    expect(onLoopback['frame-src']).toEqual(expect.arrayContaining(['https:', 'http://127.0.0.1:*']))
    const everywhere = await csp({ host: '0.0.0.0' })
    expect(everywhere['frame-src']).toContain('https:')
    expect((everywhere['frame-src'] ?? []).filter((s: string) => s.startsWith('http:'))).toEqual([])
    expect((await csp({ host: '127.0.0.1', customSafeApps: false }))['frame-src']).toEqual(["'self'"])
  })
})

describe('web app security headers', () => {
  const web = createWebRoutes(
    webDir(),
    { gatewayUrl: 'http://gateway.local:4000', walletConnectProjectId: null, devnetChainId: null },
    { frameAncestors: ["'self'"] },
  )

  it.each(['/', '/safes/dev:0xabc', '/config.json', '/assets/index-abc.js'])(
    'default: %s carries CSP, Referrer-Policy, nosniff and Permissions-Policy',
    async (path) => {
      const res = await web.request(path)
      expect(res.status).toBe(200)
      const csp = directives(res.headers.get('content-security-policy') ?? '')
      expect(csp['frame-ancestors']).toEqual(["'self'"])
      // The configured gateway (plain http here) is reachable.
      expect(csp['connect-src']).toContain('http://gateway.local:4000')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/)
    },
  )
})

describe('gateway serving the web app', () => {
  let gateway: Gateway
  beforeAll(async () => {
    gateway = await createGateway(
      createTestConfig({
        webDir: webDir(),
        chains: [
          { chainId: 31337, devnet: true, rpcUrl: ['http://127.0.0.1:8545'] },
          { chainId: 1, rpcUrl: ['http://private-node.internal:8545/secret'] },
        ],
      }),
    )
  })
  afterAll(() => gateway?.stop())

  it('default: the devnet RPC is reachable, a private rpcUrl is not named in the policy', async () => {
    const csp = (await gateway.app.request('/')).headers.get('content-security-policy') ?? ''
    expect(directives(csp)['connect-src']).toContain('http://127.0.0.1:8545')
    expect(csp).not.toContain('private-node')
  })

  it('default: API answers are nosniff, without the page policy', async () => {
    const res = await gateway.app.request('/v1/chains')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBeNull()
    const missing = await gateway.app.request('/v1/chains/5')
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
