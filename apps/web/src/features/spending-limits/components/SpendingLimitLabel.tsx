import { chainAllowanceModule } from '@concord/safe/allowanceModule'
import type { ChainInfo, TransactionSummary } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, isAddressEqual } from 'viem'
import { shortAddress } from '../../../lib/format'

/**
 * In a history row: a module execution by the chain's spending-limit module says so, with the beneficiary who sent
 * it (the gateway's `executionInfo.spendingLimit`, read from the module's ExecuteAllowanceTransfer event). The
 * amount and token are the row's own (the transfer the module made). Needs no wallet: history is for everyone.
 */
export function SpendingLimitLabel({
  chain,
  transaction,
}: {
  chain: ChainInfo
  transaction: TransactionSummary
}) {
  const module = chainAllowanceModule(chain)
  const execution = transaction.executionInfo
  if (!module || execution?.type !== 'MODULE' || !isAddressEqual(execution.address.value as Address, module))
    return null
  const beneficiary = (execution as { spendingLimit?: { beneficiary?: { value?: string } } }).spendingLimit
    ?.beneficiary?.value
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
