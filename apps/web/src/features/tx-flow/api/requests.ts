import type { SafeTx } from '@concord/safe/SafeTx'
import {
  type DecodedDataResponse,
  getDecodedData,
  getTransactionQueue,
  postSafeGasEstimation,
  proposeTransaction,
  type SafeTransactionEstimation,
  type TransactionDetails,
} from '@safe-global/safe-gateway-typescript-sdk'
import { queryOptions } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { GatewayError, gatewayCall, getGatewayBaseUrl } from '../../../lib/gateway'
import { gatewayFetch } from '../../../lib/gatewayFetch'
import { queuedNoncesOf } from '../builders/nonce'
import type { SafeCall } from '../types'
import { txFlowKeys } from './keys'

/** What the gateway's dry run says the transaction would do if the Safe executed it now. */
export type Simulation = {
  success: boolean
  revertReason: string | null
  gasUsed: string
  balanceChanges: {
    /** null for the native coin. */
    tokenAddress: string | null
    symbol: string
    decimals: number
    before: string
    after: string
    change: string
  }[]
}

/** `POST /v1/chains/{chainId}/data-decoder`: the gateway's reading of the calldata (checked by checkDecoded). */
export const decodedQueryOptions = (chainId: string, call: SafeCall) =>
  queryOptions({
    queryKey: txFlowKeys.decoded(chainId, call),
    queryFn: (): Promise<DecodedDataResponse> =>
      gatewayCall(() => getDecodedData(chainId, call.operation, call.data, call.to)),
    staleTime: Number.POSITIVE_INFINITY,
  })

// Enough for any queue a person acts on; the nonce warnings only need the nonces in use.
const MAX_QUEUE_PAGES = 10

/** The nonces the queue uses now (`GET …/transactions/queued`, every page), for the gap and duplicate warnings. */
export const queuedNoncesQueryOptions = (chainId: string, safe: string) =>
  queryOptions({
    queryKey: txFlowKeys.queuedNonces(chainId, safe),
    queryFn: async (): Promise<number[]> => {
      let page = await gatewayCall(() => getTransactionQueue(chainId, safe))
      const items = [...page.results]
      for (let i = 1; page.next && i < MAX_QUEUE_PAGES; i++) {
        const next = page.next
        page = await gatewayCall(() => getTransactionQueue(chainId, safe, {}, next))
        items.push(...page.results)
      }
      return queuedNoncesOf(items)
    },
    staleTime: 0,
    gcTime: 0,
  })

/** `POST /v2/chains/{chainId}/safes/{safe}/multisig-transactions/estimations`: nonces and safeTxGas. */
export const estimationQueryOptions = (chainId: string, safe: string, call: SafeCall) =>
  queryOptions({
    queryKey: txFlowKeys.estimation(chainId, safe, call),
    queryFn: (): Promise<SafeTransactionEstimation> =>
      gatewayCall(() =>
        postSafeGasEstimation(chainId, safe, {
          to: call.to,
          value: String(call.value),
          data: call.data,
          operation: call.operation,
        }),
      ),
    // The nonces move with every proposal and execution: always asked again, never persisted.
    staleTime: 0,
    gcTime: 0,
  })

const isSimulation = (body: unknown): body is Simulation =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as Simulation).success === 'boolean' &&
  typeof (body as Simulation).gasUsed === 'string' &&
  Array.isArray((body as Simulation).balanceChanges)

/** POSTs JSON to a gateway route the SDK does not cover; errors become GatewayError with the seed's text. */
async function postGateway(path: string, payload: unknown, notFound: string): Promise<unknown> {
  const base = getGatewayBaseUrl()
  if (!base) throw new GatewayError('No gateway configured')
  let response: Response
  try {
    response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
  } catch (error) {
    throw new GatewayError(`Could not reach the gateway (${(error as Error).message})`, { cause: error })
  }
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = body as { code?: number; message?: string } | null
    if (response.status === 404 && !error?.message) throw new GatewayError(notFound, { code: 404 })
    throw new GatewayError(
      error?.message ? `${error.code ?? response.status}: ${error.message}` : response.statusText,
      {
        code: error?.code ?? response.status,
      },
    )
  }
  return body
}

const segment = encodeURIComponent

/** `POST /v1/chains/{chainId}/safes/{safe}/simulations`: Concord's dry run against the chain node. */
export async function simulateCall(chainId: string, safe: string, call: SafeCall): Promise<Simulation> {
  const body = await postGateway(
    `/v1/chains/${segment(chainId)}/safes/${segment(safe)}/simulations`,
    { to: call.to, value: String(call.value), data: call.data, operation: call.operation },
    'This gateway cannot simulate transactions',
  )
  if (!isSimulation(body)) throw new GatewayError('Invalid response content')
  return body
}

/**
 * `GET /v1/chains/{chainId}/safes/{safe}/recipients/{address}` (a Concord route): whether the Safe has paid the
 * address before. Undefined when it cannot be told (another gateway, a Safe not indexed yet): a hint, never a gate.
 */
export async function hasPaidBefore(
  chainId: string,
  safe: string,
  address: string,
): Promise<boolean | undefined> {
  try {
    const body = await gatewayFetch<{ paidBefore?: unknown }>(
      'GET',
      `/v1/chains/${segment(chainId)}/safes/${segment(safe)}/recipients/${segment(address)}`,
    )
    return typeof body?.paidBefore === 'boolean' ? body.paidBefore : undefined
  } catch {
    return undefined
  }
}

/** `POST /v1/chains/{chainId}/transactions/{safeTxHash}/confirmations`: adds an owner's signature. */
export const confirmSafeTx = async (p: {
  chainId: string
  safeTxHash: Hex
  signature: Hex
}): Promise<void> => {
  await postGateway(
    `/v1/chains/${segment(p.chainId)}/transactions/${segment(p.safeTxHash)}/confirmations`,
    { signedSafeTxHash: p.signature },
    'This gateway does not take confirmations',
  )
}

export const simulationQueryOptions = (chainId: string, safe: string, call: SafeCall) =>
  queryOptions({
    queryKey: txFlowKeys.simulation(chainId, safe, call),
    queryFn: () => simulateCall(chainId, safe, call),
    staleTime: 0,
    gcTime: 0,
  })

/** `POST /v1/chains/{chainId}/transactions/{safe}/propose` with the proposer's own signature. */
export const proposeSafeTx = (p: {
  chainId: string
  safe: Address
  tx: SafeTx
  safeTxHash: Hex
  sender: Address
  signature: Hex
}): Promise<TransactionDetails> =>
  gatewayCall(() =>
    proposeTransaction(p.chainId, p.safe, {
      to: p.tx.to,
      value: String(p.tx.value),
      data: p.tx.data,
      nonce: String(p.tx.nonce),
      operation: p.tx.operation,
      safeTxGas: String(p.tx.safeTxGas),
      baseGas: String(p.tx.baseGas),
      gasPrice: String(p.tx.gasPrice),
      gasToken: p.tx.gasToken,
      refundReceiver: p.tx.refundReceiver,
      safeTxHash: p.safeTxHash,
      sender: p.sender,
      signature: p.signature,
    }),
  )
