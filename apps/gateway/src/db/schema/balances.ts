// The last balance read of each token a Safe holds: shown, marked stale, when a read fails, so a token never
// drops to 0 or vanishes because the node did not answer.
import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

export const lastBalances = pgTable(
  'last_balances',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    /** The token's address; the zero address for the native coin. */
    token: text('token').notNull(),
    /** Decimal string (uint256). */
    balance: text('balance').notNull(),
    /** Milliseconds. */
    readAt: bigint('read_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.safe, t.token] })],
)
