// The Safe transactions of recovery, as drafts for the ordinary review (app/ composes it with tx-flow's review):
// set up (one MultiSendCallOnly batch), remove (disableModule) and cancel (setTxNonce past the queue).
import { safeAbi, safeV130, safeV141 } from '@concord/safe/contracts'
import { delayAbi, MIN_DELAY_EXPIRATION_SECONDS, recoverySetupCalls } from '@concord/safe/recovery'
import { type Address, concat, encodeFunctionData, encodePacked, type Hex, isAddressEqual, size } from 'viem'
import { shortAddress } from '../../../lib/format'

/** Structurally tx-flow's TxDraft (a feature does not import another). */
export type RecoveryDraft = {
  call: { to: Address; value: bigint; data: Hex; operation: 0 | 1 }
  summary: string
}

const SENTINEL: Address = '0x0000000000000000000000000000000000000001'
const multiSendAbi = [
  { type: 'function', name: 'multiSend', inputs: [{ type: 'bytes', name: 'transactions' }], outputs: [] },
] as const

export type SetupInput = {
  safe: Address
  /** As the gateway reports it (`1.4.1`, `1.3.0+L2`): picks the MultiSendCallOnly. */
  version: string | null
  recoverers: readonly Address[]
  /** Seconds. */
  cooldown: number
  /** Seconds; 0: no expiry. */
  expiration: number
  /** CREATE2 salt of the Delay proxy (a new one per setup). */
  saltNonce: bigint
}

/** The setup batch, or the reason it cannot be built (shown under the form). */
export function setupDraft(input: SetupInput): { draft: RecoveryDraft } | { error: string } {
  if (input.recoverers.length === 0) return { error: 'Name at least one recoverer' }
  if (input.recoverers.some((r) => isAddressEqual(r, input.safe)))
    return { error: 'The Safe cannot recover itself' }
  if (!Number.isInteger(input.cooldown) || input.cooldown < 1)
    return { error: 'The review window must be at least one second' }
  if (input.expiration !== 0 && input.expiration < MIN_DELAY_EXPIRATION_SECONDS)
    return { error: `The expiry must be none or at least ${MIN_DELAY_EXPIRATION_SECONDS} seconds` }
  const multiSendCallOnly = input.version?.startsWith('1.3.0')
    ? safeV130.multiSendCallOnly
    : input.version?.startsWith('1.4.1')
      ? safeV141.multiSendCallOnly
      : null
  if (!multiSendCallOnly) return { error: `Recovery needs a Safe of version 1.4.1 or 1.3.0` }
  const { delay, calls } = recoverySetupCalls({
    safe: input.safe,
    cooldown: BigInt(input.cooldown),
    expiration: BigInt(input.expiration),
    saltNonce: input.saltNonce,
    recoverers: input.recoverers,
  })
  const packed = concat(
    calls.map((c) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [c.operation, c.to, c.value, BigInt(size(c.data)), c.data],
      ),
    ),
  )
  return {
    draft: {
      call: {
        to: multiSendCallOnly,
        value: 0n,
        data: encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] }),
        operation: 1,
      },
      summary: `Set up recovery: Delay ${shortAddress(delay)}, recoverer ${input.recoverers.map(shortAddress).join(', ')}`,
    },
  }
}

/** disableModule on the Safe: the recoverers can no longer queue anything. */
export function removeDraft(safe: Address, modules: readonly Address[], delay: Address): RecoveryDraft {
  const index = modules.findIndex((m) => isAddressEqual(m, delay))
  const prev = index <= 0 ? SENTINEL : (modules[index - 1] as Address)
  return {
    call: {
      to: safe,
      value: 0n,
      data: encodeFunctionData({ abi: safeAbi, functionName: 'disableModule', args: [prev, delay] }),
      operation: 0,
    },
    summary: `Remove recovery (Delay ${shortAddress(delay)})`,
  }
}

/** setTxNonce(queueNonce) on the Delay: every queued recovery is skipped. */
export function cancelDraft(delay: Address, queueNonce: number): RecoveryDraft {
  return {
    call: {
      to: delay,
      value: 0n,
      data: encodeFunctionData({ abi: delayAbi, functionName: 'setTxNonce', args: [BigInt(queueNonce)] }),
      operation: 0,
    },
    summary: `Cancel recovery (skip the Delay's queue up to ${queueNonce})`,
  }
}

/** "1h 5m", "45s": what is left of a window. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const d = Math.floor(s / 86_400)
  const h = Math.floor((s % 86_400) / 3_600)
  const m = Math.floor((s % 3_600) / 60)
  const parts = [
    d ? `${d}d` : '',
    h ? `${h}h` : '',
    m ? `${m}m` : '',
    s < 3_600 && s % 60 ? `${s % 60}s` : '',
  ]
  return parts.filter(Boolean).join(' ') || '0s'
}
