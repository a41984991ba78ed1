// The simulator's two assumptions, checked against their sources: the committed runtime code is what
// contracts/SafeSimulator.sol compiles to, and `modules` sits at SAFE_MODULES_SLOT in every Safe it runs on.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { SAFE_MODULES_SLOT, safeSimulatorAbi, safeSimulatorRuntimeCode } from '@concord/safe/simulator'
import { describe, expect, it } from 'vitest'
import { compileContracts } from '../scripts/solc.ts'

const require = createRequire(import.meta.url)

/** The compiler's storage layout of a Safe singleton, from the package's Hardhat build info. */
function storageLayout(pkg: string, contract: 'GnosisSafe' | 'Safe') {
  const artifacts = join(dirname(require.resolve(`${pkg}/package.json`)), 'build', 'artifacts')
  const dbgFile = join(artifacts, 'contracts', `${contract}.sol`, `${contract}.dbg.json`)
  const { buildInfo } = JSON.parse(readFileSync(dbgFile, 'utf8')) as { buildInfo: string }
  const info = JSON.parse(readFileSync(join(dirname(dbgFile), buildInfo), 'utf8')) as {
    output: {
      contracts: Record<
        string,
        Record<string, { storageLayout: { storage: { label: string; slot: string }[] } }>
      >
    }
  }
  const layout = info.output.contracts[`contracts/${contract}.sol`]?.[contract]?.storageLayout
  if (!layout) throw new Error(`no storage layout of ${contract} in ${pkg}`)
  return layout.storage.map((s) => [s.label, BigInt(s.slot)] as const)
}

describe('SafeSimulator', () => {
  it('the committed ABI and runtime code are what SafeSimulator.sol compiles to', () => {
    const { SafeSimulator } = compileContracts(['SafeSimulator'])
    expect(safeSimulatorRuntimeCode).toBe(SafeSimulator.deployedBytecode)
    expect(safeSimulatorAbi).toEqual(SafeSimulator.abi)
  })

  it.each([
    ['@gnosis.pm/safe-contracts', 'GnosisSafe'],
    ['@safe-global/safe-contracts', 'Safe'],
  ] as const)('%s %s keeps `modules` at SAFE_MODULES_SLOT', (pkg, contract) => {
    const layout = storageLayout(pkg, contract)
    expect(layout.slice(0, 2)).toEqual([
      ['singleton', 0n],
      ['modules', SAFE_MODULES_SLOT],
    ])
  })
})
