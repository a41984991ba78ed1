import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { standaloneHtml } from './standaloneVerify'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

describe('standaloneHtml', () => {
  it('behavior: the policy allows exactly the inline script and style (by hash) and no request', () => {
    const html = standaloneHtml('console.log(1)', 'body{color:red}')
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain(`script-src 'sha256-${sha256('console.log(1)')}'`)
    expect(policy).toContain(`style-src 'sha256-${sha256('body{color:red}')}'`)
    expect(policy).not.toMatch(/connect-src|unsafe/)
  })

  it('error: inline text that would close its element early is escaped, and the hash is of what is inlined', () => {
    const html = standaloneHtml('const s = "</script><script>alert(1)</script>"', '')
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    const inline = /<script type="module">([\s\S]*)<\/script>/.exec(html)?.[1] ?? ''
    expect(html).toContain(`'sha256-${sha256(inline)}'`)
  })
})
