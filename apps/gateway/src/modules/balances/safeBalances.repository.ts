// A Safe's balances with fiat values, read from the chain at request time (native balance and balanceOf for
// every ERC20 the Safe has touched, so they are right even for tokens that move without Transfer events), priced
// by the configured PriceSource. The balances route and the Safe overviews (/v1|v2/safes) both use it.
import { erc20Abi } from '@concord/safe/contracts'
import { type Address, formatUnits, zeroAddress } from 'viem'
import { type ChainConfig, chainUrls } from '../../config/chainConfig.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { BalancesRepository } from './balances.repository.ts'
import type { PriceSource } from './priceSource.ts'

export type TokenInfo = {
  type: 'NATIVE_TOKEN' | 'ERC20'
  address: string
  decimals: number
  symbol: string
  name: string
  logoUri: string
}

export type BalanceItem = {
  tokenInfo: TokenInfo
  balance: string
  fiatBalance: string
  fiatConversion: string
  fiatBalance24hChange: string | null
}

/** CGW's number formatting: no grouping, no exponent. */
export const fiatString = (n: number) =>
  new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 8 }).format(n)

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
      const [native, ...amounts] = await Promise.all([
        client.getBalance({ address: safe as Address }),
        ...tokens.map((t) =>
          client
            .readContract({
              address: t.address as Address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [safe as Address],
            })
            .catch(() => 0n),
        ),
      ])
      const prices = await deps.prices.prices(
        chain,
        ['native', ...tokens.map((t) => t.address as string)],
        fiat,
      )

      const item = (tokenInfo: TokenInfo, balance: bigint, priceKey: string) => {
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
            logoUri: chainUrls(chain, deps.publicUrl()).nativeLogoUri,
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
      return { fiatTotal: fiatString(fiatTotal), items: items.map(({ sortKey: _, ...i }) => i) }
    },
  }
}

export type SafeBalancesRepository = ReturnType<typeof createSafeBalancesRepository>
