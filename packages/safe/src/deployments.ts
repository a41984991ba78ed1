// Node-side view of @safe-global/safe-deployments: code hashes for verifying a chain, and the master copies
// (singletons) a proxy may point at to count as a Safe. Not imported by the web app (the package is large).
import {
  getCompatibilityFallbackHandlerDeployment,
  getCreateCallDeployment,
  getMultiSendCallOnlyDeployment,
  getMultiSendDeployment,
  getProxyFactoryDeployment,
  getSafeL2SingletonDeployment,
  getSafeSingletonDeployment,
  getSignMessageLibDeployment,
  getSimulateTxAccessorDeployment,
  type SingletonDeployment,
} from '@safe-global/safe-deployments'
import { type Address, getAddress, type Hex } from 'viem'
import { SAFE_VERSION, type SafeContractName } from './contracts.ts'

const accessors: Record<SafeContractName, (f: { version: string }) => SingletonDeployment | undefined> = {
  safeL2: getSafeL2SingletonDeployment,
  safe: getSafeSingletonDeployment,
  safeProxyFactory: getProxyFactoryDeployment,
  compatibilityFallbackHandler: getCompatibilityFallbackHandlerDeployment,
  multiSend: getMultiSendDeployment,
  multiSendCallOnly: getMultiSendCallOnlyDeployment,
  signMessageLib: getSignMessageLibDeployment,
  createCall: getCreateCallDeployment,
  simulateTxAccessor: getSimulateTxAccessorDeployment,
}

/** Canonical address and runtime code hash of a v1.4.1 contract, straight from safe-deployments. */
export function canonicalDeployment(name: SafeContractName): { address: Address; codeHash: Hex } {
  const d = accessors[name]({ version: SAFE_VERSION })
  const canonical = d?.deployments.canonical
  if (!canonical) throw new Error(`safe-deployments has no canonical ${name} v${SAFE_VERSION}`)
  return { address: getAddress(canonical.address), codeHash: canonical.codeHash as Hex }
}

export type MasterCopy = { address: Address; version: string; l2: boolean }

/** Every published address (all deployment types) of the Safe singletons Concord recognises. */
export function knownMasterCopies(): MasterCopy[] {
  const out: MasterCopy[] = []
  for (const version of ['1.3.0', '1.4.1']) {
    for (const [l2, get] of [
      [false, getSafeSingletonDeployment],
      [true, getSafeL2SingletonDeployment],
    ] as const) {
      const d = get({ version })
      for (const dep of Object.values(d?.deployments ?? {})) {
        if (dep && !out.some((m) => m.address === getAddress(dep.address)))
          out.push({ address: getAddress(dep.address), version, l2 })
      }
    }
  }
  return out
}
