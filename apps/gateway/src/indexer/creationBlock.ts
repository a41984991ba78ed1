// Where a newly watched Safe's backfill can start: the block its code first appears in. Behind a provider that
// caps eth_getLogs at a few thousand blocks, reading a 2022 mainnet Safe from block 0 takes ~10,000 windows of
// three queries before its creation is reached; bisecting eth_getCode over the same span takes ~25 reads. Only
// an archive node answers code at old blocks: a full node's refusal leaves the backfill at its start, as before.
import type { Address, PublicClient } from 'viem'
import { stateMissing } from './creations.ts'

/** Reads a bisection costs for a span of blocks (its two ends and log2 of the span). */
export const bisectionCost = (span: number) => Math.ceil(Math.log2(Math.max(span, 2))) + 2

/**
 * The first block in [from, to] at which `address` has code, `from` if it already had, or undefined when it has
 * none at `to` or the node keeps no state that old. Other errors (the node down) are thrown, for a retry.
 */
export async function creationBlock(
  client: PublicClient,
  address: Address,
  from: number,
  to: number,
): Promise<number | undefined> {
  const hasCode = async (block: number) =>
    Boolean(await client.getCode({ address, blockNumber: BigInt(block) }))
  try {
    if (!(await hasCode(to))) return undefined
    if (await hasCode(from)) return from
    // No code at `lo`, code at `hi`.
    let lo = from
    let hi = to
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2)
      if (await hasCode(mid)) hi = mid
      else lo = mid
    }
    return hi
  } catch (error) {
    if (stateMissing(error)) return undefined
    throw error
  }
}
