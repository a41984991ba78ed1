import type { TransactionSummary } from '@safe-global/safe-gateway-typescript-sdk'

/**
 * In a history row: a module execution by one of the Safe's Delay modifiers is a recovery (the gateway's
 * `executionInfo.recovery`, recognised by the module's code), so the owners see that their recovery ran, not a
 * bare "module" call.
 */
export function RecoveryLabel({ transaction }: { transaction: TransactionSummary }) {
  const execution = transaction.executionInfo as { type?: string; recovery?: boolean } | undefined
  if (execution?.type !== 'MODULE' || !execution.recovery) return null
  return (
    <span className="muted small tx-counterparty" data-testid="recovery-label">
      Recovery · run by the recovery module after its review window
    </span>
  )
}
