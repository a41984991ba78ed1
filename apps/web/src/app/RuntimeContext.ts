import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { createContext, useContext } from 'react'
import type { RuntimeConfig } from '../config/runtimeConfig'

export type Runtime = {
  runtimeConfig: RuntimeConfig
  /** The gateway in use (user override, config.json or the page origin). */
  gatewayUrl: string
  /** The gateway's chains, in its order; never empty. */
  chains: ChainInfo[]
}

export const RuntimeContext = createContext<Runtime | null>(null)

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext)
  if (!runtime) throw new Error('useRuntime must be used below the app boot (provider.tsx)')
  return runtime
}
