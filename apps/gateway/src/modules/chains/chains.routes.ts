import { knownMasterCopies } from '@concord/safe/deployments'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { getAddress } from 'viem'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { SiteSettings } from '../../config/siteConfig.ts'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { requireChain } from '../../http/require.ts'
import { ChainIdParam, CursorQuery, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { ChainFeatures } from './chainFeatures.ts'
import { toChain } from './chains.mapper.ts'
import type { ChainsRepository } from './chains.repository.ts'
import { ChainPageSchema, ChainSchema, MasterCopySchema } from './chains.schemas.ts'

const listChains = createRoute({
  method: 'get',
  path: '/v1/chains',
  tags: ['chains'],
  request: { query: CursorQuery },
  responses: { 200: json(ChainPageSchema, 'Chains served by this gateway') },
})

const getChain = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}',
  tags: ['chains'],
  request: { params: z.object({ chainId: ChainIdParam }) },
  responses: { 200: json(ChainSchema, 'One chain'), ...errorResponses },
})

const getMasterCopies = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/about/master-copies',
  tags: ['chains'],
  request: { params: z.object({ chainId: ChainIdParam }) },
  responses: {
    200: json(z.array(MasterCopySchema), 'Safe singletons recognised on this chain'),
    ...errorResponses,
  },
})

export type ChainsRoutesDeps = { chains: ChainsRepository; features: ChainFeatures; site: SiteSettings }

/** The Chain shape with its v1 features, or with a service key's v2 features. */
export const chainView = async (deps: ChainsRoutesDeps, config: ChainConfig, serviceKey?: string) =>
  toChain(config, {
    publicUrl: deps.site.publicUrl(),
    features: serviceKey ? await deps.features.v2(config, serviceKey) : await deps.features.v1(config),
    allowanceModule: await deps.features.allowanceModule(config),
  })

export function createChainsRoutes(deps: ChainsRoutesDeps) {
  const { chains } = deps
  return new OpenAPIHono()
    .openapi(listChains, async (c) => {
      const page = parseCursor(c.req.valid('query').cursor)
      const { count, items } = await chains.page(page)
      const results = await Promise.all(items.map((config) => chainView(deps, config)))
      return c.json(toPage(c.req.raw, page, count, results), 200)
    })
    .openapi(getChain, async (c) =>
      c.json(await chainView(deps, await requireChain(chains, c.req.valid('param').chainId)), 200),
    )
    .openapi(getMasterCopies, async (c) => {
      const config = await requireChain(chains, c.req.valid('param').chainId)
      const copies = [
        ...knownMasterCopies(),
        ...config.masterCopies.map((m) => ({ address: getAddress(m.address), version: m.version })),
      ]
      return c.json(
        copies.map(({ address, version }) => ({ address, version })),
        200,
      )
    })
}
