// Stored messages as the Client Gateway serves them (…/safes/{safeAddress}/messages): status from the Safe's
// current threshold, the owner-sorted prepared signature once confirmed, and the list's DATE_LABELs at UTC
// midnight of each creation day.
import { encodeSignatures } from '@concord/safe/signatures'
import { type Address, type Hex, isAddressEqual } from 'viem'
import type { MessageConfirmationRow, MessageRow } from './messages.repository.ts'

const info = (value: string) => ({ value, name: null, logoUri: null })

export type MessageStatus = 'NEEDS_CONFIRMATION' | 'CONFIRMED'

/**
 * One message. Only signatures of current owners count towards the threshold and go into the prepared
 * signature: a removed owner's signature would make the Safe reject the whole of it.
 */
export function toMessage(
  row: MessageRow,
  confirmations: readonly MessageConfirmationRow[],
  safe: { threshold: number; owners: readonly string[] },
) {
  const valid = confirmations.filter((c) =>
    safe.owners.some((o) => isAddressEqual(o as Address, c.owner as Address)),
  )
  const confirmed = valid.length >= safe.threshold
  return {
    messageHash: row.messageHash,
    status: (confirmed ? 'CONFIRMED' : 'NEEDS_CONFIRMATION') as MessageStatus,
    logoUri: null,
    name: null,
    message: row.message as string | Record<string, unknown>,
    creationTimestamp: row.createdAt,
    modifiedTimestamp: row.modifiedAt,
    confirmationsSubmitted: confirmations.length,
    confirmationsRequired: safe.threshold,
    proposedBy: info(row.proposedBy),
    confirmations: confirmations.map((c) => ({ owner: info(c.owner), signature: c.signature })),
    preparedSignature: confirmed
      ? encodeSignatures(valid.map((c) => ({ signer: c.owner as Address, signature: c.signature as Hex })))
      : null,
    origin: row.origin,
  }
}

export type MessageItem = ReturnType<typeof toMessage> & { type: 'MESSAGE' }
export type DateLabel = { type: 'DATE_LABEL'; timestamp: number }

/** Midnight UTC of the day `ms` falls on. */
export const utcMidnight = (ms: number): number => {
  const d = new Date(ms)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
}

/** Messages (newest first) with a DATE_LABEL before each UTC day's group. */
export function withDateLabels(items: readonly ReturnType<typeof toMessage>[]): (MessageItem | DateLabel)[] {
  const out: (MessageItem | DateLabel)[] = []
  let day: number | undefined
  for (const item of items) {
    const d = utcMidnight(item.creationTimestamp)
    if (d !== day) out.push({ type: 'DATE_LABEL', timestamp: d })
    day = d
    out.push({ type: 'MESSAGE', ...item })
  }
  return out
}
