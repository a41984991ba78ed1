// Balances with fiat values (cgw-api §3). Amounts are read from the chain at request time (native balance
// and balanceOf for every ERC20 the Safe has touched), so they are right even for tokens that move
// without Transfer events; fiat values come from the configured PriceSource.
import { erc20Abi } from '@concord/safe/contracts'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { type Address, formatUnits, zeroAddress } from 'viem'
import { NotFoundError } from '../../http/errors.ts'
import { requireChain, requireSafe } from '../../http/require.ts'
import {
  AddressSchema,
  BoolQuery,
  ChainIdParam,
  errorResponses,
  jsonResponse as json,
} from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { BalancesRepository } from './balances.repository.ts'
import type { PriceSource } from './priceSource.ts'

const TokenInfoSchema = z.object({
  type: z.enum(['NATIVE_TOKEN', 'ERC20']),
  address: z.string(),
  decimals: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  logoUri: z.string(),
})
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
      }),
    ),
  })
  .openapi('Balances')

const getBalances = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safes/{safeAddress}/balances/{fiatCode}',
  tags: ['balances'],
  request: {
    params: z.object({
      chainId: ChainIdParam,
      safeAddress: AddressSchema.openapi({ param: { name: 'safeAddress', in: 'path' } }),
      fiatCode: z.string().regex(/^[a-zA-Z]{3,5}$/, 'Invalid fiat code'),
    }),
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

/** CGW's number formatting: no grouping, no exponent. */
export const fiatString = (n: number) =>
  new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 8 }).format(n)

export function createBalancesRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  balances: BalancesRepository
  rpc: RpcClients
  prices: PriceSource
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
      const { safe } = await requireSafe(deps, chainId, safeAddress)

      const spam = new Set(chain.spamTokens.map((a) => a.toLowerCase()))
      const listed = new Set(Object.keys(chain.prices.tokens).map((a) => a.toLowerCase()))
      const tokens = (await deps.balances.erc20Tokens(chain.chainId, safe.address)).filter(
        (t) =>
          t.address &&
          !(excludeSpam && (t.invalid !== false || spam.has(t.address.toLowerCase()))) &&
          !(trusted && !listed.has(t.address.toLowerCase())),
      )
      const client = deps.rpc.get(chain)
      const [native, ...amounts] = await Promise.all([
        client.getBalance({ address: safe.address as Address }),
        ...tokens.map((t) =>
          client
            .readContract({
              address: t.address as Address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [safe.address as Address],
            })
            .catch(() => 0n),
        ),
      ])
      const prices = await deps.prices.prices(
        chain,
        ['native', ...tokens.map((t) => t.address as string)],
        fiat,
      )

      const item = (tokenInfo: z.infer<typeof TokenInfoSchema>, balance: bigint, priceKey: string) => {
        const price = prices.get(priceKey)
        const fiatBalance = price === undefined ? 0 : Number(formatUnits(balance, tokenInfo.decimals)) * price
        return {
          tokenInfo,
          balance: balance.toString(),
          fiatBalance: fiatString(fiatBalance),
          fiatConversion: fiatString(price ?? 0),
          fiatBalance24hChange: null,
          sortKey: fiatBalance,
        }
      }
      const items = [
        item(
          {
            type: 'NATIVE_TOKEN',
            address: zeroAddress,
            decimals: chain.nativeCurrency.decimals,
            symbol: chain.nativeCurrency.symbol,
            name: chain.nativeCurrency.name,
            logoUri: chain.nativeCurrency.logoUri,
          },
          native as bigint,
          'native',
        ),
        ...tokens.flatMap((t, i) => {
          const balance = amounts[i] as bigint
          if (balance === 0n) return []
          return [
            item(
              {
                type: 'ERC20',
                address: t.address as string,
                decimals: t.decimals ?? 0,
                symbol: t.symbol ?? '',
                name: t.name ?? '',
                logoUri: t.logoUri ?? '',
              },
              balance,
              (t.address as string).toLowerCase(),
            ),
          ]
        }),
      ].sort((a, b) => b.sortKey - a.sortKey)
      const fiatTotal = items.reduce((sum, i) => sum + i.sortKey, 0)
      return c.json({ fiatTotal: fiatString(fiatTotal), items: items.map(({ sortKey: _, ...i }) => i) }, 200)
    })
}
