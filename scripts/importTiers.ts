// The import tiers of apps/*/src and packages/*/src, checked by scripts/importTiers.test.ts (unit project, so
// `npm test` fails on a new violation). A test rather than Biome's noRestrictedImports: Biome matches the
// specifier text, and our imports are relative ('../chains/chains.repository.ts'), so "another module" or "a
// higher tier" only shows once the specifier is resolved against the importing file's folder.
//
// The rules (tiers govern production code; test code, meaning *.test.ts(x), testing/ and TEST_SUPPORT, may
// import anything in its own app, and production code never imports test code):
//  gateway-tiers    apps/gateway/src: shared (changes/ config/ db/ errors/ http/ log/ rpc/ safe/ web/) → domain
//                   (indexer/, each modules/<name>/) → app (createApp.ts createGateway.ts main.ts index.ts): the routes are wired at the top, so http/
//                   is plumbing that imports no module.
//                   A tier imports only its own tier and the ones to its left.
//  gateway-modules  a domain unit (indexer/ or one modules/<name>/) imports another unit only through that
//                   unit's repositories (modules/<name>/*.repository.ts: the data API a module offers, as in
//                   CGW's "cross-module imports via domain/ only"), or through an ALLOWED_IMPORTS entry.
//  web-tiers        apps/web/src: lib/ config/ components/ hooks/ utils/ types/ → features/ → app/.
//  web-features     a feature never imports another feature (bulletproof-react), except an ALLOWED_IMPORTS entry.
//  test-code        production code never imports testing/ or a test file.
//  packages-apps    packages/* never import apps/* (tests included).
//  web-bundle       apps/web production code never imports @concord/safe/deployments or /versions, nor anything
//                   that reaches @safe-global/safe-deployments through a workspace package (bundle size).
//  unclassified     a production file outside every tier above: give its folder a tier here.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createResolver, type ImportRef, listSources, parseImports, type Resolve } from './importGraph.ts'

export type Violation = { file: string; line: number; specifier: string; rule: string; message: string }

/** An exception to the rules: `from` is a file, or a folder ending in '/'; `to` is a file. Paths from the repo root. */
type Allowance = { from: string; to: string; reason: string }

/** Imports that break a rule on purpose. An entry that no longer matches any import fails the test: delete it. */
export const ALLOWED_IMPORTS: Allowance[] = [
  {
    from: 'apps/gateway/src/modules/transactions/',
    to: 'apps/gateway/src/modules/dataDecoder/decodeData.ts',
    reason:
      "a transaction's txInfo and details carry `dataDecoded`, decoded exactly as GET /data-decoder does (CGW's transactions module uses its data-decoder module the same way)",
  },
  {
    from: 'apps/gateway/src/modules/simulation/',
    to: 'apps/gateway/src/modules/dataDecoder/multiSend.ts',
    reason:
      'the simulation finds the tokens a MultiSend batch touches with the one parser of the packed MultiSend format',
  },
  {
    from: 'apps/gateway/src/modules/simulation/',
    to: 'apps/gateway/src/modules/dataDecoder/hex.ts',
    reason: 'the same bounded hex check (no regex on MiBs) for calldata in request bodies',
  },
]

/** Violations present when the check was introduced, kept so `npm test` passes; each is debt to remove, not a design. */
export const KNOWN_VIOLATIONS: Allowance[] = []

/** Files outside testing/ and not named *.test.ts that only tests use. */
export const TEST_SUPPORT: { file: string; reason: string }[] = [
  {
    file: 'apps/gateway/src/indexer/crash.child.ts',
    reason: 'the child process crash.devnet.test.ts starts and SIGKILLs; it builds a whole gateway',
  },
]

