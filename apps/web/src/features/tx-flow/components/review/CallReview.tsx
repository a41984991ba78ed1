import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type ReactNode, useEffect } from 'react'
import type { Address } from 'viem'
import type { SafeCall } from '../../types'
import type { DecodedCall } from '../../verify/checkDecoded'
import { CallFields, DecodedPanel, SimulationPanel } from './ReviewPanels'
import { RisksPanel, useRiskGate } from './RisksPanel'
import { useCallChecks } from './useCallChecks'

export type CallReviewProps = {
  chain: ChainInfo
  safe: Address
  /** The verified call: what the Safe will do. */
  call: SafeCall
  /** The gateway's reading of the call, checked against its data before it is shown. */
  decoded?: DecodedCall | null | undefined
  /** Told whether a risk holds the signature or execution until the signer has read it. */
  onHeldChange: (held: boolean) => void
  /** Shown between the simulation and the risks (e.g. the nonce and confirmations). */
  children?: ReactNode
}

/**
 * The review of a proposed call, the same before a confirmation and before an execution: raw fields, the
 * decoded action, the simulation and the local risk checks.
 */
export function CallReview({ chain, safe, call, decoded, onHeldChange, children }: CallReviewProps) {
  const checks = useCallChecks(chain.chainId, safe, call, decoded ?? null)
  const gate = useRiskGate(call, safe, Number(chain.chainId), checks.simulation.data)
  const held = gate.held || checks.decodedProblems.length > 0
  useEffect(() => onHeldChange(held), [held, onHeldChange])
  return (
    <>
      <CallFields chain={chain} call={call} />
      <DecodedPanel chain={chain} call={call} checks={checks} />
      <SimulationPanel checks={checks} />
      {children}
      <RisksPanel gate={gate} />
    </>
  )
}
