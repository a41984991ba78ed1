// Off-chain messages (EIP-1271).
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import type { SignatureKind } from './proposals.ts'

/** A message a Safe's owners sign off-chain; `messageHash` is the Safe message hash (SafeMessage in the Safe's domain). */
export const messages = pgTable(
  'messages',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    messageHash: text('message_hash').notNull(),
    safe: text('safe').notNull(),
    /** A string (EIP-191) or EIP-712 typed data, as proposed. */
    message: jsonb('message').notNull(),
    proposedBy: text('proposed_by').notNull(),
    safeAppId: integer('safe_app_id'),
    origin: text('origin'),
    /** Milliseconds. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** Milliseconds: the last signature added. */
    modifiedAt: bigint('modified_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.messageHash] }),
    index('messages_by_safe').on(t.chainId, t.safe, t.createdAt),
  ],
)

/** Owner signatures of messages, each verified against the Safe message hash when it arrived. */
export const messageConfirmations = pgTable(
  'message_confirmations',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    messageHash: text('message_hash').notNull(),
    owner: text('owner').notNull(),
    signature: text('signature').notNull(),
    signatureType: text('signature_type').$type<SignatureKind>().notNull(),
    /** Milliseconds. */
    submittedAt: bigint('submitted_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.messageHash, t.owner] })],
)
