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
  serial,
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
  /**
   * Bumped whenever indexed data changes other than by new history items (token metadata arriving, a reorg
   * rolled back): cached API pages include it in their version.
   */
  dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
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

export const safeOwners = pgTable(
  'safe_owners',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    owner: text('owner').notNull(),
    safe: text('safe').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.owner, t.safe] })],
)

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
 * through this single index and then loads the page's rows from their own tables.
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
  },
  (t) => [primaryKey({ columns: [t.chainId, t.safe, t.blockNumber, t.logIndex] })],
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

// ── Off-chain data: proposals, confirmations, delegates ─────────────────────────────────────────────
// Written by the API (never by the indexer), so a reorg or a re-index never touches them.

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

// ── Off-chain messages (EIP-1271) ───────────────────────────────────────────────────────────────────

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

// ── Notifications ───────────────────────────────────────────────────────────────────────────────────

/** Devices registered by POST /v1/register/notifications. */
export const notificationDevices = pgTable('notification_devices', {
  uuid: text('uuid').primaryKey(),
  deviceType: text('device_type').$type<'ANDROID' | 'IOS' | 'WEB'>().notNull(),
  cloudMessagingToken: text('cloud_messaging_token').notNull(),
  buildNumber: text('build_number').notNull(),
  bundle: text('bundle').notNull(),
  version: text('version').notNull(),
  /** Milliseconds. */
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  /** The newest feed event id the device has read (its unread count starts after it). */
  readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
})

/** A device's subscription to one Safe, with the owner whose signature registered it. */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    deviceUuid: text('device_uuid').notNull(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    signer: text('signer'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceUuid, t.chainId, t.safe] }),
    index('notification_subscriptions_by_safe').on(t.chainId, t.safe),
  ],
)

/** Which event types a Safe's team wants delivered (team data: changed by a signed-in owner). No row = all. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    /** Event types switched off for this Safe. */
    disabledTypes: jsonb('disabled_types').$type<string[]>().notNull(),
    updatedBy: text('updated_by').notNull(),
    /** Milliseconds. */
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.safe] })],
)

/** Every notification event, per Safe: the feed the web notification centre reads and webhooks deliver. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Milliseconds. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('notification_events_by_safe').on(t.chainId, t.safe, t.id)],
)

/** One webhook delivery of one event: retried with backoff until delivered or out of attempts (the operator's log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').notNull(),
    /** The configured webhook's URL (its secret stays in the configuration). */
    url: text('url').notNull(),
    status: text('status').$type<'PENDING' | 'DELIVERED' | 'FAILED'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastStatusCode: integer('last_status_code'),
    /** Milliseconds. */
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('webhook_deliveries_due').on(t.status, t.nextAttemptAt)],
)

// ── Sign-in with Ethereum ───────────────────────────────────────────────────────────────────────────

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

// ── Team data: the shared address book and transaction notes ────────────────────────────────────────

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
