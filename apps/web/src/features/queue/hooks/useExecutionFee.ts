import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { useAccount, useConfig } from 'wagmi'
import { estimateExecutionFee } from '../actions/queueActions'
import { queueKeys } from '../api/keys'

/**
 * What executing would cost the connected wallet now (gas × max fee per gas), estimated with the signatures
 * the execution will send; refreshed every 15 s while shown, as fees move.
 */
export function useExecutionFee(
  chainId: string,
  safe: Address,
  safeTxHash: Hex,
  details: TransactionDetails,
) {
  const config = useConfig()
  const { address: account } = useAccount()
  return useQuery({
    queryKey: [...queueKeys.all(), chainId, 'execution-fee', safe, safeTxHash, account, details],
    queryFn: () => {
      if (!account) throw new Error('Connect an owner wallet first')
      return estimateExecutionFee({ config, chainId: Number(chainId), safe, account }, details)
    },
    enabled: !!account,
    retry: false,
    refetchInterval: 15_000,
    gcTime: 0,
    meta: { persist: false },
  })
}
