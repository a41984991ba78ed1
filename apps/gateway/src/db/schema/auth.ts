// Sign-in with Ethereum.
import { bigint, pgTable, text } from 'drizzle-orm/pg-core'

/** SIWE nonces handed out and not yet used: single-use, deleted when verified or expired. */
export const authNonces = pgTable('auth_nonces', {
  nonce: text('nonce').primaryKey(),
  /** Milliseconds. */
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
})

/** Signed-in sessions; the cookie holds a random token, the table only its SHA-256. */
export const authSessions = pgTable('auth_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  address: text('address').notNull(),
  chainId: bigint('chain_id', { mode: 'number' }).notNull(),
  /** Milliseconds. */
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
})
