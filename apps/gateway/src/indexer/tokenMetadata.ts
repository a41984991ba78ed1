// Token and NFT metadata, read after a window is committed so a slow or broken token never holds up
// indexing. Every token is read once: one whose calls fail is stored as invalid and not asked again.
import { erc20Abi, erc721Abi } from '@concord/safe/contracts'
import type { Address, PublicClient } from 'viem'
import type { nftMetadata, tokens } from '../db/schema.ts'
import type { IndexStore } from './indexStore.ts'

export type TokenRow = typeof tokens.$inferInsert
export type NftMetadataRow = typeof nftMetadata.$inferInsert

/** Limits for tokenURI documents fetched over http(s). */
export const METADATA_FETCH = { timeoutMs: 5_000, maxBytes: 256 * 1024 } as const

const settle = async <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined)

export async function readTokens(
  client: PublicClient,
  chainId: number,
  pending: { address: string | null; type: 'NATIVE_COIN' | 'ERC20' | 'ERC721' }[],
): Promise<TokenRow[]> {
  return Promise.all(
    pending.flatMap(({ address, type }) => {
      if (!address || type === 'NATIVE_COIN') return []
      const token = address as Address
      const abi = type === 'ERC20' ? erc20Abi : erc721Abi
      // Parallel calls share one JSON-RPC batch (the transport batches).
      return [
        (async (): Promise<TokenRow> => {
          const [name, symbol, decimals] = await Promise.all([
            settle(client.readContract({ address: token, abi, functionName: 'name' })),
            settle(client.readContract({ address: token, abi, functionName: 'symbol' })),
            type === 'ERC20'
              ? settle(client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }))
              : Promise.resolve(undefined),
          ])
          const invalid = symbol === undefined || (type === 'ERC20' && decimals === undefined)
          return {
            chainId,
            address: token,
            type,
            name: name ?? null,
            symbol: symbol ?? null,
            decimals: decimals === undefined ? null : Number(decimals),
            logoUri: null,
            invalid,
          }
        })(),
      ]
    }),
  )
}

type Document = Record<string, unknown>

/** Reads a tokenURI document: `data:` URIs inline, http(s) with a timeout and a size cap. */
export async function fetchMetadataDocument(
  uri: string,
  fetchImpl: typeof fetch = fetch,
  limits: { timeoutMs: number; maxBytes: number } = METADATA_FETCH,
): Promise<Document> {
  if (uri.startsWith('data:')) {
    const comma = uri.indexOf(',')
    if (comma < 0) throw new Error('malformed data: URI')
    const header = uri.slice(5, comma)
    const body = uri.slice(comma + 1)
    const text = header.endsWith(';base64')
      ? Buffer.from(body, 'base64').toString('utf8')
      : decodeURIComponent(body)
    return asDocument(JSON.parse(text))
  }
  if (!/^https?:\/\//.test(uri)) throw new Error(`unsupported URI scheme: ${uri.split(':')[0]}`)
  const res = await fetchImpl(uri, {
    signal: AbortSignal.timeout(limits.timeoutMs),
    redirect: 'follow',
  })
  // A body that is not read must be cancelled, or its connection stays open until garbage collection.
  const discard = async (message: string) => {
    await res.body?.cancel().catch(() => {})
    throw new Error(message)
  }
  if (!res.ok) return discard(`HTTP ${res.status}`)
  const declared = Number(res.headers.get('content-length') ?? 0)
  if (declared > limits.maxBytes) return discard('metadata document too large')
  const reader = res.body?.getReader()
  if (!reader) throw new Error('empty metadata document')
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limits.maxBytes) {
      await reader.cancel()
      throw new Error('metadata document too large')
    }
    chunks.push(value)
  }
  return asDocument(JSON.parse(Buffer.concat(chunks).toString('utf8')))
}

function asDocument(value: unknown): Document {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('metadata is not an object')
  return value as Document
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)

export async function readNftMetadata(
  client: PublicClient,
  chainId: number,
  nft: { token: string; tokenId: string },
  fetchImpl?: typeof fetch,
): Promise<NftMetadataRow> {
  const row: NftMetadataRow = { chainId, token: nft.token, tokenId: nft.tokenId }
  try {
    row.uri = await client.readContract({
      address: nft.token as Address,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [BigInt(nft.tokenId)],
    })
  } catch {
    return { ...row, uri: null, error: 'tokenURI reverted' }
  }
  try {
    const doc = await fetchMetadataDocument(row.uri, fetchImpl)
    return {
      ...row,
      name: str(doc.name),
      description: str(doc.description),
      imageUri: str(doc.image) ?? str(doc.image_url),
      metadata: doc,
    }
  } catch (error) {
    return { ...row, error: (error as Error).message.slice(0, 200) }
  }
}

/** Fills in metadata for every token and NFT the index has seen but not described yet. */
export async function enrichTokens(
  client: PublicClient,
  chainId: number,
  store: IndexStore,
  fetchImpl?: typeof fetch,
): Promise<void> {
  await store.saveTokens(await readTokens(client, chainId, await store.tokensWithoutMetadata()))
  for (;;) {
    const nfts = await store.nftsWithoutMetadata(50)
    if (!nfts.length) return
    const rows = await Promise.all(
      nfts.map((n) =>
        readNftMetadata(
          client,
          chainId,
          { token: n.token as string, tokenId: n.tokenId as string },
          fetchImpl,
        ),
      ),
    )
    await store.saveNftMetadata(rows)
  }
}
