// The app shell (the build's index.html) as this gateway serves it: with the runtime configuration inlined as a
// JSON data block, so the page starts without a /config.json round trip. A data block is never executed, so
// the CSP's script hashes need not cover it. With this gateway as the app's gateway, the shell also carries
// hints (bootHints.ts): one page for every URL but deep links to a Safe, rendered at start; a page per
// deep-linked Safe and screen, rendered on first request and kept (a bounded number of them).
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { type BootHints, bootHintTags, parseDeepLink } from './bootHints.ts'

/** The element the web app reads its runtime config from (apps/web/src/config/runtimeConfig.ts). */
export const CONFIG_ELEMENT_ID = 'concord-config'

export type RenderedShell = {
  body: Buffer<ArrayBuffer>
  /** SHA-256 (hex) of the rendered page, for its ETag. */
  sha256: string
  encoded: { br: Buffer<ArrayBuffer>; gzip: Buffer<ArrayBuffer> }
}

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), and no U+2028/2029. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * `html` with the config block first in <head> (before the module scripts that read it) and the `hints`
 * (bootHints.ts) last in it. `fast` compresses for a page rendered on request (brotli 5: ~2 % bigger than 11,
 * ten times faster).
 */
export function renderAppShell(
  html: string,
  runtimeConfig: unknown,
  hints = '',
  fast = false,
): RenderedShell {
  const block = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${scriptSafeJson(runtimeConfig)}</script>`
  const head = /<head[^>]*>/i.exec(html)
  const start = head ? head.index + head[0].length : 0
  const withStart = html.slice(0, start) + block + html.slice(start)
  const end = withStart.search(/<\/head>/i)
  const rendered = end < 0 ? withStart + hints : withStart.slice(0, end) + hints + withStart.slice(end)
  const body = Buffer.from(rendered)
  return {
    body,
    sha256: createHash('sha256').update(body).digest('hex'),
    encoded: {
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } }),
      gzip: gzipSync(body, { level: fast ? 6 : 9 }),
    },
  }
}

/** Deep-link pages kept rendered; past this the oldest is dropped (each is ~50 kB with its codings). */
const MAX_DEEP_LINK_PAGES = 200

/** The shell for a page URL: without `hints` (another gateway serves the app's calls) one page for all. */
export function createShellRenderer(
  html: string,
  runtimeConfig: unknown,
  hints?: BootHints,
): (url: URL) => RenderedShell {
  const plain = renderAppShell(html, runtimeConfig, hints ? bootHintTags(undefined, hints) : '')
  if (!hints) return () => plain
  const pages = new Map<string, RenderedShell>()
  return (url) => {
    const link = parseDeepLink(url, hints.chains)
    if (!link) return plain
    const key = `${link.chainId}:${link.address}:${link.home}`
    let page = pages.get(key)
    if (!page) {
      page = renderAppShell(html, runtimeConfig, bootHintTags(link, hints), true)
      if (pages.size >= MAX_DEEP_LINK_PAGES) pages.delete(pages.keys().next().value as string)
      pages.set(key, page)
    }
    return page
  }
}
