// The embedded devnet as a gateway chain: used by `npm start` and by the gateway's devnet tests.

import { DEVNET_ALLOWANCE_MODULE } from '@concord/safe/allowanceModule'

/** Demo prices in USD (the static price table): ETH $3,000, cUSD $1, CGT $0.50. */
export const DEMO_PRICES = { native: 3000, usd: 1, gov: 0.5 } as const

export function devnetChainConfig(devnet: {
  chainId: number
  rpcUrl: string
  wsUrl: string
  /** Demo token addresses (absent when the devnet runs without its demo). */
  assets?: { usd: string; gov: string }
  /** The demo Safes, named (absent without the demo). */
  scenario?: { safes: Record<string, { address: string; name: string }> }
  /** Another name and short name (npm start's second devnet chain); default "Concord Devnet", `dev`. */
  label?: { name: string; shortName: string }
}) {
  return {
    chainId: devnet.chainId,
    name: devnet.label?.name ?? 'Concord Devnet',
    shortName: devnet.label?.shortName ?? 'dev',
    description: 'Local development chain with the Safe contracts and demo assets',
    rpcUrl: devnet.rpcUrl,
    wsUrl: devnet.wsUrl,
    isTestnet: true,
    devnet: true,
    theme: { textColor: '#ffffff', backgroundColor: '#6b4eff' },
    prices: {
      native: DEMO_PRICES.native,
      tokens: devnet.assets
        ? { [devnet.assets.usd]: DEMO_PRICES.usd, [devnet.assets.gov]: DEMO_PRICES.gov }
        : {},
    },
    // The devnet's own AllowanceModule-compatible contract (packages/devnet/contracts), at its CREATE2 address.
    contracts: { allowanceModule: DEVNET_ALLOWANCE_MODULE },
    names: Object.fromEntries(Object.values(devnet.scenario?.safes ?? {}).map((s) => [s.address, s.name])),
  }
}
