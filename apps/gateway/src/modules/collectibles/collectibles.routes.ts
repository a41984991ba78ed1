// NFTs a Safe holds (cgw-api §4): the v2 page and the Rust-era v1 array the SDK still calls.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { requireSafe } from '../../http/require.ts'
import {
  AddressSchema,
  BoolQuery,
  ChainIdParam,
  CursorQuery,
  errorResponses,
  jsonResponse as json,
  pageSchema,
} from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { CollectiblesRepository } from './collectibles.repository.ts'

const params = z.object({
  chainId: ChainIdParam,
  safeAddress: AddressSchema.openapi({ param: { name: 'safeAddress', in: 'path' } }),
})
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
  request: { params, query },
  responses: { 200: json(z.array(CollectibleSchema), 'Every NFT the Safe holds'), ...errorResponses },
})
const v2 = createRoute({
  method: 'get',
  path: '/v2/chains/{chainId}/safes/{safeAddress}/collectibles',
  tags: ['collectibles'],
  request: { params, query: query.merge(CursorQuery) },
  responses: {
    200: json(pageSchema(CollectibleSchema, 'CollectiblePage'), 'A page of the NFTs the Safe holds'),
    ...errorResponses,
  },
})

export function createCollectiblesRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  collectibles: CollectiblesRepository
}) {
  const list = async (chainId: string, safeAddress: string, excludeSpam: boolean) => {
    const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
    const spam = new Set(chain.spamTokens.map((a) => a.toLowerCase()))
    return (await deps.collectibles.owned(chain.chainId, safe.address))
      .filter((n) => !excludeSpam || !(n.token?.invalid || spam.has(String(n.token?.address).toLowerCase())))
      .map((n) => ({
        address: n.token?.address ?? (n.meta?.token as string),
        tokenName: n.token?.name ?? '',
        tokenSymbol: n.token?.symbol ?? '',
        logoUri: n.token?.logoUri ?? '',
        id: String(n.tokenId),
        uri: n.meta?.uri ?? null,
        name: n.meta?.name ?? null,
        description: n.meta?.description ?? null,
        imageUri: n.meta?.imageUri ?? null,
        metadata: n.meta?.metadata ?? null,
      }))
  }

  return new OpenAPIHono()
    .openapi(v1, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      return c.json(await list(chainId, safeAddress, c.req.valid('query').exclude_spam ?? true), 200)
    })
    .openapi(v2, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const q = c.req.valid('query')
      const all = await list(chainId, safeAddress, q.exclude_spam ?? true)
      const page = parseCursor(q.cursor)
      return c.json(
        toPage(c.req.raw, page, all.length, all.slice(page.offset, page.offset + page.limit)),
        200,
      )
    })
}
