import { describe, expect, it } from 'vitest'
import { CHUNK_GROUPS, chunkGroups, packageOf } from './chunkGroups'

describe('packageOf', () => {
  it('default: the npm package of a module, scoped or not; none for the workspace', () => {
    expect(packageOf('/w/node_modules/react-dom/cjs/react-dom.js')).toBe('react-dom')
    expect(packageOf('/w/node_modules/@tanstack/query-core/build/x.js')).toBe('@tanstack/query-core')
    expect(packageOf('/w/node_modules/a/node_modules/viem/_esm/index.js')).toBe('viem')
    expect(packageOf('/w/apps/web/src/app/main.tsx')).toBeUndefined()
  })
})

describe('chunkGroups', () => {
  /** A module graph: the entry, the shell with its router, a Safe's Home, and a library reached via a barrel. */
  const root = '/w/apps/web'
  const src = (path: string) => `${root}/${path}`
  const nm = (path: string) => `/w/node_modules/${path}`
  const imports: Record<string, string[]> = {
    [src('src/app/main.tsx')]: [nm('react/index.js'), src('src/lib/gateway.ts'), nm('viem/index.js')],
    [nm('react/index.js')]: [],
    [src('src/lib/gateway.ts')]: [],
    [nm('viem/index.js')]: [nm('viem/wallet.js')],
    [nm('viem/wallet.js')]: [],
    [src('src/app/AppShell.tsx')]: [src('src/app/router.tsx'), src('src/lib/gateway.ts')],
    [src('src/app/router.tsx')]: [nm('react-router/index.mjs')],
    [nm('react-router/index.mjs')]: [],
    [src('src/app/routes/home.tsx')]: [],
    [src('src/app/routes/safeHome.tsx')]: [nm('react-router/index.mjs'), src('src/features/TopAssets.tsx')],
    [src('src/features/TopAssets.tsx')]: [],
    [src('src/app/bootPrefetch.ts')]: [],
  }
  const graph = { getModuleInfo: (id: string) => (imports[id] ? { importedIds: imports[id] } : null) }
  const groupOf = (id: string) =>
    chunkGroups(root)
      .map((group) => group.name(id, graph))
      .filter((name) => name !== null)

  it('default: each module in the first group reaching it, npm packages only where named', () => {
    expect(groupOf(src('src/app/main.tsx'))).toEqual(['boot'])
    expect(groupOf(nm('react/index.js'))).toEqual(['boot'])
    expect(groupOf(src('src/lib/gateway.ts'))).toEqual(['boot'])
    expect(groupOf(nm('react-router/index.mjs'))).toEqual(['shell'])
    expect(groupOf(src('src/features/TopAssets.tsx'))).toEqual(['safe-home'])
  })

  it('behavior: a package no group names (reached through its index) stays with the bundler', () => {
    expect(groupOf(nm('viem/index.js'))).toEqual([])
    expect(groupOf(nm('viem/wallet.js'))).toEqual([])
  })

  it('behavior: the earlier group has the higher priority', () => {
    const priorities = chunkGroups(root).map((group) => group.priority)
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a))
    expect(priorities).toHaveLength(CHUNK_GROUPS.length)
  })

  it('error: a root missing from the module graph fails the build', () => {
    const [boot] = chunkGroups('/elsewhere')
    expect(() => boot!.name(src('src/app/main.tsx'), graph)).toThrow(/not in the module graph/)
  })
})
