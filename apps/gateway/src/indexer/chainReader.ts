// What the indexer reads from the node, shaped for it: block hashes and timestamps, and a window of Safe and
// token-transfer logs whose size adapts to what the node accepts.

import { type Address, BaseError, type Hex, type PublicClient, pad, TimeoutError } from 'viem'
import { describeError, RetryableError } from '../errors/GatewayError.ts'
import { isFailedHttpAnswer } from '../errors/retryable.ts'
import { log } from '../log/logger.ts'
import { checksum } from './checksum.ts'
import { type RawLog, SAFE_SETUP_TOPIC, SAFE_TOPICS, TRANSFER_TOPIC, toRawLog } from './events.ts'

export type BlockRef = { number: number; hash: Hex; timestamp: number }

/** Addresses per eth_getLogs filter (providers accept long lists; a few KB of request each). */
const ADDRESS_CHUNK = 500

/**
 * The newest blocks, read one at a time by hash. Behind a provider's load balancer eth_getLogs may reach a node a
 * block or two behind the one that named the head: asked a range, it answers with the logs it has (none of the
 * blocks it has not seen, lost for good); asked a block hash it does not know, it refuses, and the window is
 * read again later (EIP-234). Two blocks: a node further behind than that is not covered; each block read by hash
 * costs the same queries as a whole range, so following the head costs at most three ranges' worth per sync.
 */
const NEWEST_BY_HASH = 2

/** Which blocks an eth_getLogs call asks: a range, or one block by its hash. */
type Blocks = { from: number; to: number } | { hash: Hex }

