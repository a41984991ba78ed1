// Nonce and gas advice for a new Safe transaction, the v2 Client Gateway route Safe{Wallet} calls
// (POST /v2/chains/{chainId}/safes/{safeAddress}/multisig-transactions/estimations).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { requireSafe } from '../../http/require.ts'
import { AddressSchema, errorResponses, jsonResponse as json, SafeParams } from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { ProposalsRepository } from '../transactions/proposals.repository.ts'
import type { SafesRepository } from './safes.repository.ts'
import { recommendedNonces } from './safes.routes.ts'

const EstimationBody = z
  .object({
    to: AddressSchema,
    value: z.string().regex(/^\d{1,78}$/, 'Invalid value (a decimal string)'),
    data: z
      .string()
      .max(2 + 2 * 512 * 1024, 'Data too long')
      .regex(/^0x([0-9a-fA-F]{2})*$/, 'Invalid hex data')
      .nullish(),
    operation: z.union([z.literal(0), z.literal(1)], {
      error: 'Invalid operation (0 CALL or 1 DELEGATECALL)',
    }),
  })
  .openapi('SafeTransactionEstimationRequest')

const estimate = createRoute({
  method: 'post',
  path: '/v2/chains/{chainId}/safes/{safeAddress}/multisig-transactions/estimations',
  tags: ['safes'],
  request: {
    params: SafeParams,
    body: { content: { 'application/json': { schema: EstimationBody } }, required: true },
  },
  responses: {
    200: json(
      z
        .object({ currentNonce: z.number().int(), recommendedNonce: z.number().int(), safeTxGas: z.string() })
        .openapi('SafeTransactionEstimation'),
      'Nonces and safeTxGas for a new transaction',
    ),
    ...errorResponses,
  },
})

export function createSafeEstimationsRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  proposals: ProposalsRepository
}) {
  return new OpenAPIHono().openapi(estimate, async (c) => {
    const { chainId, safeAddress } = c.req.valid('param')
    c.req.valid('json')
    const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
    // Safes from 1.3.0 on need no safeTxGas: 0 gives the inner call all gas and a failing call reverts the
    // whole execution, so nothing is charged for a transaction that did not happen.
    return c.json({ ...(await recommendedNonces(deps, chain.chainId, safe)), safeTxGas: '0' }, 200)
  })
}
