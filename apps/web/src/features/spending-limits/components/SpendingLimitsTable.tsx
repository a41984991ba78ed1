import type { ReactNode } from 'react'
import { AddressView } from '../../../components/ui/AddressView'
import { formatTokenAmount } from '../../../lib/format'
import { remaining, type SpendingLimit } from '../readSpendingLimits'
import { describeNextReset, describeResetPeriod } from '../resetPeriod'

/** Every spending limit of the Safe: beneficiary, token, amount, spent, what is left, reset period, next reset. */
export function SpendingLimitsTable({
  chainId,
  limits,
  renderActions,
}: {
  chainId: string
  limits: SpendingLimit[]
  /** Owners' links (change, reset, delete) for one limit. */
  renderActions?: ((limit: SpendingLimit) => ReactNode) | undefined
}) {
  const amount = (limit: SpendingLimit, value: bigint) =>
    `${formatTokenAmount(value, limit.decimals)} ${limit.symbol}`
  return (
    <table className="table" data-testid="spending-limits-table">
      <thead>
        <tr>
          <th>Beneficiary</th>
          <th>Token</th>
          <th>Amount</th>
          <th>Spent</th>
          <th>Left</th>
          <th>Resets</th>
          <th>Next reset</th>
          {renderActions ? <th>Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {limits.map((limit) => (
          <tr key={`${limit.beneficiary}:${limit.token}`} data-testid="spending-limit-row">
            <td>
              <AddressView address={limit.beneficiary} chainId={chainId} short />
            </td>
            <td>{limit.symbol}</td>
            <td>{amount(limit, limit.amount)}</td>
            <td>{amount(limit, limit.spent)}</td>
            <td data-testid="spending-limit-left">{amount(limit, remaining(limit))}</td>
            <td>{describeResetPeriod(limit.resetTimeMin)}</td>
            <td>{describeNextReset(limit)}</td>
            {renderActions ? <td>{renderActions(limit)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
