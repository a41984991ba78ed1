import { queryOptions } from '@tanstack/react-query'
import { GatewayError, getGatewayBaseUrl } from '../../../lib/gateway'
import { explorerKeys } from './keys'

/** An address as the gateway reads it from the chain (GET /v1/chains/{chainId}/explorer/address/{address}). */
export type ExplorerAddress = {
  chainId: string
  address: string
  balance: string
  transactionCount: number
  isContract: boolean
  safe: { threshold: number; owners: string[]; nonce: number; version: string | null } | null
  ownerOf: string[]
}

/** A transaction and its receipt (GET /v1/chains/{chainId}/explorer/tx/{txHash}). */
export type ExplorerTransaction = {
  chainId: string
  hash: string
  status: 'pending' | 'success' | 'reverted'
  blockNumber: string | null
  timestamp: number | null
  from: string
  to: string | null
  contractAddress: string | null
  value: string
  nonce: number
  gasUsed: string | null
  logs: number | null
  inputSize: number
  methodId: string | null
}

async function getJson<T>(path: string): Promise<T> {
  const base = getGatewayBaseUrl()
  if (!base) throw new GatewayError('No gateway configured')
  let response: Response
  try {
    response = await fetch(`${base}${path}`)
  } catch (error) {
    throw new GatewayError(`Could not reach the gateway (${(error as Error).message})`, { cause: error })
  }
  const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null
  if (!response.ok)
    throw new GatewayError(
      body?.message
        ? `${body.code ?? response.status}: ${body.message}`
        : response.statusText || 'Request failed',
      { code: body?.code ?? response.status },
    )
  if (body === null) throw new GatewayError('Invalid response content')
  return body as T
}

const segment = encodeURIComponent

export const explorerAddressQueryOptions = (chainId: string, address: string) =>
  queryOptions({
    queryKey: explorerKeys.address(chainId, address),
    queryFn: () =>
      getJson<ExplorerAddress>(`/v1/chains/${segment(chainId)}/explorer/address/${segment(address)}`),
  })

export const explorerTxQueryOptions = (chainId: string, hash: string) =>
  queryOptions({
    queryKey: explorerKeys.tx(chainId, hash),
    queryFn: () =>
      getJson<ExplorerTransaction>(`/v1/chains/${segment(chainId)}/explorer/tx/${segment(hash)}`),
    // A pending transaction is looked at again until it is mined.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 4_000 : false),
  })
