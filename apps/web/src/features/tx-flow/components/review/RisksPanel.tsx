import {
  assessRisks,
  bySeverity,
  contractTargets,
  newRecipientRisks,
  noCodeRisks,
  paymentRecipients,
  type Risk,
  simulationRisks,
} from '@concord/safe/risks'
import type * as SafeTx from '@concord/safe/SafeTx'
import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { useContext, useId, useMemo, useState } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { getBytecode } from 'wagmi/actions'
import { KnownAddressesContext } from '../../../../components/ui/AddressNamesContext'
import { gatewayScope } from '../../../../lib/gateway'
import { hasPaidBefore, type Simulation } from '../../api/requests'
import { safeTxOfDetails } from '../../verify/verifyDetails'
import '../../txFlow.css'

/**
 * The call's local risk checks (verify/risks.ts) for the review: what they found, and whether signing is held.
 * A blocking risk holds it until the signer types what it asks (the target's last characters): reading the
 * address is the point.
 */
export function useRiskGate(
  call: Pick<SafeTx.SafeTx, 'to' | 'value' | 'data' | 'operation'>,
  safe: Address,
  chainId: number,
  simulation?: Simulation | undefined,
) {
  const known = useContext(KnownAddressesContext)
  const config = useConfig()
  const targets = useMemo(() => contractTargets(call), [call])
  // Read from the chain: does each address the call sends data to hold code?
  const code = useQuery({
    queryKey: ['tx-flow', 'code', chainId, targets],
    queryFn: async () =>
      new Map(
        await Promise.all(
          targets.map(
            async (address) =>
              [address.toLowerCase(), (await getBytecode(config, { address, chainId })) ?? '0x'] as const,
          ),
        ),
      ),
    enabled: targets.length > 0,
    staleTime: 60_000,
    meta: { persist: false },
  })
  const recipients = useMemo(() => paymentRecipients(call), [call])
  // From the gateway's index: a hint (a first payment is a warning, never a block).
  const paid = useQuery({
    queryKey: [gatewayScope(), 'tx-flow', 'paid-before', String(chainId), safe, recipients],
    queryFn: async () =>
      new Map(
        await Promise.all(
          recipients.map(
            async (address) =>
              [address.toLowerCase(), await hasPaidBefore(String(chainId), safe, address)] as const,
          ),
        ),
      ),
    enabled: recipients.length > 0,
    staleTime: 60_000,
    meta: { persist: false },
  })
  const risks = useMemo(
    () =>
      [
        ...assessRisks(call, { safe, known }),
        ...(simulation ? simulationRisks(call, safe, simulation) : []),
        ...(code.data ? noCodeRisks(targets, code.data) : []),
        ...(paid.data ? newRecipientRisks(recipients, paid.data) : []),
      ].sort(bySeverity),
    [call, safe, known, simulation, targets, code.data, recipients, paid.data],
  )
  // Still reading the chain or the gateway: the list may grow.
  return { ...useRiskGateFor(risks), pending: code.isLoading || paid.isLoading }
}

/** The gate over risks found elsewhere: held while a blocking risk's confirmation text is not typed. */
export function useRiskGateFor(risks: Risk[]) {
  const [typed, setTyped] = useState<Record<string, string>>({})
  const held = risks.some(
    (r) => r.level === 'block' && (typed[r.title] ?? '').trim().toLowerCase() !== r.confirmText,
  )
  return { risks, held, typed, setTyped }
}

/** The call's own risks (no chain read, no simulation): for pages that work without the app's wallet. */
export function useCallRisks(
  call: Pick<SafeTx.SafeTx, 'to' | 'value' | 'data' | 'operation'>,
  safe: Address,
) {
  const known = useContext(KnownAddressesContext)
  return useMemo(() => assessRisks(call, { safe, known }), [call, safe, known])
}

export type RiskGate = ReturnType<typeof useRiskGateFor> & { pending?: boolean }

const LEVEL_WORD: Record<Risk['level'], string> = { block: 'Blocked', high: 'High impact', warn: 'Check' }

export function RisksPanel({ gate }: { gate: RiskGate }) {
  const id = useId()
  // A marker for whoever waits on the checks (tests, assistive tech reads the list itself).
  if (!gate.risks.length) return gate.pending ? null : <span hidden data-testid="review-risks-checked" />
  return (
    <div className="card" data-testid="review-risks">
      <h3>Risks found in this browser</h3>
      <ul className="list">
        {gate.risks.map((risk, i) => (
          <li key={risk.title} data-testid="review-risk" data-kind={risk.kind} data-level={risk.level}>
            <p>
              <strong className={risk.level === 'warn' ? undefined : 'error-text'}>
                {LEVEL_WORD[risk.level]}:
              </strong>{' '}
              {risk.title}
            </p>
            <p className="muted small">{risk.why}</p>
            {risk.level === 'block' && risk.confirmText ? (
              <>
                <label htmlFor={`${id}-${i}`} className="small">
                  To sign anyway, type the last 6 characters of the target address
                </label>
                <input
                  id={`${id}-${i}`}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  value={gate.typed[risk.title] ?? ''}
                  onChange={(event) => gate.setTyped({ ...gate.typed, [risk.title]: event.target.value })}
                  data-testid="review-risk-confirm"
                />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The risks of a queued transaction on its queue row, before anyone opens it: the call's own checks (no
 * simulation), each with its reason on hover and for screen readers.
 */
export function QueueRowRisks({ details, safe }: { details: TransactionDetails; safe: Address }) {
  const known = useContext(KnownAddressesContext)
  const risks = useMemo(() => {
    const parsed = safeTxOfDetails(details)
    return parsed.ok ? assessRisks(parsed.value.tx, { safe, known }) : []
  }, [details, safe, known])
  if (!risks.length) return null
  return (
    <ul className="queue-risks small" data-testid="queue-risks">
      {risks.map((risk) => (
        <li
          key={risk.title}
          data-testid="queue-risk"
          data-kind={risk.kind}
          data-level={risk.level}
          title={risk.why}
        >
          <strong className={risk.level === 'warn' ? undefined : 'error-text'}>
            {LEVEL_WORD[risk.level]}:
          </strong>{' '}
          {risk.title}
        </li>
      ))}
    </ul>
  )
}
