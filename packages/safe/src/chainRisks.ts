// Risk checks that need the chain's answer, beside the static ones of risks.ts: what a dry run moves against what
// the call says it sends, and targets that hold no code.

import { type Address, decodeFunctionData, erc20Abi, getAddress, type Hex, isAddressEqual, size } from 'viem'
import { decodeMultiSend } from './multiSend.ts'
import type { Risk } from './risks.ts'

/** A dry run's outcome as the gateway's simulation route answers it (what simulationRisks reads). */
export type Simulation = {
  success: boolean
  balanceChanges: readonly {
    tokenAddress: string | null
    symbol: string
    decimals: number
    before: string
    change: string
  }[]
}

/** What the call as decoded sends out of the Safe, per token (null: the native coin), MultiSend actions included. */
export function intendedOutflows(
  call: { to: string; value: bigint; data: Hex; operation: number },
  safe: Address,
  depth = 0,
): Map<string | null, bigint> {
  const out = new Map<string | null, bigint>()
  const add = (token: string | null, amount: bigint) => out.set(token, (out.get(token) ?? 0n) + amount)
  if (call.value > 0n) add(null, call.value)
  const batch = depth < 4 ? decodeMultiSend(call.data) : null
  if (batch) {
    for (const action of batch)
      for (const [token, amount] of intendedOutflows(action, safe, depth + 1)) add(token, amount)
    return out
  }
  try {
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: call.data })
    if (functionName === 'transfer') add(call.to.toLowerCase(), args[1] as bigint)
    if (functionName === 'transferFrom' && isAddressEqual(args[0] as Address, safe))
      add(call.to.toLowerCase(), args[2] as bigint)
  } catch {
    // not a token transfer
  }
  return out
}

const amountText = (raw: bigint, change: { symbol: string; decimals: number }) => {
  const unit = 10n ** BigInt(change.decimals)
  const whole = raw / unit
  const fraction = (raw % unit).toString().padStart(change.decimals, '0').replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} ${change.symbol}`
}

/**
 * What the dry run shows against what the call says: an asset leaving the Safe that the decoded call does not
 * send, another amount than it sends, or more than half of what the Safe holds of an asset.
 */
export function simulationRisks(
  call: { to: string; value: bigint; data: Hex; operation: number },
  safe: Address,
  simulation: Simulation,
): Risk[] {
  if (!simulation.success) return []
  const intended = intendedOutflows(call, safe)
  const risks: Risk[] = []
  for (const change of simulation.balanceChanges) {
    const before = BigInt(change.before)
    const delta = BigInt(change.change)
    const token = change.tokenAddress?.toLowerCase() ?? null
    const leaving = delta < 0n ? -delta : 0n
    const said = intended.get(token) ?? 0n
    if (leaving > 0n && said === 0n)
      risks.push({
        kind: 'simulation-mismatch',
        level: 'high',
        title: `The simulation shows ${amountText(leaving, change)} leaving the Safe, which the call as decoded does not send`,
        why: 'What the transaction does is not what it says: a contract it calls moves the Safe’s assets. Find out why before signing.',
      })
    else if (said > 0n && leaving !== said && token !== null)
      risks.push({
        kind: 'simulation-mismatch',
        level: 'high',
        title: `The call sends ${amountText(said, change)}, the simulation moves ${amountText(leaving, change)}`,
        why: 'A token that takes fees, rebases or does something else than it says behaves differently from its transfer call.',
      })
    if (leaving > 0n && before > 0n && leaving * 2n > before)
      risks.push({
        kind: 'large-share',
        level: 'warn',
        title: `Moves ${leaving === before ? 'all' : 'more than half'} of the Safe’s ${change.symbol}`,
        why: `${amountText(leaving, change)} of ${amountText(before, change)}: check the amount.`,
      })
  }
  return risks
}

/** The addresses the call (and each batch action) calls with data: each must be a contract for anything to run. */
export function contractTargets(
  call: { to: string; value: bigint; data: Hex; operation: number },
  depth = 0,
): Address[] {
  if (size(call.data) === 0) return []
  const batch = depth < 4 ? decodeMultiSend(call.data) : null
  const inner = batch ? batch.flatMap((action) => contractTargets(action, depth + 1)) : []
  return [...new Set([getAddress(call.to), ...inner])]
}

/**
 * Calls with data to addresses that hold no code (`codeOf` answers the chain's bytecode, '0x' for none): the
 * call "succeeds" and does nothing, the usual sign of a wrong address or a contract on another chain.
 */
export function noCodeRisks(targets: readonly Address[], codeOf: ReadonlyMap<string, Hex>): Risk[] {
  return targets
    .filter((target) => codeOf.get(target.toLowerCase()) === '0x')
    .map((target) => ({
      kind: 'no-code' as const,
      level: 'high' as const,
      title: `${target} has no contract code on this chain`,
      why: 'The call carries data for a contract, but nothing is deployed there: it would succeed and do nothing. A wrong address, or a contract on another chain?',
    }))
}
