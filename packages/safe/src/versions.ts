// What an indexer must know per Safe version, read from @safe-global/safe-deployments (never copied by hand):
// the singletons (by address and by runtime code hash) and every layout of the events Safes and their
// factories emit. The layouts differ by version only in which parameters are `indexed`, so topic0 is shared.
import {
  getMultiSendCallOnlyDeployment,
  getMultiSendDeployment,
  getProxyFactoryDeployment,
  getSafeL2SingletonDeployment,
  getSafeMigrationDeployment,
  getSafeSingletonDeployment,
  getSafeToL2MigrationDeployment,
  getSignMessageLibDeployment,
  type SingletonDeployment,
} from '@safe-global/safe-deployments'
import {
  type AbiEvent,
  type Address,
  getAddress,
  type Hex,
  isAddress,
  parseAbiItem,
  toEventSelector,
} from 'viem'

/** Safe versions Concord indexes (1.3.0 is the oldest with the chainId EIP-712 domain and SafeL2 events). */
export const SUPPORTED_VERSIONS = ['1.3.0', '1.4.1', '1.5.0'] as const
export type SupportedVersion = (typeof SUPPORTED_VERSIONS)[number]

export type Singleton = { address: Address; version: SupportedVersion; l2: boolean; codeHash: Hex }

const deploymentsOf = (d: SingletonDeployment | undefined) => Object.values(d?.deployments ?? {})

let singletonsMemo: Singleton[] | undefined
/** Every published singleton (all deployment types) of the supported versions, L1 and L2. */
export function safeSingletons(): Singleton[] {
  singletonsMemo ??= SUPPORTED_VERSIONS.flatMap((version) =>
    ([false, true] as const).flatMap((l2) =>
      deploymentsOf((l2 ? getSafeL2SingletonDeployment : getSafeSingletonDeployment)({ version })).flatMap(
        (d) => (d ? [{ address: getAddress(d.address), version, l2, codeHash: d.codeHash as Hex }] : []),
      ),
    ),
  )
  return singletonsMemo
}

/** Singleton version by runtime code hash: recognises a Safe whose singleton sits at an unlisted address. */
export function singletonByCodeHash(codeHash: Hex): Omit<Singleton, 'address'> | undefined {
  const match = safeSingletons().find((s) => s.codeHash === codeHash.toLowerCase())
  return match && { version: match.version, l2: match.l2, codeHash: match.codeHash }
}

let delegateCallMemo: Map<Address, string> | undefined
/**
 * The contracts a Safe may DELEGATECALL safely, every published address of every supported version, with their
 * names: the libraries (MultiSend, MultiSendCallOnly, SignMessageLib) and the migration contracts that change
 * the Safe's own singleton (SafeMigration, SafeToL2Migration; v1.4.1 on).
 */
export function trustedDelegateCallTargets(): Map<Address, string> {
  delegateCallMemo ??= new Map(
    SUPPORTED_VERSIONS.flatMap((version) =>
      (
        [
          ['MultiSend', getMultiSendDeployment],
          ['MultiSendCallOnly', getMultiSendCallOnlyDeployment],
          ['SignMessageLib', getSignMessageLibDeployment],
          ['SafeMigration', getSafeMigrationDeployment],
          ['SafeToL2Migration', getSafeToL2MigrationDeployment],
        ] as const
      ).flatMap(([name, get]) =>
        deploymentsOf(get({ version })).flatMap((d) =>
          d ? [[getAddress(d.address), name] as [Address, string]] : [],
        ),
      ),
    ),
  )
  return delegateCallMemo
}

/**
 * A migration contract: SafeMigration moves a Safe to the singletons its constructor was given (those of its
 * version with the same deployment type, e.g. canonical or zksync), SafeToL2Migration to the L2 singleton its
 * call names.
 */
export type MigrationContract = {
  name: 'SafeMigration' | 'SafeToL2Migration'
  version: SupportedVersion
  singleton: Address | null
  l2Singleton: Address | null
}

