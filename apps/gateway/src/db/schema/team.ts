// Team data: the shared address book and transaction notes.
import { bigint, index, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'

/** Names a Safe's team gives addresses, shared by its owners. */
export const addressBookEntries = pgTable(
  'address_book_entries',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    address: text('address').notNull(),
    name: text('name').notNull(),
    updatedBy: text('updated_by').notNull(),
    /** Milliseconds. */
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.safe, t.address] })],
)

/** Notes owners write on a Safe's transactions (by safeTxHash, or txHash for other history items). */
export const transactionNotes = pgTable(
  'transaction_notes',
  {
    id: serial('id').primaryKey(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    /** The transaction's id as the API gives it (multisig_…, module_…, transfer_…, 0x safeTxHash). */
    transactionId: text('transaction_id').notNull(),
    author: text('author').notNull(),
    note: text('note').notNull(),
    /** Milliseconds. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('transaction_notes_by_safe').on(t.chainId, t.safe, t.transactionId)],
)
