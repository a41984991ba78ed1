// A Safe's executed history, derived from the indexed logs (see indexer.ts).
import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * Executed multisig transactions: SafeMultiSigTransaction + ExecutionSuccess/Failure on L2 Safes; on non-L2
 * Safes ExecutionSuccess/Failure joined with the parameters from the calldata, a proposal or a trace. When
 * no source has them the row keeps what the events tell (hash, nonce, status) with null parameters.
 */
export const multisigTransactions = pgTable(
  'multisig_transactions',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    safeTxHash: text('safe_tx_hash').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    to: text('to'),
    value: numeric('value', { precision: 78, scale: 0 }),
    data: text('data'),
    operation: integer('operation'),
    safeTxGas: numeric('safe_tx_gas', { precision: 78, scale: 0 }),
    baseGas: numeric('base_gas', { precision: 78, scale: 0 }),
    gasPrice: numeric('gas_price', { precision: 78, scale: 0 }),
    gasToken: text('gas_token'),
    refundReceiver: text('refund_receiver'),
    signatures: text('signatures'),
    executor: text('executor'),
    /** The Safe's threshold when it executed the transaction (from the event's additionalInfo). */
    threshold: integer('threshold').notNull(),
    /** The Safe's owners when it executed the transaction (before the transaction's own changes). */
    owners: text('owners').array().notNull(),
    /** Where the parameters came from: event, calldata, proposal or trace; null when unknown. */
    paramsSource: text('params_source').$type<ParamsSource>(),
    /**
     * Its parameters are still to be read (a watched Safe's backfill lists a non-L2 Safe's executions first and
     * reads their calls after, newest first; see indexer/pendingParams.ts).
     */
    paramsPending: boolean('params_pending').notNull().default(false),
    success: boolean('success').notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  },
  (t) => [
    // A Safe's executions in chain order: each new one goes at the end of the index, as history items do.
    primaryKey({ columns: [t.chainId, t.safe, t.blockNumber, t.logIndex] }),
    // Lookups by safeTxHash (details, the queue's executed check). A hash index: safeTxHashes are random, and
    // a B-tree on them took each insert to a random page and compared 66-character keys (bench:indexer).
    index('multisig_by_hash').using('hash', t.safeTxHash),
    // The executions whose parameters are still to be read, newest first (few, and none once read).
    index('multisig_params_pending')
      .on(t.chainId, t.blockNumber.desc(), t.logIndex.desc())
      .where(sql`${t.paramsPending}`),
  ],
)

export type ParamsSource = 'event' | 'calldata' | 'proposal' | 'trace'

/** Executed module transactions (SafeModuleTransaction + ExecutionFromModuleSuccess/Failure). */
export const moduleTransactions = pgTable(
  'module_transactions',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    module: text('module').notNull(),
    /** Null on a non-L2 Safe whose call could not be read from a trace. */
    to: text('to'),
    value: numeric('value', { precision: 78, scale: 0 }),
    data: text('data'),
    operation: integer('operation'),
    success: boolean('success').notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    /** Log index of the ExecutionFromModule* event. */
    logIndex: integer('log_index').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.safe, t.blockNumber, t.logIndex] })],
)

export type TransferType = 'NATIVE_COIN' | 'ERC20' | 'ERC721'

/** Value moved in or out of a Safe: ERC20/ERC721 Transfer events and native coin received (SafeReceived). */
export const transfers = pgTable(
  'transfers',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    txHash: text('tx_hash').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    type: text('type').$type<TransferType>().notNull(),
    /** Token contract; null for the native coin. */
    token: text('token'),
    from: text('from').notNull(),
    to: text('to').notNull(),
    /** Amount for NATIVE_COIN and ERC20; null for ERC721. */
    value: numeric('value', { precision: 78, scale: 0 }),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.safe, t.blockNumber, t.logIndex] }),
    index('transfers_by_token').on(t.chainId, t.safe, t.type, t.token),
  ],
)

export type HistoryKind = 'multisig' | 'module' | 'transfer' | 'creation'

/**
 * One row per item of a Safe's executed history, newest first by (block, log): the history route pages
 * through this single index and then loads the page's rows from their own tables. `position` numbers a Safe's
 * items 1, 2, 3… in chain order without gaps (the indexer appends in chain order and a rollback drops a
 * suffix), so a page is a range of positions read from an index instead of an OFFSET scan, and the count is
 * the newest item's position.
 */
export const historyItems = pgTable(
  'history_items',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    kind: text('kind').$type<HistoryKind>().notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
  },
  // Keyed by position alone: each log is one item by construction (numberHistory drops repeats within a window,
  // and windows never overlap), and a second unique index on (block, log) cost as much to maintain again.
  (t) => [primaryKey({ columns: [t.chainId, t.safe, t.position] })],
)

/** Rows as the store returns them. */
export type MultisigTx = typeof multisigTransactions.$inferSelect
export type ModuleTx = typeof moduleTransactions.$inferSelect
export type Transfer = typeof transfers.$inferSelect
export type HistoryItem = typeof historyItems.$inferSelect
