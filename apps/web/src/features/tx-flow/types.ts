import type { Address, Hex } from 'viem'

/** What a Safe transaction does, before the nonce and gas fields make it a SafeTx. */
export type SafeCall = {
  to: Address
  value: bigint
  data: Hex
  /** 0 CALL, 1 DELEGATECALL. */
  operation: 0 | 1
}

/** A call built by one of the forms, with the one-line summary the batch list and review show. */
export type TxDraft = {
  call: SafeCall
  summary: string
}

/** A builder's answer: the value, or the message shown under the field that caused the failure. */
export type BuildResult<T> = { ok: true; value: T } | { ok: false; error: string }

export const ok = <T>(value: T): BuildResult<T> => ({ ok: true, value })
export const fail = <T = never>(error: string): BuildResult<T> => ({ ok: false, error })
