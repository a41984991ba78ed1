import { safeAbi } from '@concord/safe/contracts'
import type { Address } from 'viem'
import type { Config } from 'wagmi'
import { readContracts } from 'wagmi/actions'

export type OnChainSafe = { owners: readonly Address[]; threshold: number; nonce: bigint }

/** Owners, threshold and nonce read from the chain itself: what the gateway says is checked against this. */
export async function readSafeState(config: Config, chainId: number, safe: Address): Promise<OnChainSafe> {
  const contract = { address: safe, abi: safeAbi, chainId } as const
  const [owners, threshold, nonce] = await readContracts(config, {
    allowFailure: false,
    contracts: [
      { ...contract, functionName: 'getOwners' },
      { ...contract, functionName: 'getThreshold' },
      { ...contract, functionName: 'nonce' },
    ],
  })
  return { owners, threshold: Number(threshold), nonce }
}
