// The RPC endpoint a chain without a public RPC names (chains.mapper.ts): the operator's rpcUrl usually holds an
// API key, so it is never relayed. Every JSON-RPC call gets an error that says what to configure, instead of an
// empty RPC URL (which would make a client fall back to a node on its own machine).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { requireChain } from '../../http/require.ts'
import { ChainIdParam, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { ChainsRepository } from './chains.repository.ts'

const JsonRpcError = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    error: z.object({ code: z.number().int(), message: z.string() }),
  })
  .openapi('JsonRpcError')

const rpc = createRoute({
  method: 'post',
  path: '/v1/chains/{chainId}/rpc',
  tags: ['chains'],
  request: { params: z.object({ chainId: ChainIdParam }) },
  responses: {
    200: json(z.union([JsonRpcError, z.array(JsonRpcError)]), 'A JSON-RPC error'),
    ...errorResponses,
  },
})

/** JSON-RPC "resource unavailable" (EIP-1474). */
const UNAVAILABLE = -32002

export function createPublicRpcRoutes({ chains }: { chains: ChainsRepository }) {
  return new OpenAPIHono().openapi(rpc, async (c) => {
    const chain = await requireChain(chains, c.req.valid('param').chainId)
    const body: unknown = await c.req.json().catch(() => null)
    const message = `This gateway publishes no RPC for chain ${chain.chainId} (its operator sets publicRpcUrl to offer one)`
    const answer = (call: unknown) => {
      const id = (call as { id?: unknown } | null)?.id
      return {
        jsonrpc: '2.0' as const,
        id: typeof id === 'string' || typeof id === 'number' ? id : null,
        error: { code: UNAVAILABLE, message },
      }
    }
    return c.json(Array.isArray(body) ? body.slice(0, 100).map(answer) : answer(body), 200)
  })
}
