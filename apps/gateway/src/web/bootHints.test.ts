import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type BootHints, bootHintTags, parseDeepLink, readModuleHints, safeCallPaths } from './bootHints.ts'

const SAFE = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const chains = [
  { chainId: '31337', shortName: 'dev' },
  { chainId: '1', shortName: 'eth' },
]
const page = (pathAndQuery: string) => new URL(pathAndQuery, 'http://gateway.test')
const hints: BootHints = {
  chains,
  homeModules: [{ href: '/assets/home-ABCDEFGH.js', integrity: 'sha384-abc+/=' }],
}

describe('parseDeepLink', () => {
  it.each([
    [`/?safe=dev:${SAFE}`, { chainId: '31337', address: SAFE, home: true }],
    // Any case of the prefix, the chain id as a prefix, a lower-case address (checksummed here), spaces around.
    [`/?safe=DEV:${SAFE.toLowerCase()}`, { chainId: '31337', address: SAFE, home: true }],
    [`/assets?safe=1:${SAFE}`, { chainId: '1', address: SAFE, home: false }],
    [`/?safe=%20eth%3A${SAFE}%20`, { chainId: '1', address: SAFE, home: true }],
  ])('args: %s', (url, expected) => {
    expect(parseDeepLink(page(url), chains)).toEqual(expected)
  })

  it.each([
    ['no parameter', '/'],
    ['an empty one', '/?safe='],
    ['no prefix', `/?safe=${SAFE}`],
    ['an unknown chain', `/?safe=gor:${SAFE}`],
    ['a bad checksum', `/?safe=dev:${SAFE.replace('eE3A', 'Ee3A')}`],
    // As the app reads it (viem's strict check): upper case is mixed case with a wrong checksum.
    ['upper case', `/?safe=dev:0x${SAFE.slice(2).toUpperCase()}`],
    ['a short address', `/?safe=dev:${SAFE.slice(0, 41)}`],
    ['markup', `/?safe=dev:${SAFE}"><script>`],
    ['a second colon', `/?safe=dev:eth:${SAFE}`],
  ])('error: %s → none', (_, url) => {
    expect(parseDeepLink(page(url), chains)).toBeUndefined()
  })
})

describe('safeCallPaths', () => {
  it("default: Home asks the Safe's info, balances in the default settings and queue, as the app builds them", () => {
    expect(safeCallPaths({ chainId: '31337', address: SAFE, home: true })).toEqual([
      `/v1/chains/31337/safes/${SAFE}`,
      `/v1/chains/31337/safes/${SAFE}/balances/usd?exclude_spam=true`,
      `/v1/chains/31337/safes/${SAFE}/transactions/queued`,
    ])
  })

  it("args: another Safe screen: the Safe's info only", () => {
    expect(safeCallPaths({ chainId: '1', address: SAFE, home: false })).toEqual([
      `/v1/chains/1/safes/${SAFE}`,
    ])
  })
})

describe('bootHintTags', () => {
  const fetchHints = (tags: string) =>
    tags.match(/<link rel="preload" as="fetch" crossorigin href="[^"]+">/g) ?? []

  it('default: without a deep link, the chains list only', () => {
    expect(bootHintTags(undefined, hints)).toBe(
      '<link rel="preload" as="fetch" crossorigin href="/v1/chains">',
    )
  })

  it('behavior: a deep link to Home preloads the Home chunks with their integrity, then its calls', () => {
    const tags = bootHintTags(parseDeepLink(page(`/?safe=dev:${SAFE}`), chains), hints)
    const chunk =
      '<link rel="modulepreload" crossorigin href="/assets/home-ABCDEFGH.js" integrity="sha384-abc+/=">'
    // The code first: the browser's six connections go to it before the calls (see bootHintTags).
    expect(tags.startsWith(chunk)).toBe(true)
    expect(fetchHints(tags)).toHaveLength(4)
    expect(tags).toContain(`href="/v1/chains/31337/safes/${SAFE}/balances/usd?exclude_spam=true"`)
    expect(tags.indexOf(chunk)).toBeLessThan(tags.indexOf('as="fetch"'))
  })

  it('args: another Safe screen gets no Home chunks', () => {
    const tags = bootHintTags(parseDeepLink(page(`/assets?safe=dev:${SAFE}`), chains), hints)
    expect(tags.match(/<link/g)).toHaveLength(2)
    expect(tags).not.toContain('modulepreload')
  })
})

describe('readModuleHints', () => {
  const file = (content: unknown) => {
    const path = join(mkdtempSync(join(tmpdir(), 'concord-hints-')), 'boot-hints.json')
    writeFileSync(path, JSON.stringify(content))
    return path
  }

  it("default: the build's list; none without the file", () => {
    expect(readModuleHints(file({ home: hints.homeModules }))).toEqual(hints.homeModules)
    expect(readModuleHints('/nonexistent/boot-hints.json')).toEqual([])
  })

  it.each([
    ['a URL off the assets', { home: [{ href: '//evil.test/x.js', integrity: 'sha384-a' }] }],
    ['markup in a URL', { home: [{ href: '/assets/a".js', integrity: 'sha384-a' }] }],
    ['a bad integrity', { home: [{ href: '/assets/a.js', integrity: 'x" onload="y' }] }],
    ['another shape', { home: 'x' }],
  ])('error: %s', (_, content) => {
    expect(() => readModuleHints(file(content))).toThrow()
  })
})