const GATEWAY = 'apps/gateway/src/'
const GATEWAY_SHARED = new Set([
  'changes',
  'config',
  'db',
  'errors',
  'http',
  'log',
  'rpc',
  'safe',
  'web',
  'testing',
])
const GATEWAY_APP = new Set(['createApp.ts', 'createGateway.ts', 'main.ts', 'index.ts'])
const WEB = 'apps/web/src/'
const WEB_SHARED = new Set(['lib', 'config', 'components', 'hooks', 'utils', 'types', 'testing'])
const WEB_BUNDLE_FORBIDDEN = [
  '@concord/safe/deployments',
  '@concord/safe/versions',
  '@safe-global/safe-deployments',
]
/** What the web bundle must never reach, even through a workspace package. */
const WEB_BUNDLE_HEAVY = '@safe-global/safe-deployments'

const TIER_NAMES = ['shared', 'domain', 'app'] as const

/** Where a file sits: `rank` orders the tiers (0 shared, 1 domain/features, 2 app); `unit` is its folder. */
type Place = { app: 'gateway' | 'web'; rank: number; unit: string }

export function placeOf(file: string): Place | undefined {
  if (file.startsWith(GATEWAY)) {
    const rel = file.slice(GATEWAY.length)
    const [top, second] = rel.split('/')
    if (GATEWAY_APP.has(rel)) return { app: 'gateway', rank: 2, unit: 'app' }
    if (top && GATEWAY_SHARED.has(top) && rel.includes('/'))
      return { app: 'gateway', rank: 0, unit: `${top}/` }
    if (top === 'indexer' && rel.includes('/')) return { app: 'gateway', rank: 1, unit: 'indexer/' }
    if (top === 'modules' && second && rel.split('/').length > 2)
      return { app: 'gateway', rank: 1, unit: `modules/${second}/` }
    return undefined
  }
  if (file.startsWith(WEB)) {
    const rel = file.slice(WEB.length)
    const [top, second] = rel.split('/')
    if (!rel.includes('/')) return undefined
    if (top && WEB_SHARED.has(top)) return { app: 'web', rank: 0, unit: `${top}/` }
    if (top === 'features' && second && rel.split('/').length > 2)
      return { app: 'web', rank: 1, unit: `features/${second}/` }
    if (top === 'app') return { app: 'web', rank: 2, unit: 'app/' }
    return undefined
  }
  return undefined
}

export function isTestCode(file: string): boolean {
  return (
    /\.test(-d)?\.tsx?$/.test(file) ||
    /^apps\/[^/]+\/src\/testing\//.test(file) ||
    TEST_SUPPORT.some((t) => t.file === file)
  )
}

const matches = (a: Allowance, file: string, target: string | undefined) =>
  target === a.to && (a.from.endsWith('/') ? file.startsWith(a.from) : file === a.from)

/** What made an import pass, so the test can report allow-list entries nothing uses any more. */
export type Usage = Set<Allowance>

function describe(place: Place): string {
  const tier = place.app === 'web' && place.rank === 1 ? 'features' : TIER_NAMES[place.rank]
  return `${tier} tier (${place.unit})`
}

