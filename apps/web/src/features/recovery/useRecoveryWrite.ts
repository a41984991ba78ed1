import { delayAbi } from '@concord/safe/recovery'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { waitForTransactionReceipt, writeContract } from 'wagmi/actions'
import { useWalletConfig } from '../../lib/walletRuntime'
import { recoveryKeys } from './api/keys'

export type DelayCall = {
  delay: Address
  functionName: 'execTransactionFromModule' | 'executeNextTx'
  tx: { to: Address; value: bigint; data: Hex; operation: number }
}

/**
 * One wallet transaction on the Delay: a recoverer queues a recovery (execTransactionFromModule), anyone runs
 * the next one after its window (executeNextTx). The recovery is read again once it is mined; the caller's
 * `onMined` refreshes what else it changed (owners, history).
 */
export function useRecoveryWrite(chainId: string, safe: Address, onMined?: () => void) {
  // The app's wallet config, undefined until wagmi has loaded (lib/walletRuntime.ts): never a throwing hook.
  const config = useWalletConfig()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['recovery', 'write'],
    meta: { errorToast: false },
    mutationFn: async ({ delay, functionName, tx }: DelayCall) => {
      if (!config) throw new Error('The wallet has not loaded yet: try again in a moment')
      const hash = await writeContract(config, {
        chainId: Number(chainId),
        address: delay,
        abi: delayAbi,
        functionName,
        args: [tx.to, tx.value, tx.data, tx.operation],
      })
      const receipt = await waitForTransactionReceipt(config, { hash, chainId: Number(chainId) })
      if (receipt.status !== 'success') throw new Error(`The transaction reverted (${hash})`)
      return hash
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recoveryKeys.safe(chainId, safe) })
      onMined?.()
    },
  })
}
