import type { DecodedDataResponse } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { decodedQueryOptions, simulationQueryOptions } from '../../api/requests'
import type { SafeCall } from '../../types'
import { checkDecoded, type DecodedCall } from '../../verify/checkDecoded'

/**
 * What the review shows about a call besides its raw fields: the gateway decoder's reading (checked against
 * the calldata, so the words shown are the transaction signed) and the gateway's simulation.
 */
export function useCallChecks(chainId: string, safe: string, call: SafeCall, given?: DecodedCall | null) {
  const hasData = call.data !== '0x'
  const decoded = useQuery({ ...decodedQueryOptions(chainId, call), enabled: hasData && !given })
  const reading: DecodedCall | DecodedDataResponse | null | undefined = given ?? decoded.data
  const decodedProblems = useMemo(
    () => (hasData && reading ? checkDecoded(reading, call.data) : []),
    [hasData, reading, call.data],
  )
  const simulation = useQuery(simulationQueryOptions(chainId, safe, call))
  return { hasData, decoded, reading, decodedProblems, simulation }
}

export type CallChecks = ReturnType<typeof useCallChecks>
