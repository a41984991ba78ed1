// NFTs a Safe holds (the Client Gateway's …/safes/{safeAddress}/collectibles): the v2 page and the Rust-era v1
// array the SDK still calls. Both are read a page at a time from the database (collectibles.repository.ts).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { requireSafe } from '../../http/require.ts'
import {
  BoolQuery,
  CursorQuery,
  errorResponses,
  jsonResponse as json,
  pageSchema,
  SafeParams,
} from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { CollectibleRow, CollectiblesQuery, CollectiblesRepository } from './collectibles.repository.ts'

/**
 * v1 has no paging: its answer stops after this many NFTs (v2 pages through any number). Bounds the answer of
 * a Safe that was sent thousands of NFTs, each with up to STORED_LIMITS of metadata.
 */
export const V1_MAX_COLLECTIBLES = 500

const query = z.object({ trusted: BoolQuery.optional(), exclude_spam: BoolQuery.optional() })

const CollectibleSchema = z
  .object({
    address: z.string(),
    tokenName: z.string(),
    tokenSymbol: z.string(),
    logoUri: z.string(),
    id: z.string(),
    uri: z.string().nullable(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    imageUri: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
  })
  .openapi('Collectible')

const v1 = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/collectibles',
  tags: ['collectibles'],
  request: { params: SafeParams, query },
  responses: {
    200: json(z.array(CollectibleSchema), `The NFTs the Safe holds (the first ${V1_MAX_COLLECTIBLES})`),
    ...errorResponses,
  },
})
const v2 = createRoute({
  method: 'get',
  path: '/v2/chains/{chainId}/safes/{safeAddress}/collectibles',
  tags: ['collectibles'],
  request: { params: SafeParams, query: query.merge(CursorQuery) },
  responses: {
    200: json(pageSchema(CollectibleSchema, 'CollectiblePage'), 'A page of the NFTs the Safe holds'),
    ...errorResponses,
  },
})

const toCollectible = (n: CollectibleRow) => ({
  address: n.token ?? '', // never null for ERC721 transfers (only the native coin has no token)
  tokenName: n.tokenName ?? '',
  tokenSymbol: n.tokenSymbol ?? '',
  logoUri: n.logoUri ?? '',
  id: String(n.tokenId),
  uri: n.uri ?? null,
  name: n.name ?? null,
  description: n.description ?? null,
  imageUri: n.imageUri ?? null,
  metadata: n.metadata ?? null,
})

export function createCollectiblesRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  collectibles: CollectiblesRepository
}) {
  const collectiblesQuery = async (
    chainId: string,
    safeAddress: string,
    excludeSpam: boolean,
  ): Promise<CollectiblesQuery> => {
    const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
    return { chainId: chain.chainId, safe: safe.address, excludeSpam, spamTokens: chain.spamTokens }
  }

  return new OpenAPIHono()
    .openapi(v1, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const q = await collectiblesQuery(chainId, safeAddress, c.req.valid('query').exclude_spam ?? true)
      const rows = await deps.collectibles.page(q, { limit: V1_MAX_COLLECTIBLES, offset: 0 })
      return c.json(rows.map(toCollectible), 200)
    })
    .openapi(v2, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const query = c.req.valid('query')
      const q = await collectiblesQuery(chainId, safeAddress, query.exclude_spam ?? true)
      const page = parseCursor(query.cursor)
      const [count, rows] = await Promise.all([deps.collectibles.count(q), deps.collectibles.page(q, page)])
      return c.json(toPage(c.req.raw, page, count, rows.map(toCollectible)), 200)
    })
}
