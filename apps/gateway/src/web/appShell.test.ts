import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CONFIG_ELEMENT_ID, renderAppShell } from './appShell.ts'

const HTML = '<!doctype html><html><head><meta charset="UTF-8"><title>x</title></head><body></body></html>'
const blockOf = (html: string) =>
  new RegExp(`<script type="application/json" id="${CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1]

describe('renderAppShell', () => {
  it('behavior: the config is the first element of <head>, as JSON the page parses back', () => {
    const shell = renderAppShell(HTML, { gatewayUrl: '', devnetChainId: '31337' })
    const html = shell.body.toString()
    expect(
      html.startsWith(
        `<!doctype html><html><head><script type="application/json" id="${CONFIG_ELEMENT_ID}">`,
      ),
    ).toBe(true)
    expect(JSON.parse(blockOf(html)!)).toEqual({ gatewayUrl: '', devnetChainId: '31337' })
    expect(brotliDecompressSync(shell.encoded.br).equals(shell.body)).toBe(true)
    expect(gunzipSync(shell.encoded.gzip).equals(shell.body)).toBe(true)
  })

  it('errors: a value cannot close the element or open a comment', () => {
    const hostile = { gatewayUrl: '</script><script>alert(1)</script><!--', x: '\u2028' }
    const html = renderAppShell(HTML, hostile).body.toString()
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).not.toContain('<!--')
    expect(JSON.parse(blockOf(html)!)).toEqual(hostile)
  })

  it('behavior: the ETag hash follows the rendered bytes', () => {
    const a = renderAppShell(HTML, { gatewayUrl: 'https://a.example' })
    const b = renderAppShell(HTML, { gatewayUrl: 'https://b.example' })
    expect(a.sha256).not.toBe(b.sha256)
    expect(renderAppShell(HTML, { gatewayUrl: 'https://a.example' }).sha256).toBe(a.sha256)
  })
})
