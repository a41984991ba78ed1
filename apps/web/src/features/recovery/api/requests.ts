import type { Address } from 'viem'
import { gatewayFetch } from '../../../lib/gatewayFetch'
import type { SafeRecovery } from './types'

/** GET /v1/chains/{chainId}/safes/{safe}/recovery: the Safe's Delay modules and their queues, read at the head. */
export const fetchRecovery = (chainId: string, safe: Address) =>
  gatewayFetch<SafeRecovery>('GET', `/v1/chains/${chainId}/safes/${safe}/recovery`)
