// Token and NFT metadata, read after a window is committed so a slow or broken token never holds up indexing.
// A token is read until the contract itself answers: a revert, no code or an undecodable result marks it
// invalid once and for good, while transport failures (timeout, rate limit, 5xx) leave it unread and retried
// with backoff on later windows. tokenURI documents are retried the same way a bounded number of times.

import { erc20Abi, erc721Abi } from '@concord/safe/contracts'
import type { Address, PublicClient } from 'viem'
import type { nftMetadata, tokens } from '../db/schema.ts'
import { log } from '../log/logger.ts'
import type { IndexStore } from './indexStore.ts'
import { contractReadFailure } from './tokenMetadata/contractReadFailure.ts'
import { fetchMetadataDocument, MetadataDocumentError } from './tokenMetadata/fetchMetadataDocument.ts'
import { createRetryBook, RETRY, type RetryBook } from './tokenMetadata/retryBook.ts'
import { cappedText, cappedUrl, STORED_LIMITS, storedDocument } from './tokenMetadata/storedMetadata.ts'

export { createMetadataFetch } from './tokenMetadata/guardedFetch.ts'

export type TokenRow = typeof tokens.$inferInsert
export type NftMetadataRow = typeof nftMetadata.$inferInsert

/** A read left for a later window, and why. */
export type Deferred = { key: string; reason: string }

type Settled = { value: unknown } | { error: unknown }
const settle = (p: Promise<unknown>): Promise<Settled> =>
  p.then(
    (value) => ({ value }),
    (error) => ({ error }),
  )
const settledValue = (r: Settled | undefined) => (r && 'value' in r ? r.value : undefined)

/** First line of an error, for logs and stored errors. */
const reasonOf = (error: unknown) =>
  String((error as { shortMessage?: string }).shortMessage ?? (error as Error)?.message ?? error)
    .split('\n')[0]
    ?.slice(0, 200) ?? ''

/** Name, symbol and decimals of each token, or a deferral when the RPC failed on any of them. */
export async function readTokens(
  client: PublicClient,
  chainId: number,
  pending: { address: string | null; type: 'NATIVE_COIN' | 'ERC20' | 'ERC721' }[],
): Promise<{ rows: TokenRow[]; deferred: Deferred[] }> {
  const rows: TokenRow[] = []
  const deferred: Deferred[] = []
  await Promise.all(
    pending.map(async ({ address, type }) => {
      if (!address || type === 'NATIVE_COIN') return
      const token = address as Address
      const abi = type === 'ERC20' ? erc20Abi : erc721Abi
      // Parallel calls share one JSON-RPC batch (the transport batches).
      const [name, symbol, decimals] = await Promise.all([
        settle(client.readContract({ address: token, abi, functionName: 'name' })),
        settle(client.readContract({ address: token, abi, functionName: 'symbol' })),
        type === 'ERC20'
          ? settle(client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }))
          : undefined,
      ])
      const transport = [name, symbol, decimals].find(
        (r) => r && 'error' in r && contractReadFailure(r.error) === 'transport',
      )
      if (transport && 'error' in transport)
        return void deferred.push({ key: address, reason: reasonOf(transport.error) })
      const decimalsValue = settledValue(decimals)
      rows.push({
        chainId,
        address: token,
        type,
        name: text(settledValue(name), STORED_LIMITS.tokenName),
        symbol: text(settledValue(symbol), STORED_LIMITS.tokenSymbol),
        decimals: decimalsValue === undefined ? null : Number(decimalsValue),
        logoUri: null,
        invalid: !('value' in symbol) || (type === 'ERC20' && decimalsValue === undefined),
      })
    }),
  )
  return { rows, deferred }
}

/** A contract string as stored ('' kept: a token may have an empty name). */
const text = (value: unknown, max: number) =>
  typeof value === 'string' ? (cappedText(value, max) ?? '') : null

/**
 * What reading one NFT gave: a row to store, or a retry later. A document retry carries the row to store
 * should the retries run out.
 */
export type NftRead =
  | { row: NftMetadataRow }
  | { retry: 'tokenURI'; reason: string }
  | { retry: 'document'; reason: string; row: NftMetadataRow }

