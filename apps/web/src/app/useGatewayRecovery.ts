// While the gateway does not answer, ask it again every few seconds (the chains list is the probe: cheap, and
// every page needs it); once it answers, refetch every query whose last try failed, so no view stays marked as
// saved data.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { chainKeys } from '../features/chains/api/keys'
import { useGatewayReach } from '../lib/gatewayReach'
import { useRuntime } from './RuntimeContext'

/** How often the gateway is asked again while it does not answer. */
export const GATEWAY_RETRY_MS = 5_000

export function useGatewayRecovery(): void {
  const queryClient = useQueryClient()
  const { gatewayUrl } = useRuntime()
  const reach = useGatewayReach()
  const wasDown = useRef(false)

  useEffect(() => {
    if (reach.state === 'unreachable') {
      wasDown.current = true
      const timer = setInterval(
        () => void queryClient.refetchQueries({ queryKey: chainKeys.list(gatewayUrl) }),
        GATEWAY_RETRY_MS,
      )
      return () => clearInterval(timer)
    }
    if (wasDown.current) {
      wasDown.current = false
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' })
    }
    return undefined
  }, [reach.state, queryClient, gatewayUrl])
}
