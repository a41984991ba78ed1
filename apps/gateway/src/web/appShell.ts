// The app shell (the build's index.html) as this gateway serves it: with the runtime configuration inlined as a
// JSON data block, so the page starts without a /config.json round trip. A data block is never executed, so
// the CSP's script hashes need not cover it. Rendered once at start, with its brotli and gzip codings.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

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

export function renderAppShell(html: string, runtimeConfig: unknown): RenderedShell {
  const block = `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${scriptSafeJson(runtimeConfig)}</script>`
  // First in <head>, before the module scripts that read it.
  const head = /<head[^>]*>/i.exec(html)
  const rendered = head
    ? html.slice(0, head.index + head[0].length) + block + html.slice(head.index + head[0].length)
    : block + html
  const body = Buffer.from(rendered)
  return {
    body,
    sha256: createHash('sha256').update(body).digest('hex'),
    encoded: {
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(body, { level: 9 }),
    },
  }
}
