// GET /v1/chains/{chainId}/about and …/about/indexing, as the Safe Client Gateway serves them (Safe{Wallet} calls
// the latter). CGW passes the Transaction Service's indexing figures through; this gateway is its own transaction
// service, so they are the indexer's (indexing.repository.ts). ERC20 and singleton indexing are one pass here:
// both report the same block.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { SiteSettings } from '../../config/siteConfig.ts'
import { requireChain } from '../../http/require.ts'
import { ChainIdParam, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { ChainsRepository } from './chains.repository.ts'
import type { IndexingRepository } from './indexing.repository.ts'

/** The gateway's version, as /about reports it. */
export const GATEWAY_VERSION = '0.1.0'

const AboutSchema = z
  .object({
    transactionServiceBaseUri: z.string(),
    name: z.string(),
    version: z.string(),
    buildNumber: z.string(),
  })
  .openapi('ChainAbout')

const IndexingSchema = z
  .object({
    currentBlockNumber: z.number().int(),
    currentBlockTimestamp: z.string(),
    erc20BlockNumber: z.number().int(),
    erc20BlockTimestamp: z.string(),
    erc20Synced: z.boolean(),
    masterCopiesBlockNumber: z.number().int(),
    masterCopiesBlockTimestamp: z.string(),
    masterCopiesSynced: z.boolean(),
    synced: z.boolean(),
    /** Milliseconds: the time of the indexed block. */
    lastSync: z.number().int(),
  })
  .openapi('IndexingStatus')

const params = z.object({ chainId: ChainIdParam })

const getAbout = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/about',
  tags: ['chains'],
  request: { params },
  responses: { 200: json(AboutSchema, 'This gateway as the chain’s transaction service'), ...errorResponses },
})

const getIndexing = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/about/indexing',
  tags: ['chains'],
  request: { params },
  responses: { 200: json(IndexingSchema, 'How far the chain is indexed'), ...errorResponses },
})

export function createAboutRoutes(deps: {
  chains: ChainsRepository
  indexing: IndexingRepository
  site: SiteSettings
}) {
  return new OpenAPIHono()
    .openapi(getAbout, async (c) => {
      await requireChain(deps.chains, c.req.valid('param').chainId)
      return c.json(
        {
          transactionServiceBaseUri: deps.site.publicUrl(),
          name: 'Concord',
          version: GATEWAY_VERSION,
          buildNumber: GATEWAY_VERSION,
        },
        200,
      )
    })
    .openapi(getIndexing, async (c) => {
      const chain = await requireChain(deps.chains, c.req.valid('param').chainId)
      const s = await deps.indexing.status(chain)
      const indexedAt = new Date(s.indexedBlockTimestamp).toISOString()
      return c.json(
        {
          currentBlockNumber: s.currentBlockNumber,
          currentBlockTimestamp: new Date(s.currentBlockTimestamp).toISOString(),
          erc20BlockNumber: s.indexedBlockNumber,
          erc20BlockTimestamp: indexedAt,
          erc20Synced: s.synced,
          masterCopiesBlockNumber: s.indexedBlockNumber,
          masterCopiesBlockTimestamp: indexedAt,
          masterCopiesSynced: s.synced,
          synced: s.synced,
          lastSync: s.indexedBlockTimestamp,
        },
        200,
      )
    })
}
