// Balances with fiat values (the Client Gateway's …/safes/{safeAddress}/balances/{fiatCode}), computed by
// safeBalances.repository.ts.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { getAddress } from 'viem'
import { NotFoundError } from '../../http/errors.ts'
import { requireChain, requireSafeOrWatched } from '../../http/require.ts'
import { BoolQuery, errorResponses, jsonResponse as json, SafeParams } from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { WatchedSafesRepository } from '../safes/watchedSafes.repository.ts'
import type { PriceSource } from './priceSource.ts'
import { type SafeBalancesRepository, TokenInfoSchema } from './safeBalances.repository.ts'

export { fiatString } from './safeBalances.repository.ts'

const BalancesSchema = z
  .object({
    fiatTotal: z.string(),
    items: z.array(
      z.object({
        tokenInfo: TokenInfoSchema,
        balance: z.string(),
        fiatBalance: z.string(),
        fiatConversion: z.string(),
        fiatBalance24hChange: z.string().nullable(),
        /** Concord's own: the node did not answer, the balance is the last one read. */
        stale: z.literal(true).optional(),
      }),
    ),
  })
  .openapi('Balances')

const getBalances = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/balances/{fiatCode}',
  tags: ['balances'],
  request: {
    params: SafeParams.extend({ fiatCode: z.string().regex(/^[a-zA-Z]{3,5}$/, 'Invalid fiat code') }),
    query: z.object({ trusted: BoolQuery.optional(), exclude_spam: BoolQuery.optional() }),
  },
  responses: { 200: json(BalancesSchema, 'Token balances with fiat values'), ...errorResponses },
})

const getFiatCodes = createRoute({
  method: 'get',
  path: '/v1/balances/supported-fiat-codes',
  tags: ['balances'],
  responses: { 200: json(z.array(z.string()), 'Supported fiat codes, upper-case') },
})

export function createBalancesRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  safeBalances: SafeBalancesRepository
  prices: PriceSource
  watched: WatchedSafesRepository
}) {
  return new OpenAPIHono()
    .openapi(getFiatCodes, async (c) => c.json(await deps.prices.fiatCodes(), 200))
    .openapi(getBalances, async (c) => {
      const { chainId, safeAddress, fiatCode } = c.req.valid('param')
      const { trusted = false, exclude_spam: excludeSpam = true } = c.req.valid('query')
      const chain = await requireChain(deps.chains, chainId)
      const fiat = fiatCode.toUpperCase()
      if (!(await deps.prices.fiatCodes()).includes(fiat))
        throw new NotFoundError(`Unsupported fiat code ${fiatCode} (see /v1/balances/supported-fiat-codes)`)
      // A watched Safe not read yet: its native balance, and the tokens indexed so far (none).
      const { safe } = await requireSafeOrWatched(deps, chainId, safeAddress)
      const address = safe?.address ?? getAddress(safeAddress)
      return c.json(await deps.safeBalances.get(chain, address, fiat, { trusted, excludeSpam }), 200)
    })
}