export async function readNftMetadata(
  client: PublicClient,
  chainId: number,
  nft: { token: string; tokenId: string },
  fetchImpl?: typeof fetch,
): Promise<NftRead> {
  const base: NftMetadataRow = { chainId, token: nft.token, tokenId: nft.tokenId }
  let uri: string
  try {
    uri = await client.readContract({
      address: nft.token as Address,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [BigInt(nft.tokenId)],
    })
  } catch (error) {
    if (contractReadFailure(error) === 'transport') return { retry: 'tokenURI', reason: reasonOf(error) }
    return { row: { ...base, uri: null, error: 'tokenURI reverted' } }
  }
  const row = { ...base, uri: cappedUrl(uri, STORED_LIMITS.uri) }
  try {
    const doc = await fetchMetadataDocument(uri, fetchImpl)
    return {
      row: {
        ...row,
        name: cappedText(doc.name, STORED_LIMITS.name),
        description: cappedText(doc.description, STORED_LIMITS.description),
        imageUri:
          cappedUrl(doc.image, STORED_LIMITS.imageUri) ?? cappedUrl(doc.image_url, STORED_LIMITS.imageUri),
        metadata: storedDocument(doc),
      },
    }
  } catch (error) {
    const failed = { ...row, error: reasonOf(error) }
    if (error instanceof MetadataDocumentError && error.retry)
      return { retry: 'document', reason: failed.error, row: failed }
    return { row: failed }
  }
}

/** ERC721 tokens read per round. */
const NFT_BATCH = 50

const books = new WeakMap<IndexStore, RetryBook>()

export type EnrichOptions = {
  /** Backoff state (default: one per store, kept for the life of the process). */
  retry?: RetryBook
  /** Where deferrals are reported (default the log, as a warning). */
  log?: (message: string) => void
}

export type EnrichSummary = { tokens: number; nfts: number; deferred: Deferred[]; gaveUp: number }

/** Fills in metadata for every token and NFT the index has seen but not described yet. */
export async function enrichTokens(
  client: PublicClient,
  chainId: number,
  store: IndexStore,
  fetchImpl?: typeof fetch,
  options: EnrichOptions = {},
): Promise<EnrichSummary> {
  const retry = options.retry ?? books.get(store) ?? createRetryBook()
  if (!options.retry) books.set(store, retry)
  const summary: EnrichSummary = { tokens: 0, nfts: 0, deferred: [], gaveUp: 0 }
  const defer = (key: string, reason: string) => {
    retry.failed(key)
    summary.deferred.push({ key, reason })
  }

  const pending = (await store.tokensWithoutMetadata()).filter(
    (t) => t.address && retry.due(`token:${t.address}`),
  )
  const { rows, deferred } = await readTokens(client, chainId, pending)
  for (const d of deferred) defer(`token:${d.key}`, d.reason)
  for (const row of rows) retry.clear(`token:${row.address}`)
  await store.saveTokens(rows)
  summary.tokens = rows.length

  // NFTs waiting for a retry stay without metadata, so each round asks for that many more to get past them.
  const skipped = new Set<string>()
  for (;;) {
    const page = await store.nftsWithoutMetadata(skipped.size + NFT_BATCH)
    const todo = page
      .map((n) => ({
        token: n.token as string,
        tokenId: String(n.tokenId),
        key: `nft:${n.token}:${n.tokenId}`,
      }))
      .filter((n) => !skipped.has(n.key))
    if (!todo.length) break
    const ready = todo.filter((n) => retry.due(n.key)).slice(0, NFT_BATCH)
    for (const n of todo) if (!retry.due(n.key)) skipped.add(n.key)
    const reads = await Promise.all(ready.map((n) => readNftMetadata(client, chainId, n, fetchImpl)))
    const save: NftMetadataRow[] = []
    let rpcDown = ready.length > 0
    reads.forEach((read, i) => {
      const { key } = ready[i] as { key: string }
      if ('row' in read && !('retry' in read)) {
        retry.clear(key)
        save.push(read.row)
        rpcDown = false
      } else if (read.retry === 'document' && retry.failed(key) >= RETRY.documentAttempts) {
        retry.clear(key) // the metadata host kept failing: its last error is the answer
        save.push(read.row)
        summary.gaveUp++
      } else {
        if (read.retry === 'document') summary.deferred.push({ key, reason: read.reason })
        else defer(key, read.reason)
        skipped.add(key)
        if (read.retry === 'document') rpcDown = false
      }
    })
    await store.saveNftMetadata(save)
    summary.nfts += save.length
    // Every tokenURI call of the round failed in transport: the node is down, leave the rest for later.
    if (rpcDown) break
  }

  if (summary.deferred.length || summary.gaveUp) {
    const first = summary.deferred[0]
    ;(options.log ?? ((m: string) => log.warn({ module: 'tokenMetadata', chainId }, m)))(
      `token metadata on chain ${chainId}: ${summary.deferred.length} read(s) deferred after transport errors` +
        `${summary.gaveUp ? `, ${summary.gaveUp} document(s) given up on` : ''}` +
        `${first ? ` (first: ${first.key}: ${first.reason})` : ''}`,
    )
  }
  return summary
}
