// GET /v2/chains[/{chainId}] (the Client Gateway routes Safe{Wallet} calls for chains): the v1 Chain shape, with
// the features of one service key. The key is required (422), and a key this gateway does not know answers 404
// with CGW's generic body, as CGW passes on its Config Service's 404.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { ChainIdParam, ErrorSchema, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import { type ChainsRoutesDeps, chainView } from './chains.routes.ts'
import { ChainPageSchema, ChainSchema } from './chains.schemas.ts'

const REQUIRED = 'serviceKey query parameter is required'
const ServiceKeyQuery = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .openapi({ param: { name: 'serviceKey', in: 'query' }, example: 'WALLET_WEB' })

const notFound = { 404: json(ErrorSchema, 'Unknown service key or chain') }

const listChains = createRoute({
  method: 'get',
  path: '/v2/chains',
  tags: ['chains'],
  request: { query: z.object({ serviceKey: ServiceKeyQuery, cursor: z.string().optional() }) },
  responses: { 200: json(ChainPageSchema, 'Chains with the features of one service'), ...errorResponses },
})

const getChain = createRoute({
  method: 'get',
  path: '/v2/chains/{chainId}',
  tags: ['chains'],
  request: { params: z.object({ chainId: ChainIdParam }), query: z.object({ serviceKey: ServiceKeyQuery }) },
  responses: { 200: json(ChainSchema, 'One chain with the features of one service'), ...errorResponses },
})

/** CGW's body for a 404 its Config Service answered (no message of its own). */
const UPSTREAM_404 = { code: 404, message: 'An error occurred' } as const

export function createChainsV2Routes(deps: ChainsRoutesDeps) {
  const known = (key: string) => Object.hasOwn(deps.site.serviceKeys, key)
  return new OpenAPIHono()
    .openapi({ ...listChains, responses: { ...listChains.responses, ...notFound } }, async (c) => {
      const { serviceKey, cursor } = c.req.valid('query')
      if (!known(serviceKey)) return c.json(UPSTREAM_404, 404)
      const page = parseCursor(cursor)
      const { count, items } = await deps.chains.page(page)
      const results = await Promise.all(items.map((config) => chainView(deps, config, serviceKey)))
      return c.json(toPage(c.req.raw, page, count, results), 200)
    })
    .openapi({ ...getChain, responses: { ...getChain.responses, ...notFound } }, async (c) => {
      const { serviceKey } = c.req.valid('query')
      const config = await deps.chains.get(Number(c.req.valid('param').chainId))
      if (!known(serviceKey) || !config) return c.json(UPSTREAM_404, 404)
      return c.json(await chainView(deps, config, serviceKey), 200)
    })
}
