// Every class name the components write is styled by some stylesheet, or listed below as a name kept on purpose
// without a style (a modifier or a hook). Classes the Apps page, the address book and the sign-in prompt used
// (.field, .stack, .list, .row, .link) were once defined nowhere, and their pages fell back to the browser's
// unstyled controls without any test noticing.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = join(import.meta.dirname, '..', '..')

/** Class names with no rule of their own, and why. */
const UNSTYLED: Record<string, string> = {
  'connection-banner': 'a .banner; names it',
  'empty-state': 'a .state; names the variant',
  'ens-avatar': 'sized by its img attributes',
  'error-state': 'a .state; names the variant',
  'hash-view': 'an .address-view; names the variant',
  'message-details': 'a block of plain paragraphs',
  'message-text': 'a <pre>, styled by the element',
  'prepared-signature': 'names the block',
  'qr-code': 'an SVG sized by its attributes',
  'queue-item': 'a .card; names it',
  'queued-count': 'names the figure',
  'safe-summary': 'a .card; names it',
  'start-page': 'names the page',
  'tx-detail': 'plain text beside the type; names it',
  'tx-details': 'a .card; names it',
  'wallet-account': 'a .button; names it',
}

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix) && !e.name.includes('.test.'))
    .map((e) => join(e.parentPath, e.name))
}

/** Static class names in className="…", className={'…'} and the literal words of className={`…`}. */
function usedClassNames(): Map<string, string> {
  const used = new Map<string, string>()
  for (const file of files(SRC, '.tsx')) {
    const source = readFileSync(file, 'utf8')
    for (const m of source.matchAll(/className=(?:"([^"]*)"|\{'([^']*)'\}|\{`([^`]*)`\})/g)) {
      // A name built at run time (`status-${…}`) is left out whole.
      const text = (m[1] ?? m[2] ?? m[3] ?? '').replace(/\S*\$\{[^}]*\}\S*/g, ' ')
      for (const name of text.split(/\s+/)) if (name) used.set(name, relative(SRC, file))
    }
  }
  return used
}

function styledClassNames(): Set<string> {
  const css = files(SRC, '.css')
    .map((file) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''))
    .join('\n')
  return new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] as string))
}

describe('class names', () => {
  const used = usedClassNames()
  const styled = styledClassNames()

  it('finds the components and the stylesheets', () => {
    expect(used.size).toBeGreaterThan(100)
    expect(styled.has('tx-row')).toBe(true)
  })

  it('every class a component writes has a style, or a reason not to', () => {
    const missing = [...used].filter(([name]) => !styled.has(name) && !(name in UNSTYLED))
    expect(missing.map(([name, file]) => `.${name} (${file})`)).toEqual([])
  })

  it('the list of unstyled names holds no name that is styled now or no longer written', () => {
    const stale = Object.keys(UNSTYLED).filter((name) => styled.has(name) || !used.has(name))
    expect(stale).toEqual([])
  })
})
