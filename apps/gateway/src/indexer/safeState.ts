// What the index store's parts share: the transaction type, the block-scoped tables, and how a Safe's state
// row and its owner index are written (by a window's commit and by a reorg's rebuild alike).

import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/createDatabase.ts'
import {
  historyItems,
  moduleTransactions,
  multisigTransactions,
  safeOwners,
  safes,
  transfers,
} from '../db/schema.ts'
import type { SafeRow } from './rows.ts'

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Tables whose rows belong to a block: a rollback deletes those above the fork point. */
export const blockScoped = [multisigTransactions, moduleTransactions, transfers, historyItems] as const

export async function writeSafes(tx: Tx, chainId: number, rows: SafeRow[]): Promise<void> {
  if (!rows.length) return
  const addresses = rows.map((r) => r.address)
  await tx
    .insert(safes)
    .values(rows)
    .onConflictDoUpdate({
      target: [safes.chainId, safes.address],
      set: {
        owners: sql`excluded.owners`,
        threshold: sql`excluded.threshold`,
        nonce: sql`excluded.nonce`,
        modules: sql`excluded.modules`,
        guard: sql`excluded.guard`,
        fallbackHandler: sql`excluded.fallback_handler`,
        implementation: sql`excluded.implementation`,
        // A migration (ChangedMasterCopy) changes the version with the implementation.
        version: sql`excluded.version`,
        factory: sql`excluded.factory`,
        creator: sql`excluded.creator`,
        saltNonce: sql`excluded.salt_nonce`,
        updatedBlock: sql`excluded.updated_block`,
      },
    })
  await tx.delete(safeOwners).where(and(eq(safeOwners.chainId, chainId), inArray(safeOwners.safe, addresses)))
  const owners = rows.flatMap((r) => r.owners.map((owner) => ({ chainId, owner, safe: r.address })))
  if (owners.length) await tx.insert(safeOwners).values(owners).onConflictDoNothing()
}
