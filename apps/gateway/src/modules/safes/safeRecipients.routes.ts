// Whether a Safe has paid an address before (a Concord route, not the Client Gateway's): the review warns when a
// transaction pays someone for the first time. Computed from the index; the browser treats it as a hint.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { getAddress } from 'viem'
import { requireSafe } from '../../http/require.ts'
import { ChainIdParam, errorResponses, jsonResponse as json, pathAddress } from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from './safes.repository.ts'

const recipient = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/recipients/{address}',
  tags: ['safes'],
  request: {
    params: z.object({
      chainId: ChainIdParam,
      safeAddress: pathAddress('safeAddress'),
      address: pathAddress('address'),
    }),
  },
  responses: {
    200: json(
      z
        .object({
          address: z.string(),
          paidBefore: z.boolean(),
          /** Seconds since the epoch of the last payment, null when there was none. */
          lastPaidAt: z.number().int().nullable(),
        })
        .openapi('SafeRecipient'),
      'Whether the Safe has sent anything to this address',
    ),
    ...errorResponses,
  },
})

export function createSafeRecipientsRoutes(deps: { chains: ChainsRepository; safes: SafesRepository }) {
  return new OpenAPIHono().openapi(recipient, async (c) => {
    const { chainId, safeAddress, address } = c.req.valid('param')
    const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
    const to = getAddress(address)
    const lastPaidAt = await deps.safes.lastPaidAt(chain.chainId, safe.address, to)
    return c.json({ address: to, paidBefore: lastPaidAt !== null, lastPaidAt }, 200)
  })
}
