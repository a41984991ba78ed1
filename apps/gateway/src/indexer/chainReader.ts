// What the indexer reads from the node, shaped for it: block hashes and timestamps, and a window of Safe and
// token-transfer logs whose size adapts to what the node accepts.
import { type Address, type Hex, type PublicClient, pad } from 'viem'
import { checksum } from './checksum.ts'
import { type RawLog, SAFE_SETUP_TOPIC, SAFE_TOPICS, TRANSFER_TOPIC, toRawLog } from './events.ts'

export type BlockRef = { number: number; hash: Hex; timestamp: number }

/** `logsClient` answers eth_getLogs (a client that does not batch: each answer can be MBs); `client` the rest. */
export function createChainReader(
  client: PublicClient,
  sizes: { initialWindow: number; maxWindow: number },
  logsClient: PublicClient = client,
) {
  const { maxWindow } = sizes
  let window = sizes.initialWindow

  const blockRef = async (number: number): Promise<BlockRef> => {
    // Raw request: only the hash and timestamp are needed, so skip viem's block formatting.
    const b = await client.request({
      method: 'eth_getBlockByNumber',
      params: [`0x${number.toString(16)}`, false],
    })
    if (!b) throw new Error(`block ${number} not found`)
    return { number, hash: b.hash as Hex, timestamp: Number(b.timestamp) }
  }

  const getLogs = async (from: number, to: number, topics: (Hex | Hex[] | null)[]) => {
    const raw = await logsClient.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, topics }],
    })
    return raw.map(toRawLog)
  }

  /** Token transfers from or to any of `safes` (topic filters in chunks the node accepts), unsorted. */
  async function transferLogs(from: number, to: number, safes: Set<Address>): Promise<RawLog[]> {
    const padded = [...safes].map((a) => pad(a.toLowerCase() as Hex))
    const queries: Promise<RawLog[]>[] = []
    for (let i = 0; i < padded.length; i += 500) {
      const chunk = padded.slice(i, i + 500)
      queries.push(
        getLogs(from, to, [TRANSFER_TOPIC, chunk]),
        getLogs(from, to, [TRANSFER_TOPIC, null, chunk]),
      )
    }
    return (await Promise.all(queries)).flat()
  }

  /** Each log once, in chain order (a transfer between two Safes answers both queries). */
  function uniqueInOrder(logs: RawLog[]): RawLog[] {
    const unique = new Map<string, RawLog>()
    for (const log of logs) unique.set(`${log.blockNumber}:${log.logIndex}`, log)
    return [...unique.values()].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex)
  }

  /**
   * The logs of the next window from `from` (at most to `head`), halving the window while the node refuses
   * it and doubling it while answers stay small.
   */
  async function fetchWindow(
    from: number,
    head: number,
    knownSafes: Set<Address>,
  ): Promise<{ logs: RawLog[]; transfers: RawLog[]; to: number; end: Promise<BlockRef> }> {
    let to = Math.min(from + window - 1, head)
    for (;;) {
      // Asked together rather than one after the other: in a backfill each answer waits for this thread,
      // busy storing the window before, to send the next request.
      const end = blockRef(to)
      end.catch(() => {})
      try {
        const [logs, known] = await Promise.all([
          getLogs(from, to, [SAFE_TOPICS]),
          transferLogs(from, to, knownSafes),
        ])
        // Safes set up in this window may receive tokens in it too.
        const setUp = new Set([...setupsIn(logs)].filter((a) => !knownSafes.has(a)))
        const transfers = uniqueInOrder(
          setUp.size ? [...known, ...(await transferLogs(from, to, setUp))] : known,
        )
        const count = logs.length + transfers.length
        if (count < 5_000 && window < maxWindow) window = Math.min(window * 2, maxWindow)
        // Dense blocks: aim the next window at ~10,000 logs (a few MB) rather than wait for the node to refuse.
        else if (count > 20_000) window = Math.max(1, Math.floor(((to - from + 1) * 10_000) / count))
        return { logs, transfers, to, end }
      } catch (error) {
        if (to === from) throw error
        window = Math.max(1, Math.floor((to - from + 1) / 2))
        to = from + window - 1
      }
    }
  }

  /** Block timestamps: from the logs when the node includes them, else one (batched) getBlock per block. */
  async function timestamps(logs: RawLog[]): Promise<Map<number, number>> {
    const times = new Map<number, number>()
    for (const l of logs) if (l.blockTimestamp !== undefined) times.set(l.blockNumber, l.blockTimestamp)
    const missing = [...new Set(logs.map((l) => l.blockNumber))].filter((n) => !times.has(n))
    for (const r of await Promise.all(missing.map(blockRef))) times.set(r.number, r.timestamp)
    return times
  }

  /** One window of logs and the block it ends at. Its rejection is handled even if nobody awaits it (read-ahead). */
  function readWindow(from: number, head: number, safes: Set<Address>) {
    const read = fetchWindow(from, head, safes).then(async (fetched) => ({
      ...fetched,
      end: await fetched.end,
    }))
    read.catch(() => {})
    return read
  }

  return { blockRef, fetchWindow, readWindow, timestamps }
}

/** The addresses a window's logs set up as Safes (SafeSetup). */
function setupsIn(logs: RawLog[]): Set<Address> {
  const out = new Set<Address>()
  for (const l of logs) if (l.topics[0] === SAFE_SETUP_TOPIC) out.add(checksum(l.address))
  return out
}

/** The known Safes and those a window sets up (a superset of what its replay adds: enough for transfers). */
export function withSetups(safes: Set<Address>, logs: RawLog[]): Set<Address> {
  const out = new Set(safes)
  for (const address of setupsIn(logs)) out.add(address)
  return out
}

export type ChainReader = ReturnType<typeof createChainReader>
