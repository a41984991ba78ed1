// Numbers a window's history items: each Safe's items continue from its newest stored position, in chain
// order, so that a Safe's positions are 1, 2, 3… without gaps (history pages are ranges of positions).
import { sql } from 'drizzle-orm'
import type { Database } from '../db/createDatabase.ts'
import { historyItems } from '../db/schema.ts'
import type { HistoryRow } from './rows.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export async function numberHistory(tx: Tx, chainId: number, rows: HistoryRow[]) {
  if (!rows.length) return []
  const addresses = [...new Set(rows.map((r) => r.safe))]
  // One backward step of the (chain, Safe, position) key per Safe (max() grouped by Safe would read all their
  // items).
  const newest = await tx
    .select({
      safe: sql<string>`s.safe`,
      position: sql<number | null>`(select ${historyItems.position} from ${historyItems}
        where ${historyItems.chainId} = ${chainId} and ${historyItems.safe} = s.safe
        order by ${historyItems.position} desc limit 1)`.mapWith(Number),
    })
    .from(sql`unnest(${sql.param(addresses)}::text[]) as s(safe)`)
  const next = new Map(newest.map((r) => [r.safe, r.position ?? 0]))
  // A log is one item of a Safe's history: a repeat would take a position of its own (the key is the position).
  const seen = new Set<string>()
  return rows
    .toSorted((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex)
    .filter((r) => {
      const key = `${r.safe}:${r.blockNumber}:${r.logIndex}`
      return !seen.has(key) && !!seen.add(key)
    })
    .map((r) => {
      const position = (next.get(r.safe) ?? 0) + 1
      next.set(r.safe, position)
      return { ...r, position }
    })
}
