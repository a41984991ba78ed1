import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import type { Address } from 'viem'
import { useBytecode, useReadContract } from 'wagmi'
import type { ValidNewSafe } from '../utils/newSafeForm'
import { NEW_SAFE_CONTRACTS, predictSafeAddress, safeSetupData } from '../utils/predictSafeAddress'

export type PredictedSafe = {
  /** Where the Safe will be deployed; undefined until the form is valid and the factory has answered. */
  address: Address | undefined
  /** A contract is already there (the same owners, threshold and salt were used before). */
  taken: boolean
  /** The chain has no v1.4.1 proxy factory at its canonical address. */
  noFactory: boolean
  /** The factory's proxy creation code has been read (the address can be predicted). */
  ready: boolean
}

/** The address a new Safe will have on `chainId`, from the factory's own proxy creation code. */
export function usePredictedSafe(chainId: number, safe: ValidNewSafe | undefined): PredictedSafe {
  const factoryCode = useBytecode({ address: NEW_SAFE_CONTRACTS.factory, chainId })
  const proxyCreationCode = useReadContract({
    address: NEW_SAFE_CONTRACTS.factory,
    abi: safeProxyFactoryAbi,
    functionName: 'proxyCreationCode',
    chainId,
    query: { enabled: !!factoryCode.data, staleTime: Number.POSITIVE_INFINITY },
  })
  const address =
    safe && proxyCreationCode.data
      ? predictSafeAddress({
          ...NEW_SAFE_CONTRACTS,
          initializer: safeSetupData(safe),
          saltNonce: safe.saltNonce,
          proxyCreationCode: proxyCreationCode.data,
        })
      : undefined
  const existing = useBytecode({ address, chainId, query: { enabled: !!address } })
  return {
    address,
    taken: !!existing.data && existing.data !== '0x',
    noFactory: factoryCode.isSuccess && !factoryCode.data,
    ready: !!proxyCreationCode.data,
  }
}
