// Answers from the host's memory: no network, so getSafeInfo answers within the wagmi connector's 10 ms.
import { toAppChainInfo, toAppSafeInfo } from '../safeInfo'
import type { HostHandler } from './context'

export const getSafeInfo: HostHandler = (_params, _request, host) => {
  const { safeInfo, chain, isReadOnly } = host.state()
  return toAppSafeInfo(safeInfo, chain, isReadOnly)
}

export const getChainInfo: HostHandler = (_params, _request, host) => toAppChainInfo(host.state().chain)

export const getEnvironmentInfo: HostHandler = (_params, _request, host) => ({ origin: host.hostOrigin() })

export const getCurrentTheme: HostHandler = (_params, _request, host) => ({ darkMode: host.state().darkMode })
