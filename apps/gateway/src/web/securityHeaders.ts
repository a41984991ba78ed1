// Security headers of the web app's responses. The Content-Security-Policy follows what the built app
// loads: its own hashed scripts and styles (plus the <style> RainbowKit writes for its theme), JSON from
// the gateway (this origin, the configured one or one chosen in Settings), chain RPCs, token and NFT
// images from anywhere, and WalletConnect's relay and verification frame only when a project id is set.
import type { MiddlewareHandler } from 'hono'

export type WebSecurityOptions = {
  /** CSP frame-ancestors sources: who may embed the app (config `frameAncestors`). */
  frameAncestors?: readonly string[]
  /**
   * Plain-http(s)/ws endpoints the page must reach besides https:/wss: ones, e.g. a devnet RPC
   * (`http://127.0.0.1:8545`). Only their origins are used.
   */
  connectTo?: readonly string[]
  /**
   * Safe Apps the Apps page may open in a frame (config `safeApps` URLs; only their origins are used). The
   * bundled apps are served from this origin ('self').
   */
  frameSources?: readonly string[]
  /** CSP hashes (`'sha256-…'`) of the inline scripts the pages carry: the build's import map of chunk integrity. */
  scriptHashes?: readonly string[]
  /**
   * Safe Apps a user adds by URL (config `customSafeApps`): any https app, and http apps on this machine's
   * loopback when the gateway itself listens only there (a developer's own app). Absent: listed apps only.
   */
  customApps?: { https: boolean; loopbackHttp: boolean }
}

/**
 * Loopback http origins, any port: an app a developer serves on their own machine. (CSP host sources have no
 * form for an IPv6 literal: browsers ignore `http://[::1]:*` with a warning.)
 */
const LOOPBACK_HTTP = ['http://127.0.0.1:*', 'http://localhost:*']

const WALLETCONNECT_FRAMES = ['https://*.walletconnect.org', 'https://*.walletconnect.com']

/** The origin of a URL, or undefined when it is not an absolute http(s)/ws(s) URL. */
function originOf(url: string): string | undefined {
  try {
    const { protocol, origin } = new URL(url)
    return /^(https?|wss?):$/.test(protocol) && origin !== 'null' ? origin : undefined
  } catch {
    return undefined
  }
}

export function contentSecurityPolicy({
  frameAncestors = ["'none'"],
  connectTo = [],
  frameSources = [],
  scriptHashes = [],
  walletConnect = false,
  customApps,
}: WebSecurityOptions & { walletConnect?: boolean }): string {
  // Any https/wss endpoint: a gateway chosen in Settings brings its own chains and their RPCs.
  const connect = new Set(["'self'", 'https:', 'wss:'])
  for (const url of connectTo) {
    const origin = originOf(url)
    if (origin && !/^(https|wss):/.test(origin)) connect.add(origin)
  }
  // Safe Apps: this origin (bundled apps) and exactly the listed apps' origins.
  const frames = new Set(["'self'"])
  for (const url of frameSources) {
    const origin = originOf(url)
    if (origin && /^https?:/.test(origin)) frames.add(origin)
  }
  if (walletConnect) for (const source of WALLETCONNECT_FRAMES) frames.add(source)
  // Apps added by URL: framed, and their manifest.json read from the page (https is reachable already).
  if (customApps?.https) frames.add('https:')
  if (customApps?.loopbackHttp)
    for (const source of LOOPBACK_HTTP) {
      frames.add(source)
      connect.add(source)
    }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    // RainbowKit writes its theme into a <style> element; React style props go through the CSSOM.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...connect],
    'frame-src': [...frames],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [...frameAncestors],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** Features the app never uses, denied to it and to anything it embeds. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'browsing-topics=()',
].join(', ')

export function webSecurityHeaders(
  options: WebSecurityOptions & { walletConnect?: boolean },
): MiddlewareHandler {
  const headers = {
    'Content-Security-Policy': contentSecurityPolicy(options),
    // Safe addresses travel in the query string: never hand them to image hosts or RPCs.
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': PERMISSIONS_POLICY,
  }
  return async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  }
}
