// A Safe's balances with fiat values, read from the chain at request time (native balance and balanceOf for
// every ERC20 the Safe has touched, so they are right even for tokens that move without Transfer events, in one
// Multicall3 call), priced by the configured PriceSource. A balance that cannot be read is the last one read,
// marked `stale`. The balances route and the Safe overviews (/v1|v2/safes) both use it.
import { erc20Abi } from '@concord/safe/contracts'
import { z } from '@hono/zod-openapi'
import { type Address, formatUnits, type PublicClient, zeroAddress } from 'viem'
import { type ChainConfig, chainUrls } from '../../config/chainConfig.ts'
import { HttpError } from '../../http/errors.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { BalancesRepository } from './balances.repository.ts'
import type { PriceSource } from './priceSource.ts'

/** A token as the Client Gateway describes it in balances and positions (the positions route reads it here). */
export const TokenInfoSchema = z.object({
  type: z.enum(['NATIVE_TOKEN', 'ERC20']),
  address: z.string(),
  decimals: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  logoUri: z.string(),
})
export type TokenInfo = z.infer<typeof TokenInfoSchema>

export type BalanceItem = {
  tokenInfo: TokenInfo
  balance: string
  fiatBalance: string
  fiatConversion: string
  fiatBalance24hChange: string | null
  /** Concord's own: the node did not answer, `balance` is the last one read. */
  stale?: true
}

/** CGW's number formatting: no grouping, no exponent. */
export const fiatString = (n: number) =>
  new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 8 }).format(n)

const NATIVE_KEY = zeroAddress
/** Multicall3, at the same address on most chains (where it is missing, a deployless multicall does the same). */
const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
const multicall3Present = new Map<number, Promise<boolean>>()

/**
 * The native balance and every token's balanceOf in one or two eth_calls (Multicall3, else deployless); each
 * value undefined when it could not be read (a token that reverts, or the node not answering at all).
 */
async function readBalances(client: PublicClient, chainId: number, safe: Address, tokens: Address[]) {
  let present = multicall3Present.get(chainId)
  if (!present) {
    present = client.getCode({ address: MULTICALL3 }).then((code) => !!code && code !== '0x')
    multicall3Present.set(chainId, present)
    present.catch(() => multicall3Present.delete(chainId))
  }
  const [native, results] = await Promise.all([
    client.getBalance({ address: safe }).catch(() => undefined),
    tokens.length
      ? present
          .then((deployed) =>
            client.multicall({
              contracts: tokens.map((address) => ({
                address,
                abi: erc20Abi,
                functionName: 'balanceOf' as const,
                args: [safe] as const,
              })),
              allowFailure: true,
              ...(deployed ? { multicallAddress: MULTICALL3 } : { deployless: true }),
            }),
          )
          .catch(() => undefined)
      : [],
  ])
  return {
    native,
    tokens: tokens.map((_, i) => {
      const r = results?.[i]
      return r?.status === 'success' ? (r.result as bigint) : undefined
    }),
  }
}

export function createSafeBalancesRepository(deps: {
  balances: BalancesRepository
  rpc: RpcClients
  prices: PriceSource
  /** The gateway's public URL (the native token's default logo). */
  publicUrl: () => string
}) {
  return {
    /** Whether balances can be priced in `fiat` (upper-case). */
    async supports(fiat: string): Promise<boolean> {
      return (await deps.prices.fiatCodes()).includes(fiat)
    },

    /** Balances sorted by fiat value, and their total; `fiat` must be a supported code (upper-case). */
    async get(
      chain: ChainConfig,
      safe: string,
      fiat: string,
      { trusted = false, excludeSpam = true }: { trusted?: boolean; excludeSpam?: boolean } = {},
    ): Promise<{ fiatTotal: string; items: BalanceItem[] }> {
      const spam = new Set(chain.spamTokens.map((a) => a.toLowerCase()))
      const listed = new Set(Object.keys(chain.prices.tokens).map((a) => a.toLowerCase()))
      const tokens = (await deps.balances.erc20Tokens(chain.chainId, safe)).filter(
        (t) =>
          t.address &&
          !(excludeSpam && (t.invalid !== false || spam.has(t.address.toLowerCase()))) &&
          !(trusted && !listed.has(t.address.toLowerCase())),
      )
      const client = deps.rpc.get(chain)
      const [read, last] = await Promise.all([
        readBalances(
          client,
          chain.chainId,
          safe as Address,
          tokens.map((t) => t.address as Address),
        ),
        deps.balances.last(chain.chainId, safe),
      ])
      // What was read is kept; what could not be read is the last read, marked stale (never 0, never gone).
      const fresh = new Map<string, bigint>()
      const changed = new Map<string, bigint>()
      const balanceOf = (key: string, value: bigint | undefined) => {
        if (value === undefined) {
          const kept = last.get(key)
          return kept === undefined ? undefined : { balance: kept, stale: true }
        }
        fresh.set(key, value)
        if (last.get(key) !== value) changed.set(key, value)
        return { balance: value, stale: false }
      }
      // Nothing read now and nothing read before: no balance to show, the node is the trouble.
      if (read.native === undefined && !last.has(NATIVE_KEY))
        throw new HttpError(503, 'The chain node is unavailable, try again later')
      const native = balanceOf(NATIVE_KEY, read.native)
      const amounts = tokens.map((t, i) => balanceOf((t.address as string).toLowerCase(), read.tokens[i]))
      await deps.balances.remember(chain.chainId, safe, changed)
      const prices = await deps.prices.prices(
        chain,
        ['native', ...tokens.map((t) => t.address as string)],
        fiat,
      )

      const item = (tokenInfo: TokenInfo, read: { balance: bigint; stale: boolean }, priceKey: string) => {
        const price = prices.get(priceKey)
        const fiatBalance =
          price === undefined ? 0 : Number(formatUnits(read.balance, tokenInfo.decimals)) * price
        return {
          tokenInfo,
          balance: read.balance.toString(),
          fiatBalance: fiatString(fiatBalance),
          fiatConversion: fiatString(price ?? 0),
          fiatBalance24hChange: null,
          // Concord's own field: the node did not answer, this is the last balance read.
          ...(read.stale ? { stale: true as const } : {}),
          sortKey: fiatBalance,
        }
      }
      const items = [
        ...(native === undefined
          ? []
          : [
              item(
                {
                  type: 'NATIVE_TOKEN',
                  address: zeroAddress,
                  decimals: chain.nativeCurrency.decimals,
                  symbol: chain.nativeCurrency.symbol,
                  name: chain.nativeCurrency.name,
                  logoUri: chainUrls(chain, deps.publicUrl()).nativeLogoUri,
                },
                native,
                'native',
              ),
            ]),
        ...tokens.flatMap((t, i) => {
          const balance = amounts[i]
          if (balance === undefined || balance.balance === 0n) return []
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
      return { fiatTotal: fiatString(fiatTotal), items: items.map(({ sortKey: _, ...i }) => i) }
    },
  }
}

export type SafeBalancesRepository = ReturnType<typeof createSafeBalancesRepository>
