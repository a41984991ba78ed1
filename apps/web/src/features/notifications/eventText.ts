// What a notification says and where it leads, per event type.
import type { NotificationType } from '@concord/safe/notificationTypes'
import { formatTokenAmount } from '../../lib/format'
import type { NotificationEvent } from './api/requests'

const short = (value: string | undefined) => (value ? `${value.slice(0, 6)}…${value.slice(-4)}` : '')

const TITLES: Record<NotificationType, string> = {
  PENDING_MULTISIG_TRANSACTION: 'New transaction proposed',
  NEW_CONFIRMATION: 'Transaction confirmed by an owner',
  READY_TO_EXECUTE: 'Transaction ready to execute',
  EXECUTED_MULTISIG_TRANSACTION: 'Transaction executed',
  INCOMING_ETHER: 'Incoming funds',
  INCOMING_TOKEN: 'Incoming tokens',
  MESSAGE_CREATED: 'Message needs signatures',
  MESSAGE_CONFIRMED: 'Message fully signed',
  RECOVERY_PROPOSED: 'Recovery started',
}

/** A type's name for people, e.g. "Transaction ready to execute". */
export const typeLabel = (type: NotificationType): string => TITLES[type] ?? type

/** What the reader of a notification knows besides the event: names, the transaction's action, the coin. */
export type EventContext = {
  /** An address's name (address book, ENS), if it has one. */
  nameOf?: ((address: string) => string | undefined) | undefined
  /** The transaction's action as a phrase, e.g. "send 1 cUSD to Alice" (from its details, once loaded). */
  action?: string | undefined
  /** Who proposed the transaction (from its details). */
  proposer?: string | undefined
  /** The chain's native coin, for incoming funds. */
  native?: { symbol: string; decimals: number } | undefined
  /** A token's symbol and decimals, when known (the open Safe's tokens), for incoming tokens. */
  tokenOf?: ((address: string) => { symbol: string; decimals: number } | undefined) | undefined
}

const RISK_MARK = (event: NotificationEvent): string => {
  const [first, ...more] = Array.isArray(event.risks) ? event.risks : []
  return first ? ` · ⚠ ${first.title}${more.length ? ` (+${more.length} more)` : ''}` : ''
}

/**
 * An event as a sentence and the Safe it concerns, e.g. "Bob confirmed: send 1 cUSD to Alice" / "Treasury".
 * Without the transaction's details (not loaded yet, or a system notification) the sentence names its hash.
 */
export function describeEvent(
  event: NotificationEvent,
  context: EventContext = {},
): { title: string; detail: string } {
  const name = (address: string | undefined) =>
    address ? (context.nameOf?.(address) ?? short(address)) : undefined
  const action =
    context.action ?? (event.safeTxHash ? `transaction ${short(event.safeTxHash)}` : 'a transaction')
  const title = (() => {
    switch (event.type) {
      case 'PENDING_MULTISIG_TRANSACTION':
        return `${name(context.proposer) ?? 'An owner'} proposed: ${action}`
      case 'NEW_CONFIRMATION':
        return `${name(event.owner) ?? 'An owner'} confirmed: ${action}`
      case 'READY_TO_EXECUTE':
        return `Ready to execute: ${action}`
      case 'EXECUTED_MULTISIG_TRANSACTION':
        return `${event.failed ? 'Failed' : 'Executed'}: ${action}`
      case 'INCOMING_ETHER':
        return `Received ${formatNative(event.value, context.native)}`
      case 'INCOMING_TOKEN': {
        if (event.tokenId != null) return `Received NFT #${event.tokenId} of ${name(event.tokenAddress)}`
        const token = event.tokenAddress ? context.tokenOf?.(event.tokenAddress) : undefined
        return token && event.value && /^\d+$/.test(event.value)
          ? `Received ${formatTokenAmount(event.value, token.decimals)} ${token.symbol}`
          : `Received tokens of ${name(event.tokenAddress)}`
      }
      case 'MESSAGE_CREATED':
        return `${name(event.owner) ?? 'An owner'} asked the owners to sign message ${short(event.messageHash)}`
      case 'MESSAGE_CONFIRMED':
        return `Message ${short(event.messageHash)} is fully signed`
      case 'RECOVERY_PROPOSED': {
        // A recoverer can replace the owners: they have until the review window ends to cancel it.
        const owners = event.newOwners?.length
          ? `: new owners ${event.newOwners.map((o) => name(o)).join(', ')}${event.newThreshold ? `, ${event.newThreshold} of ${event.newOwners.length}` : ''}`
          : ''
        return `Recovery started${owners}. Not yours? Cancel it in the queue`
      }
      default:
        return TITLES[event.type] ?? event.type
    }
  })()
  return { title, detail: `${name(event.address) ?? 'Safe'}${RISK_MARK(event)}` }
}

/** Native value in the chain's coin (18 decimals and "(native)" until the chain is known). */
function formatNative(value: string | null | undefined, native: EventContext['native']): string {
  if (!value || !/^\d+$/.test(value)) return 'funds'
  return `${formatTokenAmount(value, native?.decimals ?? 18)} ${native?.symbol ?? '(native)'}`
}

/**
 * The screen an event opens, for the Safe's `safe` link parameter (`<shortName>:<address>`): a transaction's
 * details, the history for incoming funds, the messages for messages.
 */
export function eventPath(event: NotificationEvent, safeParam: string): string {
  const q = (extra: Record<string, string> = {}) => `?${new URLSearchParams({ safe: safeParam, ...extra })}`
  if (event.safeTxHash) return `/transactions/tx${q({ id: `multisig_${event.address}_${event.safeTxHash}` })}`
  if (event.type === 'INCOMING_ETHER' || event.type === 'INCOMING_TOKEN') return `/transactions/history${q()}`
  if (event.messageHash) return `/messages${q()}`
  if (event.type === 'RECOVERY_PROPOSED') return `/transactions/queue${q()}`
  return `/${q()}`
}
