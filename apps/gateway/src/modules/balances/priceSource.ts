// Where fiat values come from. The default reads the configured static tables (USD prices per chain, fiat
// rates per USD), so balances have values offline and with no third-party key; config `priceSource` switches
// to a CoinGecko-compatible API (coingeckoPriceSource.ts). Another source only has to implement PriceSource.
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { PriceSourceSetting } from '../../config/config.ts'
import { createCoingeckoPriceSource } from './coingeckoPriceSource.ts'

export type PriceSource = {
  /** Supported fiat codes, upper-case. */
  fiatCodes(): Promise<string[]>
  /** Price of one whole unit in `fiat`, per token address (lower-case) or 'native'; missing when unknown. */
  prices(chain: ChainConfig, assets: string[], fiat: string): Promise<Map<string, number>>
}

export function createStaticPriceSource(fiatRates: Record<string, number>): PriceSource {
  return {
    fiatCodes: async () => Object.keys(fiatRates),
    async prices(chain, assets, fiat) {
      const rate = fiatRates[fiat.toUpperCase()]
      const out = new Map<string, number>()
      if (rate === undefined) return out
      const usd = new Map(Object.entries(chain.prices.tokens).map(([a, p]) => [a.toLowerCase(), p]))
      if (chain.prices.native !== undefined) usd.set('native', chain.prices.native)
      for (const asset of assets) {
        const price = usd.get(asset.toLowerCase())
        if (price !== undefined) out.set(asset.toLowerCase(), price * rate)
      }
      return out
    },
  }
}

/** The source config `priceSource` selects; the static tables also serve chains CoinGecko is not set up for. */
export function createPriceSource(
  setting: PriceSourceSetting,
  fiatRates: Record<string, number>,
  onError?: (error: unknown) => void,
): PriceSource {
  const fallback = createStaticPriceSource(fiatRates)
  if (setting.type === 'static') return fallback
  return createCoingeckoPriceSource({ ...setting, fallback, onError })
}
