import { safeWallet } from '@rainbow-me/rainbowkit/wallets'
import { createConnector } from 'wagmi'
import { safe } from 'wagmi/connectors'
import type { CreateWalletFn } from './devnetWallet'

/**
 * How long the Safe connector waits for the host's answer to `getSafeInfo`. Hosts answer at once from memory
 * (wagmi's default budget is 10 ms), but a host on this origin shares the page's thread and may be busy
 * rendering for a moment: a little slack, still fast for a page framed by something that is not a Safe host.
 */
export const SAFE_HOST_TIMEOUT_MS = 500

/**
 * RainbowKit's Safe wallet on wagmi's `safe` connector, with two changes: the handshake waits
 * SAFE_HOST_TIMEOUT_MS, and once it has timed out the page is taken as not framed by a Safe host (wagmi would
 * retry, waiting again and leaving one more SDK listener behind, on every call).
 */
export const safeAppWallet: CreateWalletFn = () => ({
  ...safeWallet(),
  createConnector: (walletDetails) =>
    createConnector((config) => {
      const base = safe({ unstable_getInfoTimeout: SAFE_HOST_TIMEOUT_MS })(config)
      let noHost = false
      return {
        ...base,
        ...walletDetails,
        async getProvider() {
          if (noHost) return undefined
          try {
            return await base.getProvider()
          } catch {
            noHost = true
            return undefined
          }
        },
      }
    }),
})
