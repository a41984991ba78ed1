// GET /v1/chains/{chainId}/names: the names the chain's configuration gives addresses (`names`, e.g. the devnet's
// demo Safes). Public, unlike a Safe's address book (its owners only): the web shows them to every visitor where no
// address book names the address, so a user's own name always wins and none of theirs is ever replaced.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { getAddress } from 'viem'
import { requireChain } from '../../http/require.ts'
import { ChainIdParam, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { ChainsRepository } from './chains.repository.ts'

const NamesSchema = z
  .object({
    count: z.number().int(),
    results: z.array(z.object({ address: z.string(), name: z.string() })),
  })
  .openapi('ChainNames')

const getNames = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/names',
  tags: ['chains'],
  request: { params: z.object({ chainId: ChainIdParam }) },
  responses: { 200: json(NamesSchema, 'Addresses the chain’s configuration names'), ...errorResponses },
})

export function createChainNamesRoutes({ chains }: { chains: ChainsRepository }) {
  return new OpenAPIHono().openapi(getNames, async (c) => {
    const chain = await requireChain(chains, c.req.valid('param').chainId)
    // A chain stored before `names` existed has none.
    const results = Object.entries(chain.names ?? {})
      .map(([address, name]) => ({ address: getAddress(address), name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address))
    return c.json({ count: results.length, results }, 200)
  })
}
