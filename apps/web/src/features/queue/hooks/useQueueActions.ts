import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useAccount, useConfig } from 'wagmi'
import { shortAddress } from '../../../lib/format'
import { showToast } from '../../../lib/toasts'
import { addRecentTransaction } from '../../../lib/walletDialogs'
import {
  deleteQueued,
  executeQueued,
  proposeRejection,
  type QueueActionContext,
} from '../actions/queueActions'
import { queueKeys } from '../api/keys'

export type UseQueueActionsParameters = {
  chainId: string
  safe: Address
  /** Called after anything changed the Safe or its queue (refreshes history, Safe info…). */
  onChanged?: () => void
}

/**
 * The queue's mutations for the connected wallet; each refreshes the queue when done. Confirming is the
 * New transaction flow's review (QueueView's `renderConfirm`), which shows the decoded call and simulation.
 */
export function useQueueActions({ chainId, safe, onChanged }: UseQueueActionsParameters) {
  const config = useConfig()
  const { address: account } = useAccount()
  const queryClient = useQueryClient()

  const context = (): QueueActionContext => {
    if (!account) throw new Error('Connect an owner wallet first')
    return { config, chainId: Number(chainId), safe, account }
  }
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queueKeys.list(chainId, safe) })
    onChanged?.()
  }

  const execute = useMutation({
    mutationKey: ['queue', 'execute'],
    mutationFn: (details: TransactionDetails) => {
      const nonce =
        details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo.nonce : '?'
      return executeQueued(context(), details, (hash) =>
        addRecentTransaction({
          hash,
          description: `Execute Safe transaction #${nonce} (${shortAddress(safe)})`,
        }),
      )
    },
    onSuccess: ({ hash, success }) => {
      if (success) showToast('success', `Transaction executed (${shortAddress(hash)})`)
      else showToast('error', `The Safe transaction failed on chain (${shortAddress(hash)})`)
      refresh()
    },
  })

  const reject = useMutation({
    mutationKey: ['queue', 'reject'],
    mutationFn: (nonce: number) => proposeRejection(context(), nonce),
    onSuccess: () => {
      showToast('success', 'Rejection proposed: it needs the same confirmations, then execution')
      refresh()
    },
  })

  const remove = useMutation({
    mutationKey: ['queue', 'delete'],
    mutationFn: (details: TransactionDetails) => deleteQueued(context(), details),
    onSuccess: () => {
      showToast('success', 'Proposal deleted')
      refresh()
    },
  })

  return { account, execute, reject, remove }
}

export type QueueActions = ReturnType<typeof useQueueActions>
