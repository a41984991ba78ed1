import { safeAbi } from '@concord/safe/contracts'
import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { type Config, useConfig } from 'wagmi'
import { readContract } from 'wagmi/actions'
import { gatewayScope } from '../../lib/gateway'
import { type TransactionCheck, verifyTransactionDetails } from './verify/verifyDetails'

export type { TransactionCheck } from './verify/verifyDetails'

/** The Safe's owners as the chain says now (never the gateway's list, never a cached one). */
export const readOnChainOwners = (
  config: Config,
  chainId: number,
  safe: Address,
): Promise<readonly Address[]> =>
  readContract(config, { chainId, address: safe, abi: safeAbi, functionName: 'getOwners' })

/**
 * Checks a gateway TransactionDetails against the chain: hashes recomputed from the fields shown, each
 * confirmation recovered and matched with the owners read from the chain, the decoder's reading matched with
 * the calldata, and (after a proposal) that it is the transaction the user signed. Use it right before asking
 * a wallet to sign or execute anything the gateway handed over.
 */
export async function verifyAgainstChain(
  config: Config,
  p: {
    details: TransactionDetails
    chainId: number
    safe: Address
    expected?: { safeTxHash: Hex; signer: Address }
  },
): Promise<TransactionCheck & { owners: readonly Address[] }> {
  const owners = await readOnChainOwners(config, p.chainId, p.safe)
  return { ...(await verifyTransactionDetails({ ...p, owners })), owners }
}

/**
 * The check of verifyAgainstChain as a query, for screens that show a transaction before it is signed or
 * executed: `data.problems` empty means it holds up; otherwise show them loudly and refuse to sign.
 * Not cached: it must be computed for exactly the details on screen, with the owners of now.
 */
export function useVerifiedTransaction(
  details: TransactionDetails | undefined,
  safe: { chainId: string; address: Address },
) {
  const config = useConfig()
  return useQuery({
    queryKey: [gatewayScope(), 'tx-flow', 'verify', safe.chainId, safe.address, details ?? null],
    queryFn: () => {
      if (!details) throw new Error('No transaction to verify')
      return verifyAgainstChain(config, { details, chainId: Number(safe.chainId), safe: safe.address })
    },
    enabled: details !== undefined,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  })
}