let migrationsMemo: Map<Address, MigrationContract> | undefined
/** Every published migration contract of the supported versions, by address. */
export function migrationContracts(): Map<Address, MigrationContract> {
  migrationsMemo ??= new Map(
    SUPPORTED_VERSIONS.flatMap((version) => {
      const singletonOf = (get: typeof getSafeSingletonDeployment, type: string) => {
        const d = get({ version })?.deployments as Record<string, { address: string } | undefined> | undefined
        const address = d?.[type]?.address
        return address ? getAddress(address) : null
      }
      const migration = Object.entries(getSafeMigrationDeployment({ version })?.deployments ?? {}).flatMap(
        ([type, d]) =>
          d
            ? [
                [
                  getAddress(d.address),
                  {
                    name: 'SafeMigration',
                    version,
                    singleton: singletonOf(getSafeSingletonDeployment, type),
                    l2Singleton: singletonOf(getSafeL2SingletonDeployment, type),
                  },
                ] as [Address, MigrationContract],
              ]
            : [],
      )
      const toL2 = deploymentsOf(getSafeToL2MigrationDeployment({ version })).flatMap((d) =>
        d
          ? [
              [
                getAddress(d.address),
                { name: 'SafeToL2Migration', version, singleton: null, l2Singleton: null },
              ] as [Address, MigrationContract],
            ]
          : [],
      )
      return [...migration, ...toL2]
    }),
  )
  return migrationsMemo
}

/**
 * The singleton a DELEGATECALL of `method(args)` to `to` moves the Safe to, when `to` is a migration contract
 * and the method one of its migrations; null otherwise.
 */
export function migrationImplementation(
  to: Address,
  method: string,
  args: readonly unknown[],
): Address | null {
  const migration = migrationContracts().get(to)
  if (!migration) return null
  const arg = (i: number) => {
    const value = args[i]
    return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : null
  }
  if (migration.name === 'SafeToL2Migration')
    return method === 'migrateToL2' || method === 'migrateFromV111' ? arg(0) : null
  switch (method) {
    case 'migrateSingleton':
    case 'migrateWithFallbackHandler':
      return migration.singleton
    case 'migrateL2Singleton':
    case 'migrateL2WithFallbackHandler':
      return migration.l2Singleton
    default:
      return null
  }
}

/** `1.3.0+L2` / `1.4.1`: the form CGW's SafeInfo.version uses. */
export const versionLabel = (s: { version: string; l2: boolean }) => `${s.version}${s.l2 ? '+L2' : ''}`

/**
 * Emitted from a Safe's own address by the migration contracts (run by DELEGATECALL), so it is in no
 * singleton ABI: the Safe's implementation changes at that log.
 */
const changedMasterCopy = parseAbiItem('event ChangedMasterCopy(address singleton)')

const layoutKey = (e: AbiEvent) =>
  `${e.name}(${e.inputs.map((i) => `${i.indexed ? 'indexed ' : ''}${i.type}`).join(',')})`

function uniqueLayouts(events: AbiEvent[]): AbiEvent[] {
  const byKey = new Map<string, AbiEvent>()
  for (const e of events) if (!byKey.has(layoutKey(e))) byKey.set(layoutKey(e), e)
  return [...byKey.values()]
}

const eventsOf = (d: SingletonDeployment | undefined) =>
  ((d?.abi ?? []) as readonly { type: string }[]).filter((x): x is AbiEvent => x.type === 'event')

/** Every layout of every Safe (SafeL2 is a superset of Safe) event across the supported versions. */
export function safeEventLayouts(): AbiEvent[] {
  return uniqueLayouts([
    ...SUPPORTED_VERSIONS.flatMap((version) => eventsOf(getSafeL2SingletonDeployment({ version }))),
    changedMasterCopy,
  ])
}

/** Every layout of the proxy factories' `ProxyCreation` (1.3.0: proxy not indexed; later: indexed). */
export function proxyCreationLayouts(): AbiEvent[] {
  return uniqueLayouts(
    SUPPORTED_VERSIONS.flatMap((version) =>
      eventsOf(getProxyFactoryDeployment({ version })).filter((e) => e.name === 'ProxyCreation'),
    ),
  )
}

/** Layouts grouped by topic0 (the signature hash ignores `indexed`, so versions share a topic). */
export function layoutsByTopic(events: AbiEvent[]): Map<Hex, AbiEvent[]> {
  const map = new Map<Hex, AbiEvent[]>()
  for (const e of events) {
    const topic = toEventSelector(e)
    map.set(topic, [...(map.get(topic) ?? []), e])
  }
  return map
}
