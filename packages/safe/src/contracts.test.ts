import { describe, expect, it } from 'vitest'
import {
  type MigrationContractName,
  SAFE_MIGRATION_V141_CODE_HASH,
  type SafeContractName,
  type SafeVersion,
  safeContracts,
  safeMigrationsV141,
  safeV141,
} from './contracts.ts'
import { canonicalDeployment, knownMasterCopies } from './deployments.ts'

const versions = Object.keys(safeContracts) as SafeVersion[]

describe.each(versions)('safe contracts v%s', (version) => {
  it.each(Object.keys(safeContracts[version]) as SafeContractName[])('match safe-deployments: %s', (name) => {
    expect(safeContracts[version][name]).toBe(canonicalDeployment(name, version).address)
  })
})

describe('migration contracts v1.4.1', () => {
  it.each(Object.keys(safeMigrationsV141) as MigrationContractName[])(
    'match safe-deployments: %s',
    (name) => {
      expect(safeMigrationsV141[name]).toBe(canonicalDeployment(name, '1.4.1').address)
    },
  )

  it("SafeMigration's code hash matches safe-deployments", () => {
    expect(SAFE_MIGRATION_V141_CODE_HASH).toBe(canonicalDeployment('safeMigration', '1.4.1').codeHash)
  })
})

describe('knownMasterCopies', () => {
  it('holds the canonical 1.3.0 and 1.4.1 singletons, L1 and L2, once each', () => {
    const copies = knownMasterCopies()
    expect(copies).toContainEqual({ address: safeV141.safeL2, version: '1.4.1', l2: true })
    expect(copies).toContainEqual({ address: safeV141.safe, version: '1.4.1', l2: false })
    expect(copies).toContainEqual({
      address: '0x3E5c63644E683549055b9Be8653de26E0B4CD36E',
      version: '1.3.0',
      l2: true,
    })
    expect(new Set(copies.map((c) => c.address)).size).toBe(copies.length)
  })
})
