import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import { useQuery } from '@tanstack/react-query'
import { type Address, encodeFunctionData, type PublicClient } from 'viem'
import { usePublicClient } from 'wagmi'
import { networkFee } from '../utils/networkFee'
import type { ValidNewSafe } from '../utils/newSafeForm'
import { createProxyArgs, NEW_SAFE_CONTRACTS } from '../utils/predictSafeAddress'

export type CreationFee = { gas: bigint; maxFeePerGas: bigint; fee: bigint }

// Fees move block by block: the estimate on the review is refreshed while it is open.
const REFRESH_MS = 15_000

/** Current max fee per gas: EIP-1559 fee data, or the legacy gas price on a chain without a base fee. */
async function maxFeePerGas(client: PublicClient): Promise<bigint> {
  try {
    const fees = await client.estimateFeesPerGas()
    return fees.maxFeePerGas
  } catch {
    return client.getGasPrice()
  }
}

/**
 * What deploying the Safe would cost at most: the gas of the exact factory call the wallet will send, times the
 * chain's current max fee per gas. An error (no RPC, a call that would revert) is the query's error.
 */
export function useCreationFee(p: {
  chainId: number
  account: Address | undefined
  safe: ValidNewSafe | undefined
  enabled: boolean
}) {
  const client = usePublicClient({ chainId: p.chainId })
  const { safe } = p
  return useQuery({
    queryKey: [
      'create-safe',
      'fee',
      p.chainId,
      p.account,
      safe?.owners,
      safe?.threshold,
      safe?.saltNonce.toString(),
    ],
    queryFn: async (): Promise<CreationFee> => {
      if (!client || !safe) throw new Error('No RPC for this chain')
      const data = encodeFunctionData({
        abi: safeProxyFactoryAbi,
        functionName: 'createProxyWithNonce',
        args: createProxyArgs(safe),
      })
      const [gas, perGas] = await Promise.all([
        client.estimateGas({ account: p.account, to: NEW_SAFE_CONTRACTS.factory, data }),
        maxFeePerGas(client),
      ])
      return { gas, maxFeePerGas: perGas, fee: networkFee(gas, perGas) }
    },
    enabled: p.enabled && !!client && !!safe,
    retry: false,
    refetchInterval: REFRESH_MS,
    // Never persisted (gcTime 0): a fee from an earlier visit is no estimate of today's.
    gcTime: 0,
  })
}