/** `logsClient` answers eth_getLogs (a client that does not batch: each answer can be MBs); `client` the rest. */
export function createChainReader(
  client: PublicClient,
  sizes: { initialWindow: number; maxWindow: number },
  logsClient: PublicClient = client,
) {
  let { maxWindow } = sizes
  let window = sizes.initialWindow
  /** Whether the node takes eth_getLogs by block hash (EIP-234), until it refuses one for another reason. */
  let byHash = true

  const blockRef = async (number: number): Promise<BlockRef> => {
    // Raw request: only the hash and timestamp are needed, so skip viem's block formatting.
    const b = await client.request({
      method: 'eth_getBlockByNumber',
      params: [`0x${number.toString(16)}`, false],
    })
    // Behind a load balancer, a node may not have the block another one announced: asked again later.
    if (!b) throw new RetryableError(`block ${number} not found`)
    return { number, hash: b.hash as Hex, timestamp: Number(b.timestamp) }
  }

  const getLogs = async (blocks: Blocks, topics: (Hex | Hex[] | null)[], address?: Address[]) => {
    const raw = await logsClient.request({
      method: 'eth_getLogs',
      params: [
        {
          ...('hash' in blocks
            ? { blockHash: blocks.hash }
            : { fromBlock: `0x${blocks.from.toString(16)}`, toBlock: `0x${blocks.to.toString(16)}` }),
          topics,
          ...(address ? { address } : {}),
        },
      ],
    })
    return raw.map(toRawLog)
  }

  /** The Safe logs of the blocks: the whole chain's, or (watched mode) only those of `only`, in chain order. */
  async function safeLogs(blocks: Blocks, only: Address[] | undefined): Promise<RawLog[]> {
    if (!only) return getLogs(blocks, [SAFE_TOPICS])
    // No address at all would mean every address to the node.
    const queries: Promise<RawLog[]>[] = []
    for (let i = 0; i < only.length; i += ADDRESS_CHUNK)
      queries.push(getLogs(blocks, [SAFE_TOPICS], only.slice(i, i + ADDRESS_CHUNK)))
    return uniqueInOrder((await Promise.all(queries)).flat())
  }

  /** Token transfers from or to any of `safes` (topic filters in chunks the node accepts), unsorted. */
  async function transferLogs(blocks: Blocks, safes: Set<Address>): Promise<RawLog[]> {
    const padded = [...safes].map((a) => pad(a.toLowerCase() as Hex))
    const queries: Promise<RawLog[]>[] = []
    for (let i = 0; i < padded.length; i += ADDRESS_CHUNK) {
      const chunk = padded.slice(i, i + ADDRESS_CHUNK)
      queries.push(getLogs(blocks, [TRANSFER_TOPIC, chunk]), getLogs(blocks, [TRANSFER_TOPIC, null, chunk]))
    }
    return (await Promise.all(queries)).flat()
  }

  /** The Safe and Transfer logs of the blocks (see fetchWindow). */
  const logsOf = (blocks: Blocks, only: Address[] | undefined) =>
    Promise.all([
      safeLogs(blocks, only),
      only ? transferLogs(blocks, new Set(only)).then(uniqueInOrder) : getLogs(blocks, [TRANSFER_TOPIC]),
    ])

  /**
   * The logs of one of the newest blocks, by its hash. A node that does not know the hash yet (or answers logs
   * of another block) is behind: the window is retried later as it is, never recorded without that block.
   */
  async function newestBlockLogs(ref: Promise<BlockRef>, only: Address[] | undefined) {
    const { number, hash, timestamp } = await ref
    const behind = (why: string, cause?: unknown) =>
      new RetryableError(
        `block ${number}'s logs are not served yet (the node answering eth_getLogs is behind): ${why}`,
        { cause },
      )
    if (!byHash) return logsOf({ from: number, to: number }, only)
    try {
      const [logs, transfers] = await logsOf({ hash }, only)
      if ([...logs, ...transfers].some((l) => l.blockHash !== hash))
        throw behind(`the logs answered are not those of block ${hash}`)
      // The block's time is known already: timestamps() need not ask for it again.
      const timed = (l: RawLog) => ({ ...l, blockTimestamp: l.blockTimestamp ?? timestamp })
      return [logs.map(timed), transfers.map(timed)]
    } catch (error) {
      if (transient(error)) throw error
      const said = (error instanceof BaseError && error.details) || describeError(error)
      if (UNKNOWN_BLOCK.test(errorText(error))) throw behind(said, error)
      // A node that takes no block hash in eth_getLogs: the newest blocks as ranges from now on (unguarded).
      if (byHash)
        log.warn(
          { module: 'indexer', err: error },
          `the node refuses eth_getLogs by block hash (${said}); the newest blocks are read as ranges`,
        )
      byHash = false
      return logsOf({ from: number, to: number }, only)
    }
  }

  /** Each log once, in chain order (a transfer between two Safes answers both queries). */
  function uniqueInOrder(logs: RawLog[]): RawLog[] {
    const unique = new Map<string, RawLog>()
    for (const log of logs) unique.set(`${log.blockNumber}:${log.logIndex}`, log)
    return [...unique.values()].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex)
  }

  /**
   * The logs of the next window from `from` (at most to `head`), halving the window while the node refuses
   * it and doubling it while answers stay small. Without `only` (all mode): every Safe log and every Transfer log
   * of the window, whatever the number of Safes (the indexer matches transfers against its Safes in SQL). With
   * `only` (watched mode): the logs of these addresses and the Transfer logs to and from them.
   */
  async function fetchWindow(
    from: number,
    head: number,
    only?: Address[],
  ): Promise<{ logs: RawLog[]; transfers: RawLog[]; to: number; end: Promise<BlockRef> }> {
    let to = Math.min(from + window - 1, head)
    for (;;) {
      // Asked together rather than one after the other: in a backfill each answer waits for this thread,
      // busy storing the window before, to send the next request.
      const end = blockRef(to)
      end.catch(() => {})
      // The window's part at least NEWEST_BY_HASH blocks below the head as a range, the rest block by block.
      const rangeTo = Math.min(to, head - NEWEST_BY_HASH)
      try {
        const parts = await Promise.all([
          from <= rangeTo ? logsOf({ from, to: rangeTo }, only) : [[], []],
          ...blockNumbers(Math.max(from, rangeTo + 1), to).map((n) =>
            newestBlockLogs(n === to ? end : blockRef(n), only),
          ),
        ])
        const logs = parts.flatMap(([safe]) => safe ?? [])
        const transfers = parts.flatMap(([, transfer]) => transfer ?? [])
        const count = logs.length + transfers.length
        if (count < 5_000 && window < maxWindow) window = Math.min(window * 2, maxWindow)
        // Dense blocks: aim the next window at ~10,000 logs (a few MB) rather than wait for the node to refuse.
        else if (count > 20_000) window = Math.max(1, Math.floor(((to - from + 1) * 10_000) / count))
        return { logs, transfers, to, end }
      } catch (error) {
        // The node is down or rate-limiting past the wait: retried later at the same window, not shrunk.
        if (transient(error)) throw error
        const cap = logsCap(error)
        if (cap?.maxRange && cap.maxRange < maxWindow) {
          maxWindow = cap.maxRange
          log.warn(
            { module: 'indexer', maxRange: cap.maxRange },
            `the node caps eth_getLogs at ${cap.maxRange} blocks; windows stay within it`,
          )
        }
        const span = to - from + 1
        if (cap?.suggested && cap.suggested < span) window = cap.suggested
        else if (cap?.maxRange && cap.maxRange < span) window = cap.maxRange
        else if (to === from) throw error
        else window = Math.max(1, Math.floor(span / 2))
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
  function readWindow(from: number, head: number, only?: Address[]) {
    const read = fetchWindow(from, head, only).then(async (fetched) => ({
      ...fetched,
      end: await fetched.end,
    }))
    read.catch(() => {})
    return read
  }

  return {
    blockRef,
    fetchWindow,
    readWindow,
    timestamps,
    /** The largest window the node is known to accept (its range cap, once it named one). */
    maxWindow: () => maxWindow,
  }
}

/** Failures that say nothing about the query: the node or the network (or a node behind), retried as they are. */
const transient = (error: unknown) =>
  error instanceof RetryableError ||
  (error instanceof BaseError && !!error.walk((e) => isFailedHttpAnswer(e) || e instanceof TimeoutError))

/** What a node's refusal says, as providers word it (viem keeps the node's message in `details`). */
const errorText = (error: unknown) =>
  error instanceof BaseError ? `${error.details} ${error.shortMessage}` : String(error)

/** A node's refusal of a block hash it does not know: geth "unknown block", others "block … not found". */
const UNKNOWN_BLOCK = /unknown block|block\b[^.]{0,80}\bnot found|header not found|could not be found/i

/** from, from + 1, …, to. */
const blockNumbers = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)

/**
 * What an eth_getLogs refusal says about the node's caps, in the wordings providers use: a range it suggests
 * (`[0x…, 0x…]`, Alchemy and others), a block-range cap ("limited to 2000", "up to a 2K block range", "max
 * range: 500"), or only a result cap ("more than 10000 results": halved like an unknown refusal).
 */
export function logsCap(error: unknown): { suggested?: number; maxRange?: number } | undefined {
  const text = errorText(error)
  const out: { suggested?: number; maxRange?: number } = {}
  const range = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(text)
  if (range) {
    const span = Number(range[2]) - Number(range[1]) + 1
    if (span >= 1) out.suggested = span
  }
  const cap =
    /(?:block range|range of blocks)[^\d]{0,40}?(?:limited to|up to|max(?:imum)?(?: is| of)?|at most|exceed(?:s|ed)?(?: the)?(?: max(?:imum)?)?(?: of)?)\s*(\d[\d,]*)(k?)/i.exec(
      text,
    ) ??
    /(?:up to|limited to|max(?:imum)?(?: of)?)\s+an?\s*(\d[\d,]*)(k?)\s*block range/i.exec(text) ??
    /max(?:imum)? (?:block )?range\s*(?:is|of)?\s*[:=]?\s*(\d[\d,]*)(k?)/i.exec(text) ??
    /(\d[\d,]*)(k?)\s*block range/i.exec(text)
  if (cap) {
    const n = Number((cap[1] ?? '').replaceAll(',', '')) * (cap[2]?.toLowerCase() === 'k' ? 1000 : 1)
    if (n >= 1) out.maxRange = n
  }
  return out.suggested || out.maxRange ? out : undefined
}

/** The addresses a window's logs set up as Safes (SafeSetup). */
export function setupsIn(logs: RawLog[]): Set<Address> {
  const out = new Set<Address>()
  for (const l of logs) if (l.topics[0] === SAFE_SETUP_TOPIC) out.add(checksum(l.address))
  return out
}

/** The senders and recipients of Transfer logs (checksummed). */
export function transferParties(logs: RawLog[]): Set<Address> {
  const out = new Set<Address>()
  for (const l of logs)
    for (const topic of [l.topics[1], l.topics[2]])
      if (topic && topic.length === 66) out.add(checksum(`0x${topic.slice(26)}`))
  return out
}

export type ChainReader = ReturnType<typeof createChainReader>
