import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createResolver, parseImports } from './importGraph.ts'
import { ALLOWED_IMPORTS, checkImport, checkRepo, formatViolation, KNOWN_VIOLATIONS } from './importTiers.ts'

const root = join(import.meta.dirname, '..')
const resolve = createResolver(root)

/** The rule `source`, placed at `file`, breaks (one per import), reading the real tree for anything else. */
function rulesBroken(
  file: string,
  source: string,
  readSource: (file: string) => string | undefined = () => undefined,
) {
  return parseImports(source).map((ref) => checkImport(file, ref, resolve, readSource)?.rule)
}

describe('import tiers', () => {
  it('the tree follows them', () => {
    const { violations, files, unused } = checkRepo(root)
    expect(files).toBeGreaterThan(100)
    expect(violations.map(formatViolation), 'import tier violations (rules: scripts/importTiers.ts)').toEqual(
      [],
    )
    expect(
      unused.map((a) => `${a.from} → ${a.to}`),
      'allow-list entries no import needs any more: delete them from scripts/importTiers.ts',
    ).toEqual([])
  })

  it('every exception gives its reason', () => {
    for (const a of [...ALLOWED_IMPORTS, ...KNOWN_VIOLATIONS]) expect(a.reason.length).toBeGreaterThan(20)
  })
})

describe('parseImports', () => {
  it('reads static, type-only, re-export, side-effect and dynamic imports, and skips comments', () => {
    const source = [
      "import { a } from './a.ts'",
      "import type { B } from '../b.ts'",
      'import {',
      '  c,',
      '  type D,',
      "} from 'c'",
      "export * from './e.ts'",
      "export type { F } from './f.ts'",
      "import './g.css'",
      "// it comes from './not-an-import.ts'",
      "const h = await import('./h.ts')",
    ].join('\n')
    expect(parseImports(source)).toEqual([
      { specifier: './a.ts', line: 1, typeOnly: false },
      { specifier: '../b.ts', line: 2, typeOnly: true },
      { specifier: 'c', line: 3, typeOnly: false },
      { specifier: './e.ts', line: 7, typeOnly: false },
      { specifier: './f.ts', line: 8, typeOnly: true },
      { specifier: './g.css', line: 9, typeOnly: false },
      { specifier: './h.ts', line: 11, typeOnly: false },
    ])
  })
})

describe('checkImport fails on', () => {
  it('a gateway shared file importing the domain or app tier', () => {
    expect(
      rulesBroken(
        'apps/gateway/src/db/fake.ts',
        "import { x } from '../modules/chains/chains.routes.ts'\nimport { y } from '../createGateway.ts'\nimport { z } from '../indexer/rows.ts'",
      ),
    ).toEqual(['gateway-tiers', 'gateway-tiers', 'gateway-tiers'])
  })

  it("a module importing another module's internals, but not its repository", () => {
    expect(
      rulesBroken(
        'apps/gateway/src/modules/safes/fake.ts',
        "import { x } from '../chains/chains.routes.ts'\nimport { y } from '../chains/chains.repository.ts'\nimport { z } from '../../indexer/rows.ts'",
      ),
    ).toEqual(['gateway-modules', undefined, 'gateway-modules'])
  })

  it('a shared file importing a module even for a type (tiers count type-only imports too)', () => {
    expect(
      rulesBroken(
        'apps/gateway/src/http/require.ts',
        "import type { A } from '../modules/chains/chains.repository.ts'\nimport { B } from './errors.ts'",
      ),
    ).toEqual(['gateway-tiers', undefined])
  })

  it('production code importing testing/, which tests may', () => {
    const source = "import { x } from '../testing/createTestConfig.ts'"
    expect(rulesBroken('apps/gateway/src/http/fake.ts', source)).toEqual(['test-code'])
    expect(rulesBroken('apps/gateway/src/http/fake.test.ts', source)).toEqual([undefined])
  })

  it('web: lib importing a feature, a feature importing app or another feature', () => {
    expect(
      rulesBroken('apps/web/src/lib/fake.ts', "import { x } from '../features/safe/queries.ts'"),
    ).toEqual(['web-tiers'])
    expect(
      rulesBroken(
        'apps/web/src/features/safe/fake.ts',
        "import { x } from '../../app/router.tsx'\nimport { y } from '../transactions/queries.ts'\nimport { z } from '../../lib/format.ts'",
      ),
    ).toEqual(['web-tiers', 'web-features', undefined])
  })

  it('a package importing an app', () => {
    expect(
      rulesBroken(
        'packages/safe/src/fake.ts',
        "import { x } from '../../../apps/gateway/src/main.ts'\nimport { y } from '@concord/gateway'\nimport { z } from '@concord/web'",
      ),
    ).toEqual(['packages-apps', 'packages-apps', 'packages-apps'])
  })

  it('the web app importing safe-deployments, directly or through @concord/safe', () => {
    expect(
      rulesBroken(
        'apps/web/src/lib/fake.ts',
        "import { x } from '@concord/safe/deployments'\nimport { y } from '@concord/safe/versions'",
      ),
    ).toEqual(['web-bundle', 'web-bundle'])
    const readSource = (file: string) =>
      file === 'packages/safe/src/SafeTx.ts'
        ? "import { z } from './versions.ts'"
        : "import { w } from '@safe-global/safe-deployments'"
    expect(
      rulesBroken('apps/web/src/lib/fake.ts', "import * as SafeTx from '@concord/safe/SafeTx'", readSource),
    ).toEqual(['web-bundle'])
    expect(rulesBroken('apps/gateway/src/rpc/fake.ts', "import { x } from '@concord/safe/versions'")).toEqual(
      [undefined],
    )
  })
})
