// What changed, as soon as it is committed: the indexer (a block) and the write routes (a proposal, a
// confirmation, a message signature) publish; live updates (SSE) and notifications subscribe. One process
// delivers in memory; on PostgreSQL every process also hears the others' changes (see the live module).

import type { Address, Hex } from 'viem'
import { log } from '../log/logger.ts'

/** Event names follow the Safe Transaction Service's (TransactionServiceEventType) where one exists. */
export type Change =
  /** The indexer committed blocks up to `blockNumber`; `safes` are those whose indexed data changed. */
  | { type: 'BLOCK_INDEXED'; chainId: number; blockNumber: number; safes: Address[] }
  | {
      type: 'PENDING_MULTISIG_TRANSACTION'
      chainId: number
      address: Address
      safeTxHash: Hex
      /** The call's static risk checks (@concord/safe/risks), most serious first: in notifications and webhooks. */
      risks?: { kind: string; level: string; title: string; why: string }[]
    }
  | { type: 'NEW_CONFIRMATION'; chainId: number; address: Address; safeTxHash: Hex; owner: Address }
  /** The threshold is reached: an owner can execute. */
  | { type: 'READY_TO_EXECUTE'; chainId: number; address: Address; safeTxHash: Hex }
  | {
      type: 'EXECUTED_MULTISIG_TRANSACTION'
      chainId: number
      address: Address
      safeTxHash: Hex
      txHash: Hex
      failed: boolean
    }
  | { type: 'DELETED_MULTISIG_TRANSACTION'; chainId: number; address: Address; safeTxHash: Hex }
  | { type: 'INCOMING_ETHER'; chainId: number; address: Address; txHash: Hex; value: string }
  | {
      type: 'INCOMING_TOKEN'
      chainId: number
      address: Address
      txHash: Hex
      tokenAddress: Address
      value: string | null
      tokenId: string | null
    }
  | { type: 'MESSAGE_CREATED'; chainId: number; address: Address; messageHash: Hex }
  | { type: 'MESSAGE_CONFIRMATION'; chainId: number; address: Address; messageHash: Hex; owner: Address }
  /** The threshold of signatures is reached: the prepared signature is available. */
  | { type: 'MESSAGE_CONFIRMED'; chainId: number; address: Address; messageHash: Hex }
  /**
   * A recoverer queued a transaction on one of the Safe's Delay modifiers (recovery): it runs after the review
   * window unless the owners cancel it. `newOwners`/`newThreshold` when it is an owner change (null otherwise).
   */
  | {
      type: 'RECOVERY_PROPOSED'
      chainId: number
      address: Address
      delay: Address
      queueNonce: number
      recoveryTxHash: Hex
      newOwners: Address[] | null
      newThreshold: number | null
      /** Unix seconds. */
      executableAt: number
      expiresAt: number | null
    }
  /** Team data (address book, notes, notification settings, delegates) of a Safe changed. */
  | {
      type: 'TEAM_DATA_UPDATED'
      chainId: number
      address: Address
      what: 'addressBook' | 'notes' | 'notifications' | 'delegates'
    }

/** `local`: published by this process (so work that must happen once, e.g. storing a notification, skips remote ones). */
export type ChangeListener = (change: Change, meta: { local: boolean }) => void

export interface ChangeBus {
  /** Delivers to every subscriber of every process; never throws (a failing listener is logged). */
  publish(change: Change): void
  subscribe(listener: ChangeListener): () => void
  /**
   * Called when changes of other processes may have been missed (the PostgreSQL LISTEN connection dropped
   * and came back): whoever mirrors state from the bus (a live stream) must refetch. Absent on the local bus.
   */
  onGap?(listener: () => void): () => void
  close(): Promise<void>
}

/** The in-process bus (PGlite, or one PostgreSQL process): listeners run after the publisher returns. */
export function createLocalChangeBus(): ChangeBus {
  const listeners = new Set<ChangeListener>()
  return {
    publish(change) {
      queueMicrotask(() => {
        for (const listener of listeners) {
          try {
            listener(change, { local: true })
          } catch (error) {
            log.error({ module: 'changes', err: error, change: change.type }, 'change listener failed')
          }
        }
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: async () => listeners.clear(),
  }
}
