import {
  safeAbi,
  safeMigrationAbi,
  safeMigrationsV141,
  safeToL2MigrationAbi,
  safeV141,
} from '@concord/safe/contracts'
import { encodeFunctionData, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { createDataDecoder } from '../dataDecoder/decodeData.ts'
import { callInfo, type MapContext } from './txInfo.mapper.ts'

const SAFE = getAddress(`0x${'5a'.repeat(20)}`)
const ctx: MapContext = { chainId: 31337, safe: SAFE, tokens: new Map(), decoder: createDataDecoder() }
const migrate = (functionName: 'migrateL2WithFallbackHandler' | 'migrateSingleton') =>
  encodeFunctionData({ abi: safeMigrationAbi, functionName })

describe('callInfo of a Safe migration', () => {
  it('a DELEGATECALL to SafeMigration is CHANGE_IMPLEMENTATION to the singleton it moves to', () => {
    const info = callInfo(
      {
        to: safeMigrationsV141.safeMigration,
        value: '0',
        data: migrate('migrateL2WithFallbackHandler'),
        operation: 1,
      },
      ctx,
    )
    expect(info).toEqual({
      type: 'SettingsChange',
      humanDescription: null,
      dataDecoded: expect.objectContaining({ method: 'migrateL2WithFallbackHandler', parameters: [] }),
      settingsInfo: {
        type: 'CHANGE_IMPLEMENTATION',
        implementation: { value: safeV141.safeL2, name: 'SafeL2 1.4.1', logoUri: null },
      },
    })
    const l1 = callInfo(
      { to: safeMigrationsV141.safeMigration, value: '0', data: migrate('migrateSingleton'), operation: 1 },
      ctx,
    )
    expect(l1).toMatchObject({ settingsInfo: { implementation: { value: safeV141.safe } } })
  })

  it('SafeToL2Migration names the L2 singleton of its call', () => {
    const data = encodeFunctionData({
      abi: safeToL2MigrationAbi,
      functionName: 'migrateToL2',
      args: [safeV141.safeL2],
    })
    expect(
      callInfo({ to: safeMigrationsV141.safeToL2Migration, value: '0', data, operation: 1 }, ctx),
    ).toMatchObject({
      type: 'SettingsChange',
      settingsInfo: { type: 'CHANGE_IMPLEMENTATION', implementation: { value: safeV141.safeL2 } },
    })
  })

  it('error: a CALL to it, a DELEGATECALL elsewhere or another method stays Custom', () => {
    const data = migrate('migrateL2WithFallbackHandler')
    const called = callInfo({ to: safeMigrationsV141.safeMigration, value: '0', data, operation: 0 }, ctx)
    expect(called).toMatchObject({ type: 'Custom', methodName: 'migrateL2WithFallbackHandler' })
    const elsewhere = callInfo({ to: safeV141.multiSendCallOnly, value: '0', data, operation: 1 }, ctx)
    expect(elsewhere).toMatchObject({ type: 'Custom' })
    const getter = encodeFunctionData({ abi: safeMigrationAbi, functionName: 'SAFE_SINGLETON' })
    const read = callInfo(
      { to: safeMigrationsV141.safeMigration, value: '0', data: getter, operation: 1 },
      ctx,
    )
    expect(read).toMatchObject({ type: 'Custom', methodName: 'SAFE_SINGLETON' })
    const owner = encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [1n] })
    expect(callInfo({ to: SAFE, value: '0', data: owner, operation: 0 }, ctx)).toMatchObject({
      type: 'SettingsChange',
      settingsInfo: { type: 'CHANGE_THRESHOLD' },
    })
  })
})
