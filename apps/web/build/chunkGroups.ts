// The first screens' code in a few files instead of ~35. Left to itself, the bundler gives every set of
// modules shared by a different set of lazy screens its own chunk: a cold deep link to a Safe's Home fetched
// 36 files, most under 2 kB, six at a time, each a request for the browser and the gateway to handle and a
// module for the browser to instantiate. Here the modules the boot loads go into three chunks by when they are
// needed: the entry's own closure, the app shell with the start page, and a Safe's dashboard.
import { resolve } from 'node:path'

/**
 * Module roots of each group, relative to apps/web: a group holds the workspace modules their static imports
 * reach, and of npm packages only those named. Other packages stay with the bundler, which keeps only the
 * parts used of a package imported through its index (viem's alone reaches all of viem).
 */
export const CHUNK_GROUPS = [
  // The entry (src/app/main.tsx) and what it imports: React, TanStack Query, the boot.
  {
    name: 'boot',
    roots: ['src/app/main.tsx'],
    packages: ['react', 'react-dom', 'scheduler', '@tanstack/'],
  },
  // The app shell, router and start page: every screen and the landing page need them.
  {
    name: 'shell',
    roots: ['src/app/AppShell.tsx', 'src/app/routes/home.tsx'],
    packages: ['react-router', 'cookie', 'set-cookie-parser'],
  },
  // A Safe's Home and the boot's prefetch of its data (a deep link to a Safe).
  { name: 'safe-home', roots: ['src/app/routes/safeHome.tsx', 'src/app/bootPrefetch.ts'], packages: [] },
] as const satisfies readonly { name: string; roots: readonly string[]; packages: readonly string[] }[]

/** What rolldown's chunking context tells of a module (the part used here). */
type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

/**
 * rolldown `output.codeSplitting.groups`: a module goes to the first group whose roots reach it by static
 * imports; other modules (lazy screens, the wallet) keep the bundler's automatic chunks. Each group takes the
 * modules its own imports (bundler's default), the earlier group first: so the shell, not the Safe's Home,
 * holds the router both use.
 */
export function chunkGroups(webDir: string) {
  let owner: Map<string, string> | undefined
  return CHUNK_GROUPS.map(({ name }, index) => ({
    name: (id: string, graph: ModuleGraph) => {
      owner ??= assignModules(graph, webDir)
      return owner.get(id) === name ? name : null
    },
    priority: CHUNK_GROUPS.length - index,
  }))
}

/** The npm package of a module id (`@scope/name` or `name`), undefined for the workspace's own modules. */
export function packageOf(id: string): string | undefined {
  const path = id.split(/[\\/]node_modules[\\/]/).at(-1)
  if (path === id || path === undefined) return undefined
  const [first, second] = path.split(/[\\/]/)
  return first?.startsWith('@') ? `${first}/${second}` : first
}

/** Module id → group name, the earlier group first. */
function assignModules(graph: ModuleGraph, webDir: string): Map<string, string> {
  const owner = new Map<string, string>()
  for (const { name, roots, packages } of CHUNK_GROUPS) {
    const taken = (id: string) => {
      const pkg = packageOf(id)
      return pkg === undefined || packages.some((p) => pkg === p || (p.endsWith('/') && pkg.startsWith(p)))
    }
    const queue = roots.map((root) => resolve(webDir, root))
    while (queue.length) {
      const id = queue.pop() as string
      if (owner.has(id) || !taken(id)) continue
      const info = graph.getModuleInfo(id)
      if (!info) throw new Error(`chunk group ${name}: ${id} is not in the module graph`)
      owner.set(id, name)
      queue.push(...info.importedIds)
    }
  }
  return owner
}
