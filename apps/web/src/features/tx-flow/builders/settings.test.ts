import { safeAbi, safeMigrationAbi, safeMigrationsV141, safeV130, safeV141 } from '@concord/safe/contracts'
import { type Address, decodeFunctionData, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { BuildResult, SafeCall } from '../types'
import {
  buildAddOwner,
  buildChangeThreshold,
  buildDisableModule,
  buildEnableModule,
  buildRemoveOwner,
  buildSetFallbackHandler,
  buildSetGuard,
  buildSwapOwner,
  buildUpdateImplementation,
  canUpdateImplementation,
  previousInList,
  SENTINEL,
} from './settings'

const SAFE = getAddress(`0x${'5a'.repeat(20)}`)
const [A, B, C, D] = ['aa', 'bb', 'cc', 'dd'].map((byte) => getAddress(`0x${byte.repeat(20)}`)) as [
  Address,
  Address,
  Address,
  Address,
]
const setup = { address: SAFE, owners: [A, B, C], modules: [D, A] } as const

const decode = (result: BuildResult<SafeCall>) => {
  if (!result.ok) throw new Error(result.error)
  expect(result.value).toMatchObject({ to: SAFE, value: 0n, operation: 0 })
  const { functionName, args } = decodeFunctionData({ abi: safeAbi, data: result.value.data })
  return [functionName, ...(args ?? [])]
}

describe('previousInList', () => {
  it('default: the entry before, SENTINEL for the first', () => {
    expect(previousInList(setup.owners, A)).toEqual({ ok: true, value: SENTINEL })
    expect(previousInList(setup.owners, C)).toEqual({ ok: true, value: B })
    expect(previousInList(setup.owners, B.toLowerCase() as Address)).toEqual({ ok: true, value: A })
  })

  it('error: not in the list', () => {
    expect(previousInList(setup.owners, D)).toMatchObject({ ok: false })
  })
})

describe('owner changes', () => {
  it('default: addOwnerWithThreshold', () => {
    expect(decode(buildAddOwner(setup, D, 2))).toEqual(['addOwnerWithThreshold', D, 2n])
  })

  it('default: removeOwner with the previous owner from the list order', () => {
    expect(decode(buildRemoveOwner(setup, A, 1))).toEqual(['removeOwner', SENTINEL, A, 1n])
    expect(decode(buildRemoveOwner(setup, C, 2))).toEqual(['removeOwner', B, C, 2n])
  })

  it('default: swapOwner', () => {
    expect(decode(buildSwapOwner(setup, B, D))).toEqual(['swapOwner', A, B, D])
  })

  it('default: changeThreshold', () => {
    expect(decode(buildChangeThreshold(setup, 3))).toEqual(['changeThreshold', 3n])
  })

  it('error: duplicate, unknown, reserved owners and thresholds out of range', () => {
    expect(buildAddOwner(setup, B, 1)).toMatchObject({ ok: false, error: 'This address is already an owner' })
    expect(buildAddOwner(setup, SENTINEL, 1)).toMatchObject({ ok: false })
    expect(buildAddOwner(setup, SAFE, 1)).toMatchObject({ ok: false })
    expect(buildAddOwner(setup, D, 5)).toMatchObject({ ok: false })
    expect(buildRemoveOwner(setup, D, 1)).toMatchObject({ ok: false, error: 'This address is not an owner' })
    expect(buildRemoveOwner(setup, A, 3)).toMatchObject({ ok: false })
    expect(buildRemoveOwner({ ...setup, owners: [A] }, A, 1)).toMatchObject({ ok: false })
    expect(buildSwapOwner(setup, B, C)).toMatchObject({ ok: false })
    expect(buildSwapOwner(setup, D, A)).toMatchObject({ ok: false })
    expect(buildChangeThreshold(setup, 0)).toMatchObject({ ok: false })
    expect(buildChangeThreshold(setup, 1.5)).toMatchObject({ ok: false })
  })
})

describe('modules, guard and fallback handler', () => {
  it('default: enableModule, disableModule with the previous module', () => {
    expect(decode(buildEnableModule(setup, B))).toEqual(['enableModule', B])
    expect(decode(buildDisableModule(setup, D))).toEqual(['disableModule', SENTINEL, D])
    expect(decode(buildDisableModule(setup, A))).toEqual(['disableModule', D, A])
  })

  it('default: setGuard (zero removes it) and setFallbackHandler', () => {
    expect(decode(buildSetGuard(setup, C))).toEqual(['setGuard', C])
    const zero = '0x0000000000000000000000000000000000000000'
    expect(decode(buildSetGuard(setup, zero))).toEqual(['setGuard', zero])
    expect(decode(buildSetFallbackHandler(setup, C))).toEqual(['setFallbackHandler', C])
  })

  it('error: enabled twice, not enabled, the Safe itself', () => {
    expect(buildEnableModule(setup, D)).toMatchObject({ ok: false })
    expect(buildDisableModule(setup, B)).toMatchObject({ ok: false })
    expect(buildSetGuard(setup, SAFE)).toMatchObject({ ok: false })
    expect(buildSetFallbackHandler(setup, SAFE)).toMatchObject({ ok: false })
  })
})

describe('update the implementation', () => {
  const update = (
    version: string | null,
    fallbackHandler: Address | null = safeV130.compatibilityFallbackHandler,
  ) => {
    const result = buildUpdateImplementation({ version, fallbackHandler })
    if (!result.ok) throw new Error(result.error)
    const { call, ...rest } = result.value
    expect(call).toMatchObject({ to: safeMigrationsV141.safeMigration, value: 0n, operation: 1 })
    const { functionName, args } = decodeFunctionData({ abi: safeMigrationAbi, data: call.data })
    expect(args).toBeUndefined()
    return { functionName, ...rest }
  }

  it('default: a 1.3.0 L2 Safe DELEGATECALLs SafeMigration.migrateL2WithFallbackHandler', () => {
    expect(update('1.3.0+L2')).toEqual({
      functionName: 'migrateL2WithFallbackHandler',
      l2: true,
      setsFallbackHandler: true,
    })
  })

  it('default: a 1.3.0 non-L2 Safe DELEGATECALLs migrateWithFallbackHandler', () => {
    expect(update('1.3.0')).toEqual({
      functionName: 'migrateWithFallbackHandler',
      l2: false,
      setsFallbackHandler: true,
    })
    // The handler check ignores case.
    const lower = safeV130.compatibilityFallbackHandler.toLowerCase() as Address
    expect(update('1.3.0', lower).functionName).toBe('migrateWithFallbackHandler')
  })

  it('behavior: a handler other than the 1.3.0 CompatibilityFallbackHandler (or none) is kept', () => {
    expect(update('1.3.0+L2', C)).toEqual({
      functionName: 'migrateL2Singleton',
      l2: true,
      setsFallbackHandler: false,
    })
    expect(update('1.3.0', null)).toEqual({
      functionName: 'migrateSingleton',
      l2: false,
      setsFallbackHandler: false,
    })
  })

  it('error: a Safe already on 1.4.1, an unsupported or unknown version', () => {
    expect(canUpdateImplementation('1.3.0+L2')).toBe(true)
    expect(canUpdateImplementation('1.4.1+L2')).toBe(false)
    const handler = safeV141.compatibilityFallbackHandler
    expect(buildUpdateImplementation({ version: '1.4.1+L2', fallbackHandler: handler })).toEqual({
      ok: false,
      error: 'This Safe already runs 1.4.1',
    })
    expect(buildUpdateImplementation({ version: '1.1.1', fallbackHandler: null })).toEqual({
      ok: false,
      error: 'Only a 1.3.0 Safe can be updated to 1.4.1 (this one is 1.1.1)',
    })
    expect(buildUpdateImplementation({ version: null, fallbackHandler: null })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown version/),
    })
  })
})
