// Database schema. Tables here run unchanged on PGlite and PostgreSQL; `npm run db:generate -w @concord/gateway`
// turns edits into a new SQL migration under ./migrations.
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { ChainConfig } from '../config/chainConfig.ts'

/** Chains the gateway serves, upserted from configuration at start (so several API processes agree). */
export const chains = pgTable('chains', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  /** Order of the chain in the configuration; the list route pages by it. */
  position: integer('position').notNull(),
  config: jsonb('config').$type<ChainConfig>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// ── Indexed chain data ──────────────────────────────────────────────────────────────────────────────
// `logs` is the source of truth (every log the indexer kept); the tables after it are derived from it and
// can be rebuilt by replaying it (see indexer/replay.ts), which is how reorgs are undone.

/** How far each chain is indexed: the last block whose effects are committed, with its hash. */
export const indexerCursors = pgTable('indexer_cursors', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  /** Genesis hash: a different chain behind the same id (e.g. a restarted devnet) resets the index. */
  genesisHash: text('genesis_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Recent block hashes (within the reorg window) and every block that held a kept log. */
export const blocks = pgTable(
  'blocks',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
)

export const logs = pgTable(
  'logs',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    txHash: text('tx_hash').notNull(),
    address: text('address').notNull(),
    topics: text('topics').array().notNull(),
    data: text('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index('logs_address').on(t.chainId, t.address),
  ],
)

/** Current state of each Safe, in the contract's own owner order. */
export const safes = pgTable(
  'safes',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    owners: text('owners').array().notNull(),
    threshold: integer('threshold').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    modules: text('modules').array().notNull(),
    guard: text('guard'),
    fallbackHandler: text('fallback_handler'),
    implementation: text('implementation').notNull(),
    creator: text('creator'),
    factory: text('factory'),
    creationTxHash: text('creation_tx_hash').notNull(),
    creationBlock: bigint('creation_block', { mode: 'number' }).notNull(),
    /** Block of the last change to the row (feeds SafeInfo's *Tag fields). */
    updatedBlock: bigint('updated_block', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)

export const safeOwners = pgTable(
  'safe_owners',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    owner: text('owner').notNull(),
    safe: text('safe').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.owner, t.safe] })],
)

/** Executed multisig transactions (SafeMultiSigTransaction + ExecutionSuccess/Failure). */
export const multisigTransactions = pgTable(
  'multisig_transactions',
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
    signatures: text('signatures').notNull(),
    executor: text('executor').notNull(),
    success: boolean('success').notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.safe, t.safeTxHash] }),
    index('multisig_by_safe').on(t.chainId, t.safe, t.blockNumber, t.logIndex),
  ],
)
