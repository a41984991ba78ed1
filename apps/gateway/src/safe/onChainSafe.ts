// The Safe as the chain says it is right now. Write routes check against this, not against the index, which
// may be a few blocks behind (an owner removed a block ago must not confirm).
import { safeAbi } from '@concord/safe/contracts'
import { safeSingletons, versionLabel } from '@concord/safe/versions'
import {
  type Address,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  getAddress,
  type Hex,
  HttpRequestError,
  isAddressEqual,
  keccak256,
  type PublicClient,
  RpcRequestError,
  TimeoutError,
  toBytes,
} from 'viem'

export type OnChainSafe = { owners: Address[]; threshold: number; nonce: number }

export async function readOnChainSafe(client: PublicClient, safe: Address): Promise<OnChainSafe> {
  const read = <F extends 'getOwners' | 'getThreshold' | 'nonce'>(functionName: F) =>
    client.readContract({ address: safe, abi: safeAbi, functionName } as never)
  const [owners, threshold, nonce] = (await Promise.all([
    read('getOwners'),
    read('getThreshold'),
    read('nonce'),
  ])) as [readonly Address[], bigint, bigint]
  return { owners: owners.map((o) => getAddress(o)), threshold: Number(threshold), nonce: Number(nonce) }
}

/** The rest of a Safe's setup as the chain holds it now, for a Safe the index has not reached yet. */
export type SafeAtHead = OnChainSafe & {
  address: Address
  singleton: Address
  /** `1.3.0+L2` for a published singleton (or an operator's master copy), else what VERSION() says. */
  version: string | null
  modules: Address[]
  fallbackHandler: Address | null
  guard: Address | null
}

const SENTINEL = '0x0000000000000000000000000000000000000001'
/** Storage slots of the fallback handler and guard (keccak256 of their names, as the Safe contracts define). */
const FALLBACK_HANDLER_SLOT = keccak256(toBytes('fallback_manager.handler.address'))
const GUARD_SLOT = keccak256(toBytes('guard_manager.guard.address'))
const MAX_MODULES = 50

const slotAddress = (word: Hex | undefined) => {
  if (!word || BigInt(word) === 0n) return null
  return getAddress(`0x${word.slice(-40)}`)
}

/**
 * Reads a Safe's whole state at the head in one round trip (the calls are batched), or undefined when the
 * address is not a Safe (a call reverts or returns nothing). Only the head is read: a non-archive node has it.
 */
export async function readSafeAtHead(
  client: PublicClient,
  address: Address,
  masterCopies: readonly { address: string; version: string }[] = [],
): Promise<SafeAtHead | undefined> {
  const call = <F extends 'getOwners' | 'getThreshold' | 'nonce' | 'VERSION'>(functionName: F) =>
    client.readContract({ address, abi: safeAbi, functionName } as never) as Promise<unknown>
  const slot = (slot: Hex) => client.getStorageAt({ address, slot })
  let answers: [
    unknown,
    unknown,
    unknown,
    unknown,
    unknown,
    Hex | undefined,
    Hex | undefined,
    Hex | undefined,
  ]
  try {
    answers = (await Promise.all([
      call('getOwners'),
      call('getThreshold'),
      call('nonce'),
      call('VERSION').catch(() => null),
      client
        .readContract({
          address,
          abi: safeAbi,
          functionName: 'getModulesPaginated',
          args: [SENTINEL, BigInt(MAX_MODULES)],
        })
        .catch(() => [[]]),
      slot('0x0'),
      slot(FALLBACK_HANDLER_SLOT),
      slot(GUARD_SLOT),
    ])) as typeof answers
  } catch (error) {
    if (notASafe(error)) return undefined
    throw error
  }
  const [owners, threshold, nonce, version, modules, singletonWord, handlerWord, guardWord] = answers
  const singleton = slotAddress(singletonWord)
  if (!singleton) return undefined
  const published = safeSingletons().find((s) => s.address === singleton)
  const configured = masterCopies.find((m) => getAddress(m.address) === singleton)
  return {
    address: getAddress(address),
    owners: (owners as readonly Address[]).map((o) => getAddress(o)),
    threshold: Number(threshold),
    nonce: Number(nonce),
    singleton,
    version: published
      ? versionLabel(published)
      : (configured?.version ??
        (typeof version === 'string' && /^\d+\.\d+\.\d+$/.test(version) ? version : null)),
    modules: ((modules as readonly [readonly Address[]])[0] ?? []).map((m) => getAddress(m)),
    fallbackHandler: slotAddress(handlerWord),
    guard: slotAddress(guardWord),
  }
}

/**
 * A call's failure that means "not a Safe here": it reverted, returned nothing or returned what no Safe would,
 * as opposed to a node in trouble (which the caller answers with a 503).
 */
const notASafe = (error: unknown) =>
  error instanceof ContractFunctionExecutionError &&
  (!!error.walk(
    (e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError,
  ) ||
    !error.walk(
      (e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof RpcRequestError,
    ))

// Nested Safes: how deep, and through how many owner contracts, a proposer's ownership is followed.
const NESTED_MAX_DEPTH = 3
const NESTED_MAX_READS = 20

/**
 * The owner Safe through which `account` controls a Safe whose owners are `owners` (an owner of an owner, up to
 * three Safes deep), or undefined. Owners that are not Safes (no getOwners) are skipped; reads are bounded.
 */
export async function ownerSafeControlledBy(
  client: PublicClient,
  owners: readonly Address[],
  account: Address,
): Promise<Address | undefined> {
  let frontier: { safe: Address; via: Address }[] = owners.map((owner) => ({ safe: owner, via: owner }))
  let reads = 0
  const seen = new Set<string>()
  for (let depth = 0; depth < NESTED_MAX_DEPTH && frontier.length; depth++) {
    const next: typeof frontier = []
    for (const { safe, via } of frontier) {
      if (seen.has(safe) || ++reads > NESTED_MAX_READS) continue
      seen.add(safe)
      const inner = await client
        .readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })
        .catch(() => undefined)
      if (!inner) continue
      if (inner.some((o) => isAddressEqual(o, account))) return via
      next.push(...inner.map((o) => ({ safe: getAddress(o), via })))
    }
    frontier = next
  }
  return undefined
}
