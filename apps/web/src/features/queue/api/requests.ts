import { type Address, type Hex, parseAbi } from 'viem'
import type { Config } from 'wagmi'
import { readContracts } from 'wagmi/actions'

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
