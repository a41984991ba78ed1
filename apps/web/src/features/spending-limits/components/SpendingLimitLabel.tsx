import { allowanceModuleAbi, chainAllowanceModule } from '@concord/safe/allowanceModule'
import type { ChainInfo, TransactionSummary } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { type Address, type Hash, isAddressEqual, parseEventLogs } from 'viem'
import { useConfig } from 'wagmi'
import { getTransactionReceipt } from 'wagmi/actions'
import { shortAddress } from '../../../lib/format'

/**
 * In a history row: a module execution by the chain's spending-limit module says so, with the beneficiary who sent
 * it (read from the module's ExecuteAllowanceTransfer event in the transaction's receipt, on chain). The amount and
 * token are the row's own (the transfer the module made).
 */
export function SpendingLimitLabel({
  chain,
  safe,
  transaction,
}: {
  chain: ChainInfo
  safe: Address
  transaction: TransactionSummary
}) {
  const config = useConfig()
  const module = chainAllowanceModule(chain)
  const execution = transaction.executionInfo
  const txHash = (transaction as { txHash?: string | null }).txHash
  const ours =
    !!module && execution?.type === 'MODULE' && isAddressEqual(execution.address.value as Address, module)
  const transfer = useQuery({
    queryKey: ['allowance-transfer', chain.chainId, txHash],
    enabled: ours && !!txHash,
    // A mined receipt does not change.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const receipt = await getTransactionReceipt(config, {
        chainId: Number(chain.chainId),
        hash: txHash as Hash,
      })
      const events = parseEventLogs({
        abi: allowanceModuleAbi,
        eventName: 'ExecuteAllowanceTransfer',
        logs: receipt.logs.filter((log) => module && isAddressEqual(log.address, module)),
      })
      return events.find((e) => isAddressEqual(e.args.safe, safe))?.args ?? null
    },
  })
  if (!ours) return null
  const beneficiary = transfer.data?.delegate
  return (
    <span className="muted small tx-counterparty" data-testid="spending-limit-label">
      Spending limit{beneficiary ? ` · by ${shortAddress(beneficiary)}` : ''}
      {beneficiary ? (
        <span hidden data-testid="spending-limit-beneficiary">
          {beneficiary}
        </span>
      ) : null}
    </span>
  )
}
