// GET /v1/chains/{chainId}/safes/{safeAddress}/positions/{fiatCode} (the Client Gateway route Safe{Wallet} calls
// for DeFi positions): DeFi protocol positions. Concord reads no protocol's positions, so the honest answer for
// any Safe is CGW's empty one, `[]`, after the same validation (an address, and one of CGW's fiat codes).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { HttpError } from '../../http/errors.ts'
import { requireChain } from '../../http/require.ts'
import { BoolQuery, errorResponses, jsonResponse as json, SafeParams } from '../../http/schemas.ts'
import { TokenInfoSchema } from '../balances/safeBalances.repository.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'

/** The fiat codes CGW's positions route accepts (case-insensitive). */
export const POSITIONS_FIAT_CODES = [
  'USD',
  'EUR',
  'ETH',
  'AUD',
  'BTC',
  'CAD',
  'CHF',
  'CNY',
  'GBP',
  'INR',
  'JPY',
  'KRW',
  'NZD',
  'RUB',
  'TRY',
  'ZAR',
]

const ProtocolSchema = z
  .object({
    protocol: z.string(),
    protocol_metadata: z.object({
      name: z.string(),
      icon: z.object({ url: z.string().nullable() }),
      url: z.string().nullable().optional(),
    }),
    fiatTotal: z.string(),
    items: z.array(
      z.object({
        name: z.string(),
        items: z.array(
          z.object({
            position_type: z.string(),
            tokenInfo: TokenInfoSchema,
            balance: z.string(),
            fiatBalance: z.string(),
            fiatBalance24hChange: z.string().nullable(),
            fiatConversion: z.string(),
          }),
        ),
      }),
    ),
  })
  .openapi('Protocol')

const getPositions = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/positions/{fiatCode}',
  tags: ['positions'],
  request: {
    params: SafeParams.extend({
      fiatCode: z.string().openapi({ param: { name: 'fiatCode', in: 'path' }, example: 'USD' }),
    }),
    query: z.object({ refresh: BoolQuery.optional(), sync: BoolQuery.optional() }),
  },
  responses: {
    200: json(z.array(ProtocolSchema), 'Protocol positions (none: Concord reads no protocol)'),
    ...errorResponses,
  },
})

export function createPositionsRoutes(deps: { chains: ChainsRepository }) {
  return new OpenAPIHono().openapi(getPositions, async (c) => {
    const { chainId, fiatCode } = c.req.valid('param')
    if (!POSITIONS_FIAT_CODES.includes(fiatCode.toUpperCase()))
      throw new HttpError(400, `Unsupported currency code: ${fiatCode}`)
    await requireChain(deps.chains, chainId)
    return c.json([], 200)
  })
}
