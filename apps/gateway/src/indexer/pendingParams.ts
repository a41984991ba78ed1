// A watched Safe's backfill lists a non-L2 Safe's executions from its logs at once (hash, nonce, status,
// owners and threshold from the replay) and leaves their parameters for after: each costs the node a read of
// its transaction (and a trace where the calldata does not explain it), hundreds for an old Safe, which a
// free-tier rate spreads over tens of seconds. They are read here newest first, a page at a time, so the first
// page of history is whole soonest and the rest follows. Kept in the database (`params_pending`): a restart
// goes on where it stopped, and a failed read leaves the page pending for the next sync.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Address } from 'viem'
import type { Database } from '../db/createDatabase.ts'
import { indexerCursors, multisigTransactions } from '../db/schema.ts'
import { checksum } from './checksum.ts'
import type { ExecutionResolver } from './executionParams.ts'
import type { MultisigRow } from './rows.ts'

/** Executions read per step: about a history page, at one call each for the transaction. */
const PAGE = 20

const pendingOn = (chainId: number) =>
  and(eq(multisigTransactions.chainId, chainId), eq(multisigTransactions.paramsPending, true))

export function createPendingParams(p: { db: Database; chainId: number; executions: ExecutionResolver }) {
  const { db, chainId } = p

  /**
   * Reads the newest page of pending parameters and stores them (unexplained ones as unknown, as the follower
   * leaves them). Returns the Safes whose history changed, or undefined when nothing was pending.
   */
  async function step(): Promise<Set<Address> | undefined> {
    const rows: MultisigRow[] = await db
      .select()
      .from(multisigTransactions)
      .where(pendingOn(chainId))
      .orderBy(desc(multisigTransactions.blockNumber), desc(multisigTransactions.logIndex))
      .limit(PAGE)
    if (!rows.length) return undefined
    await p.executions.resolve(rows, [])
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const { to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver } = row
        await tx
          .update(multisigTransactions)
          .set({
            ...{ to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver },
            signatures: row.signatures,
            executor: row.executor,
            paramsSource: row.paramsSource,
            paramsPending: false,
          })
          .where(
            and(
              eq(multisigTransactions.chainId, chainId),
              eq(multisigTransactions.safe, row.safe),
              eq(multisigTransactions.blockNumber, row.blockNumber),
              eq(multisigTransactions.logIndex, row.logIndex),
            ),
          )
      }
      // Cached history pages are keyed by the chain's data version: the rows changed in place.
      await tx
        .update(indexerCursors)
        .set({ dataVersion: sql`${indexerCursors.dataVersion} + 1` })
        .where(eq(indexerCursors.chainId, chainId))
    })
    return new Set(rows.map((r) => checksum(r.safe)))
  }

  return {
    /**
     * Reads pages until none is pending or the deadline passes; `onPage` hears of each stored page's Safes.
     * Returns whether some are still pending.
     */
    async run(deadline: number, onPage: (safes: Set<Address>) => void): Promise<boolean> {
      for (;;) {
        const changed = await step()
        if (!changed) return false
        onPage(changed)
        if (Date.now() > deadline) return true
      }
    },
  }
}
