import { toEventSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { TRUSTED_DELEGATE_CALL_TARGETS } from './contracts.ts'
import {
  layoutsByTopic,
  migrationContracts,
  migrationImplementation,
  proxyCreationLayouts,
  safeEventLayouts,
  safeSingletons,
  singletonByCodeHash,
  trustedDelegateCallTargets,
  versionLabel,
} from './versions.ts'

describe('safeSingletons', () => {
  it('holds 1.3.0 (canonical and eip155), 1.4.1 and 1.5.0, L1 and L2', () => {
    const labels = (address: string) =>
      safeSingletons()
        .filter((s) => s.address === address)
        .map(versionLabel)
    expect(labels('0xd9Db270c1B5E3Bd161E8c8503c55cEABeE709552')).toEqual(['1.3.0'])
    expect(labels('0x69f4D1788e39c87893C980c06EdF4b7f686e2938')).toEqual(['1.3.0'])
    expect(labels('0x3E5c63644E683549055b9Be8653de26E0B4CD36E')).toEqual(['1.3.0+L2'])
    expect(labels('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762')).toEqual(['1.4.1+L2'])
    expect(labels('0xFf51A5898e281Db6DfC7855790607438dF2ca44b')).toEqual(['1.5.0'])
    expect(labels('0xEdd160fEBBD92E350D4D398fb636302fccd67C7e')).toEqual(['1.5.0+L2'])
  })

  it('recognises a singleton by its code hash alone', () => {
    const l2 = safeSingletons().find((s) => s.version === '1.3.0' && s.l2)
    expect(singletonByCodeHash(l2!.codeHash.toUpperCase().replace('0X', '0x') as never)).toMatchObject({
      version: '1.3.0',
      l2: true,
    })
    expect(singletonByCodeHash(`0x${'00'.repeat(32)}`)).toBeUndefined()
  })
})

describe('event layouts', () => {
  const byTopic = layoutsByTopic(safeEventLayouts())
  const indexed = (signature: string) =>
    (byTopic.get(toEventSelector(signature)) ?? []).map((e) => e.inputs.map((i) => !!i.indexed))

  it('knows both layouts of the events whose indexing changed after 1.3.0', () => {
    expect(indexed('AddedOwner(address)')).toEqual([[false], [true]])
    expect(indexed('ExecutionSuccess(bytes32,uint256)')).toEqual([
      [false, false],
      [true, false],
    ])
    expect(indexed('ChangedThreshold(uint256)')).toEqual([[false]])
    expect(indexed('ChangedModuleGuard(address)')).toEqual([[true]])
    expect(indexed('ChangedMasterCopy(address)')).toEqual([[false]])
  })

  it('knows the ProxyCreation of the 1.3.0 and later factories', () => {
    expect(proxyCreationLayouts().map((e) => e.inputs.map((i) => !!i.indexed))).toEqual([
      [false, false],
      [true, false],
    ])
  })
})

describe('trustedDelegateCallTargets', () => {
  it('default: the static list the web app uses (contracts.ts) is the same, from safe-deployments', () => {
    expect(Object.fromEntries(trustedDelegateCallTargets())).toEqual(TRUSTED_DELEGATE_CALL_TARGETS)
  })

  it('lists MultiSend, MultiSendCallOnly and SignMessageLib of every version', () => {
    const targets = trustedDelegateCallTargets()
    expect(targets.get('0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761')).toBe('MultiSend') // 1.3.0
    expect(targets.get('0x40A2aCCbd92BCA938b02010E17A5b8929b49130D')).toBe('MultiSendCallOnly') // 1.3.0
    expect(targets.get('0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526')).toBe('MultiSend') // 1.4.1
    expect(targets.get('0x4FfeF8222648872B3dE295Ba1e49110E61f5b5aa')).toBe('SignMessageLib') // 1.5.0
    expect(targets.has('0x29fcB43b46531BcA003ddC8FCB67FFE91900C762')).toBe(false) // a singleton
  })

  it('lists the migration contracts of every version that has them (1.4.1 and 1.5.0)', () => {
    const targets = trustedDelegateCallTargets()
    expect(targets.get('0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6')).toBe('SafeMigration') // 1.4.1
    expect(targets.get('0x817756C6c555A94BCEE39eB5a102AbC1678b09A7')).toBe('SafeMigration') // 1.4.1 zksync
    expect(targets.get('0xfF83F6335d8930cBad1c0D439A841f01888D9f69')).toBe('SafeToL2Migration') // 1.4.1
    expect(targets.get('0x6439e7ABD8Bb915A5263094784C5CF561c4172AC')).toBe('SafeMigration') // 1.5.0
    // SafeToL2Setup runs from setup(), never from execTransaction: not a target.
    expect(targets.has('0xBD89A1CE4DDe368FFAB0eC35506eEcE0b1fFdc54')).toBe(false)
  })
})

describe('migrationImplementation', () => {
  const SAFE_MIGRATION_141 = '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6'
  const SAFE_MIGRATION_150 = '0x6439e7ABD8Bb915A5263094784C5CF561c4172AC'
  const TO_L2 = '0xfF83F6335d8930cBad1c0D439A841f01888D9f69'

  it('SafeMigration moves to the singleton of its version and deployment type', () => {
    expect(migrationContracts().get(SAFE_MIGRATION_141)).toEqual({
      name: 'SafeMigration',
      version: '1.4.1',
      singleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
      l2Singleton: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
    })
    expect(migrationImplementation(SAFE_MIGRATION_141, 'migrateL2WithFallbackHandler', [])).toBe(
      '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
    )
    expect(migrationImplementation(SAFE_MIGRATION_141, 'migrateL2Singleton', [])).toBe(
      '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
    )
    expect(migrationImplementation(SAFE_MIGRATION_141, 'migrateSingleton', [])).toBe(
      '0x41675C099F32341bf84BFc5382aF534df5C7461a',
    )
    expect(migrationImplementation(SAFE_MIGRATION_150, 'migrateWithFallbackHandler', [])).toBe(
      '0xFf51A5898e281Db6DfC7855790607438dF2ca44b',
    )
  })

  it('SafeToL2Migration moves to the L2 singleton its call names', () => {
    const l2 = '0x29fcb43b46531bca003ddc8fcb67ffe91900c762'
    expect(migrationImplementation(TO_L2, 'migrateToL2', [l2])).toBe(
      '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
    )
    expect(migrationImplementation(TO_L2, 'migrateFromV111', [l2, l2])).toBe(
      '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
    )
  })

  it('error: another method, a library or a malformed argument is no migration', () => {
    expect(migrationImplementation(SAFE_MIGRATION_141, 'SAFE_SINGLETON', [])).toBeNull()
    expect(migrationImplementation(TO_L2, 'migrateSingleton', [])).toBeNull()
    expect(migrationImplementation(TO_L2, 'migrateToL2', ['0x1234'])).toBeNull()
    expect(
      migrationImplementation('0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526', 'migrateSingleton', []),
    ).toBeNull()
  })
})
