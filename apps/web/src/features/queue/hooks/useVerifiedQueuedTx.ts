import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { readSafeState } from '../../../lib/safeState'
import { executionSignatures } from '../actions/queueActions'
import { verifyQueued } from '../actions/verifyQueued'
import { queueKeys } from '../api/keys'

/**
 * The independent check of a queued transaction shown before signing or executing: hashes recomputed from
 * the details, confirmations recovered against the owners read from the chain now. The actions check again
 * right before they ask the wallet, so a stale result here can never be what gets signed.
 */
export function useVerifiedQueuedTx(chainId: string, safe: Address, details: TransactionDetails | undefined) {
  const config = useConfig()
  return useQuery({
    queryKey: [...queueKeys.all(), chainId, 'verify', details?.txId, details],
    queryFn: async () => {
      if (!details) throw new Error('No details')
      const onChain = await readSafeState(config, Number(chainId), safe)
      const verified = await verifyQueued({ chainId: Number(chainId), safe, details, onChain })
      const signatures = await executionSignatures({ config, chainId: Number(chainId), safe }, verified)
      return { onChain, verified, signatures }
    },
    enabled: details !== undefined,
    retry: false,
    // Never persisted or reused across details: bigint fields and a security check that must be fresh.
    gcTime: 0,
    staleTime: 0,
  })
}
