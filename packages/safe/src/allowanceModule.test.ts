import { getAllowanceModuleDeployment } from '@safe-global/safe-modules-deployments'
import type { Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { abiSignatures, allowanceModuleAbi, nextResetAt, toTokenAllowance } from './allowanceModule.ts'

const canonical = getAllowanceModuleDeployment({ version: '0.1.1' })?.abi as Abi

describe('AllowanceModule ABI', () => {
  it('the shared ABI is v0.1.1 as safe-modules-deployments publishes it', () => {
    expect(abiSignatures(allowanceModuleAbi)).toEqual(abiSignatures(canonical))
    expect(abiSignatures(canonical)).toHaveLength(26)
  })
})

describe('allowance words', () => {
  it('names getTokenAllowance words and computes the next reset', () => {
    const a = toTokenAllowance([100n, 40n, 1440n, 29_000_000n, 3n])
    expect(a).toEqual({ amount: 100n, spent: 40n, resetTimeMin: 1440, lastResetMin: 29_000_000, nonce: 3 })
    expect(nextResetAt(a)).toBe((29_000_000 + 1440) * 60_000)
    expect(nextResetAt({ ...a, resetTimeMin: 0 })).toBeUndefined()
  })
})
