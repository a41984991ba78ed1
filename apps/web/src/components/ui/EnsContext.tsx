import { createContext, useContext } from 'react'

/** An address's primary ENS name and, once resolved, its avatar URL. */
export type EnsProfile = { name: string; avatar?: string | undefined }

/**
 * A hook resolving an address's ENS profile on a chain (the open Safe's when none is given), lazily and only
 * when `enabled` and the chain has an ENS registry; undefined until known. The app provides it (features/ens);
 * the value never changes once mounted, so calling it is a stable hook call.
 */
export type UseEnsProfile = (
  address: string,
  chainId: string | undefined,
  enabled: boolean,
) => EnsProfile | undefined

const noEns: UseEnsProfile = () => undefined

export const EnsContext = createContext<UseEnsProfile>(noEns)

export const useEnsProfile: UseEnsProfile = (address, chainId, enabled) =>
  useContext(EnsContext)(address, chainId, enabled)
