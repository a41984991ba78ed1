import { knownMasterCopies } from '@concord/safe/deployments'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { getAddress } from 'viem'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { requireChain } from '../../http/require.ts'
import { ChainIdParam, CursorQuery, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
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

export function createChainsRoutes({ chains }: { chains: ChainsRepository }) {
  return new OpenAPIHono()
    .openapi(listChains, async (c) => {
      const page = parseCursor(c.req.valid('query').cursor)
      const { count, items } = await chains.page(page)
      return c.json(toPage(c.req.raw, page, count, items.map(toChain)), 200)
    })
    .openapi(getChain, async (c) =>
      c.json(toChain(await requireChain(chains, c.req.valid('param').chainId)), 200),
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
