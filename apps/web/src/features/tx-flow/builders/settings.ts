import {
  SAFE_VERSION,
  safeAbi,
  safeMigrationAbi,
  safeMigrationsV141,
  safeV130,
} from '@concord/safe/contracts'
import { type Address, encodeFunctionData, isAddressEqual, zeroAddress } from 'viem'
import { type BuildResult, fail, ok, type SafeCall } from '../types'
import { baseVersion } from './multiSend'

/** Head of the Safe's owner and module linked lists: the "previous" entry of the first element. */
export const SENTINEL: Address = '0x0000000000000000000000000000000000000001'

/**
 * The entry before `item` in a Safe linked list (owners or modules, in the contract's order:
 * getOwners() / getModulesPaginated()), as removeOwner, swapOwner and disableModule need it.
 */
export function previousInList(list: readonly Address[], item: Address): BuildResult<Address> {
  const index = list.findIndex((entry) => isAddressEqual(entry, item))
  if (index === -1) return fail(`${item} is not in the list`)
  return ok(index === 0 ? SENTINEL : (list[index - 1] as Address))
}

const selfCall = (safe: Address, data: `0x${string}`): SafeCall => ({
  to: safe,
  value: 0n,
  data,
  operation: 0,
})

function checkThreshold(threshold: number, owners: number): string | null {
  if (!Number.isInteger(threshold) || threshold < 1) return 'The threshold must be at least 1'
  if (threshold > owners) return `The threshold cannot exceed the number of owners (${owners})`
  return null
}

const isUsable = (address: Address) =>
  !isAddressEqual(address, zeroAddress) && !isAddressEqual(address, SENTINEL)

export type SafeSetupState = { address: Address; owners: readonly Address[]; modules: readonly Address[] }

export function buildAddOwner(
  safe: SafeSetupState,
  owner: Address,
  threshold: number,
): BuildResult<SafeCall> {
  if (!isUsable(owner) || isAddressEqual(owner, safe.address)) return fail('This address cannot be an owner')
  if (safe.owners.some((o) => isAddressEqual(o, owner))) return fail('This address is already an owner')
  const problem = checkThreshold(threshold, safe.owners.length + 1)
  if (problem) return fail(problem)
  return ok(
    selfCall(
      safe.address,
      encodeFunctionData({
        abi: safeAbi,
        functionName: 'addOwnerWithThreshold',
        args: [owner, BigInt(threshold)],
      }),
    ),
  )
}

export function buildRemoveOwner(
  safe: SafeSetupState,
  owner: Address,
  threshold: number,
): BuildResult<SafeCall> {
  const prev = previousInList(safe.owners, owner)
  if (!prev.ok) return fail('This address is not an owner')
  if (safe.owners.length === 1) return fail('The last owner cannot be removed')
  const problem = checkThreshold(threshold, safe.owners.length - 1)
  if (problem) return fail(problem)
  return ok(
    selfCall(
      safe.address,
      encodeFunctionData({
        abi: safeAbi,
        functionName: 'removeOwner',
        args: [prev.value, owner, BigInt(threshold)],
      }),
    ),
  )
}

export function buildSwapOwner(
  safe: SafeSetupState,
  oldOwner: Address,
  newOwner: Address,
): BuildResult<SafeCall> {
  const prev = previousInList(safe.owners, oldOwner)
  if (!prev.ok) return fail('The owner to replace is not an owner')
  if (!isUsable(newOwner) || isAddressEqual(newOwner, safe.address))
    return fail('This address cannot be an owner')
  if (safe.owners.some((o) => isAddressEqual(o, newOwner))) return fail('The new owner is already an owner')
  return ok(
    selfCall(
      safe.address,
      encodeFunctionData({ abi: safeAbi, functionName: 'swapOwner', args: [prev.value, oldOwner, newOwner] }),
    ),
  )
}

export function buildChangeThreshold(safe: SafeSetupState, threshold: number): BuildResult<SafeCall> {
  const problem = checkThreshold(threshold, safe.owners.length)
  if (problem) return fail(problem)
  return ok(
    selfCall(
      safe.address,
      encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [BigInt(threshold)] }),
    ),
  )
}

