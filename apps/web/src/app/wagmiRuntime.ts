import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type Config, getAccount, hydrate, watchAccount } from '@wagmi/core'
import type { RuntimeConfig } from '../config/runtimeConfig'
import { type AppChain, toViemChain } from '../features/chains/toViemChain'
import { buildConnectors } from '../features/wallet/buildConnectors'
import { devnetAccountPicker } from '../features/wallet/devnetAccountPicker'
import { isFramed } from '../lib/safeAppFrame'
import { createWagmiConfig } from '../lib/wagmi'
import { setWalletAccount, setWalletConfig } from '../lib/walletRuntime'

// The lazily loaded wallet: wagmi's config for the gateway's chains, with the connectors, reconnecting a wallet
// from a previous visit, and the account mirrored into lib/walletRuntime.ts for the parts of the app that never
// load wagmi.

/** In a frame (maybe a Safe host's), the connection is kept apart from the page around it. */
export const EMBEDDED_STORAGE_KEY = 'wagmi.embedded'

let current: { key: string; config: Config; stopWatching: () => void } | undefined

export type WalletInputs = { runtimeConfig: RuntimeConfig; chains: readonly ChainInfo[] }

/**
 * Builds (or keeps) the config for these inputs, reconnects, and publishes it. A new config is built only when
 * what it depends on changed, e.g. when the gateway starts serving another chain.
 */
export function startWallet({ runtimeConfig, chains }: WalletInputs): void {
  const appChains = chains.map(toViemChain) as [AppChain, ...AppChain[]]
  const key = [
    runtimeConfig.walletConnectProjectId,
    runtimeConfig.devnetChainId,
    ...(runtimeConfig.devnetChainIds ?? []),
    ...appChains.map((chain) => `${chain.id}@${chain.rpcUrls.default.http[0]}`),
  ].join('|')
  if (current?.key === key) return
  current?.stopWatching()

  const devnetChain = appChains.find((chain) => String(chain.id) === runtimeConfig.devnetChainId)
  const devnetRpcUrl = devnetChain?.rpcUrls.default.http[0]
  const connectors = buildConnectors({
    walletConnectProjectId: runtimeConfig.walletConnectProjectId,
    devnet:
      devnetChain && devnetRpcUrl
        ? {
            chainId: devnetChain.id,
            rpcUrl: devnetRpcUrl,
            pickAccount: (accounts, lastAccount) => devnetAccountPicker.request(accounts, lastAccount),
            otherChains: otherDevnetChains(appChains, runtimeConfig),
          }
        : undefined,
  })
  const config = createWagmiConfig({
    chains: appChains,
    connectors,
    storageKey: isFramed() ? EMBEDDED_STORAGE_KEY : undefined,
  })

  const mirror = () => {
    const account = getAccount(config)
    // account.chain is set only for a chain of the config, i.e. one the gateway serves.
    const served = account.chain ? chains.find((c) => c.chainId === String(account.chainId)) : undefined
    setWalletAccount({
      status: account.status,
      address: account.address,
      chainId: account.chainId,
      chainName: account.chain?.name,
      chainShortName: served?.shortName || undefined,
      chainLogoUrl: served?.chainLogoUri || undefined,
    })
  }
  const stopWatching = watchAccount(config, { onChange: mirror })
  current = { key, config, stopWatching }
  // What WagmiProvider does on mount (no server rendering here): restore the stored state, then reconnect.
  hydrate(config, { reconnectOnMount: true }).onMount()
  mirror()
  setWalletConfig(config)
}

/** The devnet chains besides the first (npm start's second chain), with their nodes' URLs. */
function otherDevnetChains(appChains: readonly AppChain[], runtimeConfig: RuntimeConfig) {
  return appChains.flatMap((chain) => {
    const rpcUrl = chain.rpcUrls.default.http[0]
    const id = String(chain.id)
    const other = id !== runtimeConfig.devnetChainId && runtimeConfig.devnetChainIds?.includes(id)
    return other && rpcUrl ? [{ chainId: chain.id, rpcUrl }] : []
  })
}
