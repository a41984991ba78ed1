// The repo's import graph as the tier check reads it (scripts/importTiers.ts): every import of a TypeScript source,
// and where its specifier leads, relative ones against the importer and workspace packages through their exports.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'

export type ImportRef = {
  specifier: string
  line: number
  /** `import type …` / `export type … from`: erased entirely, so it costs nothing at run time. */
  typeOnly: boolean
}

// One import clause: `X`, `{ … }`, `* as X`, `X, { … }`, `X, * as Y`, or `*` (export *). Anchored at the start of
// a line, so comments and strings that mention `from '…'` are not read as imports.
const STATIC_RE =
  /^[ \t]*(?:import|export)\s+(type\s+)?(?:(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?)|[\w$]+)\s*from\s*(['"])([^'"\n]+)\2/gm
const SIDE_EFFECT_RE = /^[ \t]*import\s*(['"])([^'"\n]+)\1/gm
const DYNAMIC_RE = /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g

/** Every import/export-from/dynamic import in a TypeScript source, with its 1-based line. */
export function parseImports(source: string): ImportRef[] {
  const lineAt = (index: number) => source.slice(0, index).split('\n').length
  const refs: ImportRef[] = []
  for (const m of source.matchAll(STATIC_RE))
    refs.push({ specifier: m[3] as string, line: lineAt(m.index), typeOnly: m[1] !== undefined })
  for (const m of source.matchAll(SIDE_EFFECT_RE))
    refs.push({ specifier: m[2] as string, line: lineAt(m.index), typeOnly: false })
  for (const m of source.matchAll(DYNAMIC_RE))
    refs.push({ specifier: m[2] as string, line: lineAt(m.index), typeOnly: false })
  return refs.sort((a, b) => a.line - b.line)
}

type Workspace = { name: string; dir: string; exports: Record<string, string> }

/** Resolves specifiers to repo-relative paths: relative ones against the importer, workspace packages through `exports`. */
export function createResolver(root: string) {
  const workspaces: Workspace[] = []
  for (const group of ['packages', 'apps']) {
    const groupDir = join(root, group)
    if (!existsSync(groupDir)) continue
    for (const name of readdirSync(groupDir)) {
      const pkgFile = join(groupDir, name, 'package.json')
      if (!existsSync(pkgFile)) continue
      const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'))
      const exports: Record<string, string> =
        typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {})
      workspaces.push({ name: pkg.name, dir: `${group}/${name}`, exports })
    }
  }
  const withExtension = (path: string) => {
    if (/\.(tsx?|css|json|svg|png)$/.test(path)) return path
    for (const candidate of [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`])
      if (existsSync(join(root, candidate))) return candidate
    return path.replace(/\.js$/, '.ts')
  }
  return (importer: string, specifier: string): string | undefined => {
    if (specifier.startsWith('.')) return withExtension(posix.join(posix.dirname(importer), specifier))
    const ws = workspaces.find((w) => specifier === w.name || specifier.startsWith(`${w.name}/`))
    if (!ws) return undefined
    const subpath = `.${specifier.slice(ws.name.length)}`
    const target = ws.exports[subpath]
    // No such entry point: still inside that workspace, which is all the packages-apps rule needs to know.
    return posix.join(ws.dir, target ?? subpath)
  }
}

export type Resolve = ReturnType<typeof createResolver>

/** Every .ts/.tsx under apps/*\/src and packages/*\/src, repo-relative and sorted. */
export function listSources(root: string): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path)
      } else if (/\.tsx?$/.test(entry.name)) files.push(path)
    }
  }
  for (const group of ['apps', 'packages']) {
    if (!existsSync(join(root, group))) continue
    for (const name of readdirSync(join(root, group)))
      if (existsSync(join(root, group, name, 'src'))) walk(`${group}/${name}/src`)
  }
  return files.sort()
}
