// The rows the indexer derives from logs, one home for their types (the tables are in db/schema.ts).
import type { Address } from 'viem'
import type {
  historyItems,
  moduleTransactions,
  multisigTransactions,
  safes,
  transfers,
} from '../db/schema.ts'

export type SafeRow = typeof safes.$inferSelect
export type MultisigRow = typeof multisigTransactions.$inferInsert
export type ModuleRow = typeof moduleTransactions.$inferInsert
export type TransferRow = typeof transfers.$inferInsert
/** A history item as the replay derives it; commitWindow() numbers each Safe's items (`position`). */
export type HistoryRow = Omit<typeof historyItems.$inferInsert, 'position'>

/**
 * An owner's approveHash of a Safe transaction hash (ApproveHash): a confirmation the chain itself holds,
 * stored beside the signed ones so a Safe owned by a Safe shows its parent's confirmation once it executed.
 */
export type ApprovalRow = {
  chainId: number
  safe: string
  safeTxHash: string
  owner: string
  timestamp: number
}

/** A singleton a proxy may point at to count as a Safe, and the version label it gives (`1.3.0+L2`). */
export type MasterCopies = Map<Address, { version: string | null }>

/** The parameters of an execution no log carries (a non-L2 Safe's), until something explains them. */
export const UNKNOWN_PARAMS = {
  to: null,
  value: null,
  data: null,
  operation: null,
  safeTxGas: null,
  baseGas: null,
  gasPrice: null,
  gasToken: null,
  refundReceiver: null,
  signatures: null,
  executor: null,
  paramsSource: null,
} as const satisfies Partial<MultisigRow>
