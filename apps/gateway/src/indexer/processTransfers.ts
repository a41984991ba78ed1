// ERC20 and ERC721 Transfer logs into the transfer rows and history items of the Safes they touch.
import { type Address, getAddress, type Hex, hexToBigInt, sliceHex } from 'viem'
import { type RawLog, TRANSFER_TOPIC } from './events.ts'
import type { HistoryRow, TransferRow } from './rows.ts'

const topicAddress = (topic: Hex | undefined) => (topic ? getAddress(sliceHex(topic, 12)) : undefined)

/**
 * ERC20 (3 topics) and ERC721 (4 topics) Transfer events into transfer rows, one per Safe side, plus the
 * history item of each incoming one (outgoing transfers show in history as the Safe transaction that made them).
 */
export function processTransfers(input: {
  chainId: number
  logs: RawLog[]
  isSafe: (address: Address) => boolean
  timestampOf: (blockNumber: number) => number
}): { transfers: TransferRow[]; history: HistoryRow[] } {
  const out: { transfers: TransferRow[]; history: HistoryRow[] } = { transfers: [], history: [] }
  for (const log of input.logs) {
    if (log.topics[0] !== TRANSFER_TOPIC) continue
    const erc721 = log.topics.length === 4
    if (!erc721 && (log.topics.length !== 3 || log.data.length !== 66)) continue
    const from = topicAddress(log.topics[1])
    const to = topicAddress(log.topics[2])
    if (!from || !to) continue
    const base = {
      chainId: input.chainId,
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      txHash: log.txHash,
      timestamp: input.timestampOf(log.blockNumber),
      type: erc721 ? ('ERC721' as const) : ('ERC20' as const),
      token: getAddress(log.address),
      from,
      to,
      value: erc721 ? null : hexToBigInt(log.data).toString(),
      tokenId: erc721 ? hexToBigInt(log.topics[3] as Hex).toString() : null,
    }
    for (const safe of new Set([from, to])) {
      if (!input.isSafe(safe)) continue
      out.transfers.push({ ...base, safe })
      if (safe === to && safe !== from)
        out.history.push({
          chainId: input.chainId,
          safe,
          blockNumber: log.blockNumber,
          logIndex: log.logIndex,
          kind: 'transfer',
          timestamp: base.timestamp,
        })
    }
  }
  return out
}
