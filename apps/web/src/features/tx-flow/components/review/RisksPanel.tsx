import type * as SafeTx from '@concord/safe/SafeTx'
import { useContext, useId, useMemo, useState } from 'react'
import type { Address } from 'viem'
import { KnownAddressesContext } from '../../../../components/ui/AddressNamesContext'
import type { Simulation } from '../../api'
import { assessRisks, bySeverity, type Risk, simulationRisks } from '../../verify/risks'

/**
 * The call's local risk checks (verify/risks.ts) for the review: what they found, and whether signing is held.
 * A blocking risk holds it until the signer types what it asks (the target's last characters): reading the
 * address is the point.
 */
export function useRiskGate(
  call: Pick<SafeTx.SafeTx, 'to' | 'value' | 'data' | 'operation'>,
  safe: Address,
  simulation?: Simulation | undefined,
) {
  const known = useContext(KnownAddressesContext)
  const risks = useMemo(
    () =>
      [
        ...assessRisks(call, { safe, known }),
        ...(simulation ? simulationRisks(call, safe, simulation) : []),
      ].sort(bySeverity),
    [call, safe, known, simulation],
  )
  const [typed, setTyped] = useState<Record<string, string>>({})
  const held = risks.some(
    (r) => r.level === 'block' && (typed[r.title] ?? '').trim().toLowerCase() !== r.confirmText,
  )
  return { risks, held, typed, setTyped }
}

export type RiskGate = ReturnType<typeof useRiskGate>

const LEVEL_WORD: Record<Risk['level'], string> = { block: 'Blocked', high: 'High impact', warn: 'Check' }

export function RisksPanel({ gate }: { gate: RiskGate }) {
  const id = useId()
  if (!gate.risks.length) return null
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
