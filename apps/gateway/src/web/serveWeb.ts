// Serves the built web app on the gateway's origin, with a /config.json generated from this gateway's
// configuration (so the same build works against any gateway: nothing is baked in at build time).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { type WebSecurityOptions, webSecurityHeaders } from './securityHeaders.ts'

export type WebRuntimeConfig = {
  /** '' means "the origin the page was loaded from". */
  gatewayUrl: string
  walletConnectProjectId: string | null
  devnetChainId: string | null
}

const API_PREFIXES = ['/v1/', '/v2/', '/api-json', '/health']

export function createWebRoutes(
  webDir: string,
  runtime: WebRuntimeConfig,
  security: WebSecurityOptions = {},
) {
  const indexFile = join(webDir, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`webDir: ${webDir} has no index.html (build the web app first)`)
  const indexHtml = readFileSync(indexFile, 'utf8')
  const root = relative(process.cwd(), webDir) || '.'

  const securityHeaders = webSecurityHeaders({
    ...security,
    connectTo: [...(security.connectTo ?? []), ...(runtime.gatewayUrl ? [runtime.gatewayUrl] : [])],
    walletConnect: runtime.walletConnectProjectId !== null,
  })

  // Safe Apps bundled with the web build (apps/<name>/index.html): our Apps page frames them, so they allow this
  // origin as an ancestor besides the configured ones, and hosts elsewhere may read their manifest.json.
  const appsDir = join(webDir, 'apps')
  const bundledApps = new Set(
    existsSync(appsDir)
      ? readdirSync(appsDir).filter((name) => existsSync(join(appsDir, name, 'index.html')))
      : [],
  )
  const bundledAppOf = (path: string) => {
    // The gateway may have trimmed the trailing slash of /apps/<name>/.
    const name = /^\/apps\/([^/]+)(\/|$)/.exec(path)?.[1]
    return name !== undefined && bundledApps.has(name)
  }
  const appHeaders = webSecurityHeaders({
    ...security,
    frameAncestors: ["'self'", ...(security.frameAncestors ?? []).filter((a) => a !== "'none'")],
    connectTo: [...(security.connectTo ?? []), ...(runtime.gatewayUrl ? [runtime.gatewayUrl] : [])],
    walletConnect: false,
  })

  return (
    new Hono()
      .use('*', (c, next) => (bundledAppOf(c.req.path) ? appHeaders : securityHeaders)(c, next))
      .use('/apps/*', async (c, next) => {
        await next()
        if (bundledAppOf(c.req.path) && c.req.path.endsWith('/manifest.json'))
          c.res.headers.set('Access-Control-Allow-Origin', '*')
      })
      .get('/config.json', (c) => {
        c.header('Cache-Control', 'no-cache')
        return c.json(runtime)
      })
      // Hashed assets never change; everything else is revalidated.
      .use('/assets/*', async (c, next) => {
        await next()
        if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
      })
      .use('*', serveStatic({ root }))
      // Client-side routes (e.g. /safes/31337:0x…) get the app shell.
      .get('*', (c) => {
        if (API_PREFIXES.some((p) => c.req.path.startsWith(p))) return c.notFound()
        c.header('Cache-Control', 'no-cache')
        return c.html(indexHtml)
      })
  )
}
