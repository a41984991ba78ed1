// Off-chain data: proposals, confirmations, delegates.
// Written by the API (never by the indexer), so a reorg or a re-index never touches them.
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core'

/**
 * Proposed Safe transactions, executed or not: the queue is the proposals with no execution and a nonce at or
 * above the Safe's. Every field was checked on the server (hash recomputed, sender an owner or delegate).
 */
export const proposals = pgTable(
  'proposals',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    safeTxHash: text('safe_tx_hash').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    to: text('to').notNull(),
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    data: text('data').notNull(),
    operation: integer('operation').notNull(),
    safeTxGas: numeric('safe_tx_gas', { precision: 78, scale: 0 }).notNull(),
    baseGas: numeric('base_gas', { precision: 78, scale: 0 }).notNull(),
    gasPrice: numeric('gas_price', { precision: 78, scale: 0 }).notNull(),
    gasToken: text('gas_token').notNull(),
    refundReceiver: text('refund_receiver').notNull(),
    /** The owner who proposed it, or the delegator when a delegate did. */
    proposer: text('proposer').notNull(),
    proposedByDelegate: text('proposed_by_delegate'),
    origin: text('origin'),
    /** Proposed with at least one owner signature (untrusted proposals are hidden by default). */
    trusted: boolean('trusted').notNull(),
    /** Milliseconds. */
    submittedAt: bigint('submitted_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.safeTxHash] }),
    index('proposals_by_safe').on(t.chainId, t.safe, t.nonce),
  ],
)

export type SignatureKind = 'EOA' | 'ETH_SIGN' | 'APPROVED_HASH' | 'CONTRACT_SIGNATURE'

/** Owner confirmations of proposals, each verified when it arrived. */
export const confirmations = pgTable(
  'confirmations',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safeTxHash: text('safe_tx_hash').notNull(),
    owner: text('owner').notNull(),
    signature: text('signature').notNull(),
    signatureType: text('signature_type').$type<SignatureKind>().notNull(),
    /** Milliseconds. */
    submittedAt: bigint('submitted_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.safeTxHash, t.owner] })],
)

/**
 * Delegates (proposers): an address a Safe owner allows to propose, for one Safe or (safe null) every Safe the
 * delegator owns, until `expiresAt` (ms; null = no expiry). A delegate can propose but never confirm.
 */
export const delegates = pgTable(
  'delegates',
  {
    id: serial('id').primaryKey(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe'),
    delegate: text('delegate').notNull(),
    delegator: text('delegator').notNull(),
    label: text('label').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }),
  },
  (t) => [index('delegates_by_delegate').on(t.chainId, t.delegate)],
)
