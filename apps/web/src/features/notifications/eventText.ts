// What a notification says and where it leads, per event type.
import type { NotificationType } from '@concord/safe/notificationTypes'
import type { NotificationEvent } from './api'

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
}

/** A type's name for people, e.g. "Transaction ready to execute". */
export const typeLabel = (type: NotificationType): string => TITLES[type] ?? type

/** The title and one line of detail of an event, e.g. "Transaction ready to execute" / "Safe 0x12…ab". */
export function describeEvent(event: NotificationEvent): { title: string; detail: string } {
  const safe = `Safe ${short(event.address)}`
  const title =
    event.type === 'EXECUTED_MULTISIG_TRANSACTION' && event.failed ? 'Transaction failed' : TITLES[event.type]
  const detail = (() => {
    switch (event.type) {
      case 'NEW_CONFIRMATION':
        return `${safe}: signed by ${short(event.owner)}`
      case 'INCOMING_ETHER':
        return `${safe} received ${formatWei(event.value)}`
      case 'INCOMING_TOKEN':
        return `${safe} received ${event.tokenId != null ? `NFT #${event.tokenId}` : 'tokens'} of ${short(event.tokenAddress)}`
      case 'MESSAGE_CREATED':
      case 'MESSAGE_CONFIRMED':
        return `${safe}: message ${short(event.messageHash)}`
      case 'PENDING_MULTISIG_TRANSACTION': {
        const [first, ...more] = Array.isArray(event.risks) ? event.risks : []
        const risk = first ? ` · ⚠ ${first.title}${more.length ? ` (+${more.length} more)` : ''}` : ''
        return `${safe}: ${short(event.safeTxHash)}${risk}`
      }
      default:
        return `${safe}: ${short(event.safeTxHash)}`
    }
  })()
  return { title: title ?? event.type, detail }
}

/** Native value in ether, without rounding surprises for small amounts. */
function formatWei(value: string | null | undefined): string {
  if (!value || !/^\d+$/.test(value)) return 'funds'
  const wei = BigInt(value)
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '').slice(0, 6)
  return `${whole}${fraction ? `.${fraction}` : ''} (native)`
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
  return `/${q()}`
}
