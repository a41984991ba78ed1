import { safeAbi } from '@concord/safe/contracts'
import { type Address, type Hex, parseAbi } from 'viem'
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

const approvedHashesAbi = parseAbi([
  'function approvedHashes(address owner, bytes32 hash) view returns (uint256)',
])

/**
 * The owners among `candidates` that approved `safeTxHash` on chain (approveHash): the gateway lists such a
 * confirmation without signature bytes, and execTransaction accepts a pre-validated signature for it.
 */
export async function readApprovals(
  config: Config,
  p: { chainId: number; safe: Address; safeTxHash: Hex; candidates: readonly Address[] },
): Promise<Address[]> {
  if (p.candidates.length === 0) return []
  const approved = await readContracts(config, {
    allowFailure: false,
    contracts: p.candidates.map((owner) => ({
      address: p.safe,
      abi: approvedHashesAbi,
      functionName: 'approvedHashes',
      args: [owner, p.safeTxHash],
      chainId: p.chainId,
    })),
  })
  return p.candidates.filter((_, index) => approved[index] !== 0n)
}
