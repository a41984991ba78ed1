// Chain state the indexer keeps: configured chains, its cursor, blocks, Safes, tokens, the undo records a
// reorg rolls back with, and the logs no known layout decodes.
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { ChainConfig } from '../../config/chainConfig.ts'

/**
 * Hex data (`0x…`, as nodes send it) stored as bytea: half the bytes of the text, and COPY's binary format
 * takes the bytes as they are (copyBinary.ts). Read back as lowercase hex.
 */
const hexBytes = customType<{ data: string; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (hex) => Buffer.from(hex.slice(2), 'hex'),
  fromDriver: (bytes) => `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`,
})

/** Chains the gateway serves, upserted from configuration at start (so several API processes agree). */
export const chains = pgTable('chains', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  /** Order of the chain in the configuration; the list route pages by it. */
  position: integer('position').notNull(),
  config: jsonb('config').$type<ChainConfig>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** How far each chain is indexed: the last block whose effects are committed, with its hash. */
export const indexerCursors = pgTable('indexer_cursors', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  /** Genesis hash: a different chain behind the same id (e.g. a restarted devnet) resets the index. */
  genesisHash: text('genesis_hash').notNull(),
  /**
   * Bumped whenever indexed data changes other than by new history items (token metadata arriving, a reorg
   * rolled back): cached API pages include it in their version.
   */
  dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
  /**
   * Every window that ends above this block left its `safe_undo` rows: a reorg that forks below it is deeper
   * than the undo records reach, and the index starts over.
   */
  undoFrom: bigint('undo_from', { mode: 'number' }).notNull().default(-1),
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

/**
 * Logs at indexed Safes that fit no known event layout (each one also counted and logged): kept so that what
 * the chain said is not lost, for a later release that knows the layout.
 */
export const logs = pgTable(
  'logs',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    txHash: text('tx_hash').notNull(),
    address: text('address').notNull(),
    topics: text('topics').array().notNull(),
    data: hexBytes('data').notNull(),
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
    /** Version of the implementation (`1.3.0+L2`), recognised by address or code hash; null if unknown. */
    version: text('version'),
    /** Sender of the creation transaction (SafeSetup's initiator until it is read). */
    creator: text('creator'),
    /** Salt of createProxyWithNonce, when the Safe was created through a factory call. */
    saltNonce: numeric('salt_nonce', { precision: 78, scale: 0 }),
    factory: text('factory'),
    creationTxHash: text('creation_tx_hash').notNull(),
    creationBlock: bigint('creation_block', { mode: 'number' }).notNull(),
    /** Block of the last change to the row (feeds SafeInfo's *Tag fields). */
    updatedBlock: bigint('updated_block', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)

/**
 * The state of each Safe a window changed as it was before that window (null: the window created it), kept
 * for the windows that end within the reorg window of the head: a rollback puts it back. Windows further
 * below leave none (a backfill writes only its results), and older rows are deleted as the head moves on.
 */
export const safeUndo = pgTable(
  'safe_undo',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    /** The window's last block, and the cursor it continued from (its first block is one above). */
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    fromBlock: bigint('from_block', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    state: jsonb('state').$type<typeof safes.$inferSelect>(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber, t.address] })],
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

/** Token metadata, read once per token. `invalid` tokens failed the reads and are not retried. */
export const tokens = pgTable(
  'tokens',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    type: text('type').$type<'ERC20' | 'ERC721'>().notNull(),
    name: text('name'),
    symbol: text('symbol'),
    decimals: integer('decimals'),
    logoUri: text('logo_uri'),
    invalid: boolean('invalid').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)

/** ERC721 token metadata (from tokenURI: data: URIs inline, http(s) with a timeout and size cap). */
export const nftMetadata = pgTable(
  'nft_metadata',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    token: text('token').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    uri: text('uri'),
    name: text('name'),
    description: text('description'),
    imageUri: text('image_uri'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Set when tokenURI or the document could not be read (not retried). */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.token, t.tokenId] })],
)

/**
 * The Safes a chain in `watched` mode indexes: listed in its config or opened through the API. Each is read from
 * its creation with address-filtered queries up to the indexer's cursor (`backfilledTo` is how far, committed
 * with each window), then followed with the others.
 */
export const watchedSafes = pgTable(
  'watched_safes',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    /** Where the Safe's history is read up to: null before its backfill starts. */
    backfilledTo: bigint('backfilled_to', { mode: 'number' }),
    /** Backfilled to the cursor: followed with every new block from then on. */
    live: boolean('live').notNull().default(false),
    /** `config` or `request`. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)
