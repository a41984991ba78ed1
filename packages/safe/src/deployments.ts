// Node-side view of @safe-global/safe-deployments: code hashes for verifying a chain, and the master copies
// (singletons) a proxy may point at to count as a Safe. Not imported by the web app (the package is large).
import {
  getCompatibilityFallbackHandlerDeployment,
  getCreateCallDeployment,
  getMultiSendCallOnlyDeployment,
  getMultiSendDeployment,
  getProxyFactoryDeployment,
  getSafeL2SingletonDeployment,
  getSafeMigrationDeployment,
  getSafeSingletonDeployment,
  getSafeToL2MigrationDeployment,
  getSignMessageLibDeployment,
  getSimulateTxAccessorDeployment,
  type SingletonDeployment,
} from '@safe-global/safe-deployments'
import { type Address, getAddress, type Hex } from 'viem'
import {
  type MigrationContractName,
  SAFE_VERSION,
  type SafeContractName,
  type SafeVersion,
} from './contracts.ts'
import { safeSingletons } from './versions.ts'

const accessors: Record<
  SafeContractName | MigrationContractName,
  (f: { version: string }) => SingletonDeployment | undefined
> = {
  safeL2: getSafeL2SingletonDeployment,
  safe: getSafeSingletonDeployment,
  safeProxyFactory: getProxyFactoryDeployment,
  compatibilityFallbackHandler: getCompatibilityFallbackHandlerDeployment,
  multiSend: getMultiSendDeployment,
  multiSendCallOnly: getMultiSendCallOnlyDeployment,
  signMessageLib: getSignMessageLibDeployment,
  createCall: getCreateCallDeployment,
  simulateTxAccessor: getSimulateTxAccessorDeployment,
  safeMigration: getSafeMigrationDeployment,
  safeToL2Migration: getSafeToL2MigrationDeployment,
}

/** Canonical address and runtime code hash of a contract (v1.4.1 unless told), straight from safe-deployments. */
export function canonicalDeployment(
  name: SafeContractName | MigrationContractName,
  version: SafeVersion = SAFE_VERSION,
): { address: Address; codeHash: Hex } {
  const d = accessors[name]({ version })
  const canonical = d?.deployments.canonical
  if (!canonical) throw new Error(`safe-deployments has no canonical ${name} v${version}`)
  return { address: getAddress(canonical.address), codeHash: canonical.codeHash as Hex }
}

export type MasterCopy = { address: Address; version: string; l2: boolean }

/** Every published address (all deployment types) of the Safe singletons Concord recognises. */
export function knownMasterCopies(): MasterCopy[] {
  return safeSingletons().map(({ address, version, l2 }) => ({ address, version, l2 }))
}