/** The rule an import breaks, or undefined. `readSource` is used for the web bundle's transitive check. */
export function checkImport(
  file: string,
  ref: ImportRef,
  resolve: Resolve,
  readSource: (file: string) => string | undefined,
  used: Usage = new Set(),
): Violation | undefined {
  const target = resolve(file, ref.specifier)
  const violation = (rule: string, message: string): Violation | undefined => {
    const exception = [...ALLOWED_IMPORTS, ...KNOWN_VIOLATIONS].find((a) => matches(a, file, target))
    if (exception) {
      used.add(exception)
      return undefined
    }
    return { file, line: ref.line, specifier: ref.specifier, rule, message }
  }
  const test = isTestCode(file)

  if (file.startsWith('packages/') && target?.startsWith('apps/'))
    return violation('packages-apps', `a package imports an app (${target})`)
  if (test || !target) return checkWebBundle(file, ref, test, target, resolve, readSource, violation)
  if (isTestCode(target) && target.startsWith('apps/'))
    return violation('test-code', `production code imports test code (${target})`)

  const from = placeOf(file)
  const to = placeOf(target)
  if (from && to && from.app === to.app) {
    const rule = from.app === 'gateway' ? 'gateway-tiers' : 'web-tiers'
    if (to.rank > from.rank) return violation(rule, `${describe(from)} imports ${describe(to)}: ${target}`)
    if (from.rank === 1 && to.rank === 1 && from.unit !== to.unit) {
      if (from.app === 'web') return violation('web-features', `a feature imports another feature: ${target}`)
      const inUnit = target.slice(GATEWAY.length + to.unit.length)
      const isRepository = to.unit.startsWith('modules/') && /^[^/]+\.repository\.ts$/.test(inUnit)
      if (!isRepository)
        return violation('gateway-modules', `${from.unit} imports ${to.unit} internals: ${target}`)
    }
  }
  return checkWebBundle(file, ref, test, target, resolve, readSource, violation)
}

function checkWebBundle(
  file: string,
  ref: ImportRef,
  test: boolean,
  target: string | undefined,
  resolve: Resolve,
  readSource: (file: string) => string | undefined,
  violation: (rule: string, message: string) => Violation | undefined,
): Violation | undefined {
  if (test || !file.startsWith(WEB)) return undefined
  if (WEB_BUNDLE_FORBIDDEN.includes(ref.specifier))
    return violation('web-bundle', `the web bundle must not include ${WEB_BUNDLE_HEAVY}`)
  if (!target?.startsWith('packages/')) return undefined
  const path = reachesHeavy(target, resolve, readSource, new Set())
  if (path) return violation('web-bundle', `reaches ${WEB_BUNDLE_HEAVY} through ${path.join(' → ')}`)
  return undefined
}

/** The chain of package files from `file` to one that imports WEB_BUNDLE_HEAVY, if any. */
function reachesHeavy(
  file: string,
  resolve: Resolve,
  readSource: (file: string) => string | undefined,
  seen: Set<string>,
): string[] | undefined {
  if (seen.has(file)) return undefined
  seen.add(file)
  const source = readSource(file)
  if (source === undefined) return undefined
  for (const ref of parseImports(source)) {
    if (ref.typeOnly) continue
    if (ref.specifier === WEB_BUNDLE_HEAVY || ref.specifier.startsWith(`${WEB_BUNDLE_HEAVY}/`)) return [file]
    const next = resolve(file, ref.specifier)
    if (!next?.startsWith('packages/')) continue
    const rest = reachesHeavy(next, resolve, readSource, seen)
    if (rest) return [file, ...rest]
  }
  return undefined
}

/** Checks every .ts/.tsx under apps/*\/src and packages/*\/src. */
export function checkRepo(root: string): { violations: Violation[]; files: number; unused: Allowance[] } {
  const resolve = createResolver(root)
  const readSource = (file: string) => {
    const path = join(root, file)
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined
  }
  const used: Usage = new Set()
  const violations: Violation[] = []
  const files = listSources(root)
  for (const file of files) {
    if (!isTestCode(file) && (file.startsWith(GATEWAY) || file.startsWith(WEB)) && !placeOf(file))
      violations.push({
        file,
        line: 1,
        specifier: '',
        rule: 'unclassified',
        message: 'this file is in no tier',
      })
    for (const ref of parseImports(readSource(file) ?? '')) {
      const v = checkImport(file, ref, resolve, readSource, used)
      if (v) violations.push(v)
    }
  }
  const unused = [...ALLOWED_IMPORTS, ...KNOWN_VIOLATIONS].filter((a) => !used.has(a))
  return { violations, files: files.length, unused }
}

export function formatViolation(v: Violation): string {
  return `${v.file}:${v.line} → ${v.specifier || '(file)'} (${v.rule}: ${v.message})`
}