export function buildEnableModule(safe: SafeSetupState, module: Address): BuildResult<SafeCall> {
  if (!isUsable(module)) return fail('This address cannot be a module')
  if (safe.modules.some((m) => isAddressEqual(m, module))) return fail('This module is already enabled')
  return ok(
    selfCall(
      safe.address,
      encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [module] }),
    ),
  )
}

export function buildDisableModule(safe: SafeSetupState, module: Address): BuildResult<SafeCall> {
  const prev = previousInList(safe.modules, module)
  if (!prev.ok) return fail('This module is not enabled')
  return ok(
    selfCall(
      safe.address,
      encodeFunctionData({ abi: safeAbi, functionName: 'disableModule', args: [prev.value, module] }),
    ),
  )
}

/** setGuard(guard); the zero address removes the guard. */
export function buildSetGuard(safe: SafeSetupState, guard: Address): BuildResult<SafeCall> {
  if (isAddressEqual(guard, safe.address)) return fail('The Safe cannot be its own guard')
  return ok(
    selfCall(safe.address, encodeFunctionData({ abi: safeAbi, functionName: 'setGuard', args: [guard] })),
  )
}

/** setFallbackHandler(handler); the Safe itself is refused by the contract (1.4.1), so it is refused here too. */
export function buildSetFallbackHandler(safe: SafeSetupState, handler: Address): BuildResult<SafeCall> {
  if (isAddressEqual(handler, safe.address)) return fail('The Safe cannot be its own fallback handler')
  return ok(
    selfCall(
      safe.address,
      encodeFunctionData({ abi: safeAbi, functionName: 'setFallbackHandler', args: [handler] }),
    ),
  )
}

/** Versions SafeMigration v1.4.1 updates (the storage layout it relies on is the same from 1.3.0 on). */
const UPDATABLE_VERSIONS = ['1.3.0']

/** Whether Concord can update a Safe of this version (as SafeInfo gives it: `1.3.0+L2`) to the latest. */
export const canUpdateImplementation = (version: string | null | undefined): boolean =>
  UPDATABLE_VERSIONS.includes(baseVersion(version) ?? '')

export type ImplementationUpdate = {
  call: SafeCall
  /** The 1.4.1 singleton it moves to: SafeL2 for an L2 Safe, Safe for a non-L2 one. */
  l2: boolean
  /** Whether the update also sets the 1.4.1 CompatibilityFallbackHandler (it replaces the 1.3.0 one). */
  setsFallbackHandler: boolean
}

/**
 * Update the implementation to v1.4.1: a DELEGATECALL to the canonical SafeMigration, which points the Safe at
 * the v1.4.1 SafeL2 (`migrateL2…`, a `+L2` Safe) or Safe (`migrate…`, a non-L2 one); owners, threshold,
 * modules, guard and nonce stay. A Safe using the 1.3.0 CompatibilityFallbackHandler gets the 1.4.1 one in the
 * same step (the `…WithFallbackHandler` variants); any other handler, or none, is left as it is.
 */
export function buildUpdateImplementation(safe: {
  version: string | null | undefined
  fallbackHandler: Address | null | undefined
}): BuildResult<ImplementationUpdate> {
  if (!canUpdateImplementation(safe.version))
    return fail(
      baseVersion(safe.version) === SAFE_VERSION
        ? `This Safe already runs ${SAFE_VERSION}`
        : `Only a 1.3.0 Safe can be updated to ${SAFE_VERSION} (this one is ${safe.version ?? 'of unknown version'})`,
    )
  const l2 = safe.version?.endsWith('+L2') ?? false
  const setsFallbackHandler =
    !!safe.fallbackHandler && isAddressEqual(safe.fallbackHandler, safeV130.compatibilityFallbackHandler)
  const functionName = l2
    ? setsFallbackHandler
      ? 'migrateL2WithFallbackHandler'
      : 'migrateL2Singleton'
    : setsFallbackHandler
      ? 'migrateWithFallbackHandler'
      : 'migrateSingleton'
  return ok({
    call: {
      to: safeMigrationsV141.safeMigration,
      value: 0n,
      data: encodeFunctionData({ abi: safeMigrationAbi, functionName }),
      operation: 1,
    },
    l2,
    setsFallbackHandler,
  })
}
