// What every transaction route needs before mapping rows: the MapContext of a Safe (its tokens' metadata)
// and one decoder shared by all of them.
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { DataDecoder } from '../dataDecoder/decodeData.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { TransactionsRepository } from './transactions.repository.ts'
import { type MapContext, tokensTouched } from './txInfo.mapper.ts'

/**
 * Mapping one transaction decodes its data up to three times (token lookup, txInfo, txData), and pages are
 * rebuilt with the same transactions: decoding is pure, so remember recent results (bounded).
 */
function memoizeDecoder(decoder: DataDecoder, size = 2000): DataDecoder {
  const cache = new Map<string, ReturnType<DataDecoder['decode']>>()
  return {
    decode(data, to) {
      const key = `${to ?? ''}:${data}`
      if (cache.has(key)) return cache.get(key) ?? null
      const decoded = decoder.decode(data, to)
      if (cache.size >= size) cache.delete(cache.keys().next().value as string)
      cache.set(key, decoded)
      return decoded
    },
  }
}

export type MapContexts = ReturnType<typeof createMapContexts>

/** What the routes reading indexed transactions (history, lists, details) all take. */
export type IndexedTxDeps = {
  chains: ChainsRepository
  safes: SafesRepository
  transactions: TransactionsRepository
  mapContexts: MapContexts
}

/** One per set of routes: they share the memoized decoder. */
export function createMapContexts(repo: TransactionsRepository, dataDecoder: DataDecoder) {
  const decoder = memoizeDecoder(dataDecoder)
  const context = async (chainId: number, safe: string, addresses: string[]): Promise<MapContext> => ({
    chainId,
    safe,
    decoder,
    tokens: await repo.tokens(chainId, addresses),
  })

  /** The addresses whose token metadata mapping these calls needs. */
  const calledAddresses = (calls: Parameters<typeof tokensTouched>[0][]) =>
    calls.flatMap((c) => tokensTouched(c, decoder))

  return { context, calledAddresses }
}
