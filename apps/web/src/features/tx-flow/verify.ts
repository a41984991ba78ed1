import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { type Config, useConfig } from 'wagmi'
import { gatewayScope } from '../../lib/gateway'
import { readSafeState } from '../../lib/safeState'
import { type TransactionCheck, verifyTransactionDetails } from './verify/verifyDetails'

export type { TransactionCheck } from './verify/verifyDetails'

/**
 * Checks a gateway TransactionDetails against the chain: hashes recomputed from the fields shown, each
 * confirmation recovered and matched with the owners read from the chain, the threshold and nonce matched with
 * the chain's, the decoder's reading matched with the calldata, and (after a proposal) that it is the transaction the user signed. Use it right before asking
 * a wallet to sign or execute anything the gateway handed over.
 */
export async function verifyAgainstChain(
  config: Config,
  p: {
    details: TransactionDetails
    chainId: number
    safe: Address
    expected?: { safeTxHash: Hex; signer?: Address | undefined }
  },
): Promise<TransactionCheck & { owners: readonly Address[] }> {
  // Read through the configured RPC and the wallet's own node: it throws when they disagree.
  const onChain = await readSafeState(config, p.chainId, p.safe)
  return { ...(await verifyTransactionDetails({ ...p, onChain })), owners: onChain.owners }
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
