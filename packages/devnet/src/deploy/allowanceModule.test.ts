import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { abiSignatures, allowanceModuleAbi } from '@concord/safe/allowanceModule'
import { getAllowanceModuleDeployment } from '@safe-global/safe-modules-deployments'
import type { Abi } from 'viem'
import { describe, expect, it } from 'vitest'

const artifact = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'artifacts', 'AllowanceModule.json'), 'utf8'),
) as { abi: Abi }

describe("the devnet's AllowanceModule", () => {
  it('has exactly the functions and events of the published AllowanceModule v0.1.1', () => {
    const canonical = getAllowanceModuleDeployment({ version: '0.1.1' })?.abi as Abi
    expect(abiSignatures(artifact.abi)).toEqual(abiSignatures(canonical))
    expect(abiSignatures(artifact.abi)).toEqual(abiSignatures(allowanceModuleAbi))
  })
})
