// Address poisoning in a Safe's history: an attacker sends nothing (or dust) from an address that starts and ends
// like one the Safe pays, so that a later copy of "the address from history" picks theirs. Such incoming transfers
// are flagged, and hidden until asked for.

import { type KnownAddress, lookalikeOf } from '@concord/safe/risks'
import type { TransactionListItem, TransactionSummary } from '@safe-global/safe-gateway-typescript-sdk'

/** Below 1/10,000 of a token (or 1e-6 of the native coin): too little to be a payment anyone meant. */
const DUST_DIVISOR = 10_000n
const NATIVE_DUST_WEI = 10n ** 12n

type TxInfo = {
  type?: string
  direction?: string
  sender?: { value?: string }
  recipient?: { value?: string }
  transferInfo?: { type?: string; value?: string | null; decimals?: number | null }
  to?: { value?: string }
}

const info = (tx: TransactionSummary) => tx.txInfo as unknown as TxInfo

function isDust(transfer: NonNullable<TxInfo['transferInfo']>): boolean {
  let value: bigint
  try {
    value = BigInt(transfer.value ?? '0')
  } catch {
    return false
  }
  if (value === 0n) return true
  if (transfer.type === 'NATIVE_COIN') return value < NATIVE_DUST_WEI
  if (transfer.type === 'ERC20' && typeof transfer.decimals === 'number')
    return value * DUST_DIVISOR < 10n ** BigInt(transfer.decimals)
  return false
}

/** The addresses the Safe deals with in these items: whom it paid or called (to compare senders against). */
export function counterparties(items: readonly TransactionListItem[]): KnownAddress[] {
  const out = new Map<string, KnownAddress>()
  for (const item of items) {
    if (item.type !== 'TRANSACTION') continue
    const tx = info(item.transaction)
    const address =
      tx.direction === 'OUTGOING' ? tx.recipient?.value : tx.type === 'Custom' ? tx.to?.value : undefined
    if (address) out.set(address.toLowerCase(), { address, name: 'an address this Safe paid' })
  }
  return [...out.values()]
}

/**
 * The incoming zero-value or dust transfers whose sender looks like a known address (address book, or one the
 * Safe paid), by transaction id, with the address imitated.
 */
export function poisoningSuspects(
  items: readonly TransactionListItem[],
  known: readonly KnownAddress[],
): Map<string, KnownAddress> {
  const compareWith = [...known, ...counterparties(items)]
  const suspects = new Map<string, KnownAddress>()
  for (const item of items) {
    if (item.type !== 'TRANSACTION') continue
    const tx = info(item.transaction)
    const sender = tx.sender?.value
    if (tx.type !== 'Transfer' || tx.direction !== 'INCOMING' || !sender || !tx.transferInfo) continue
    if (!isDust(tx.transferInfo)) continue
    const imitated = lookalikeOf(sender, compareWith)
    if (imitated) suspects.set(item.transaction.id, imitated)
  }
  return suspects
}
