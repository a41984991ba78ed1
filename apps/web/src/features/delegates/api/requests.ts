import { delegateTypedData, deleteDelegateTypedData, totp } from '@concord/safe/serviceRequests'
import { queryOptions } from '@tanstack/react-query'
import { type Address, type Hex, isAddress } from 'viem'
import { GatewayError, getGatewayBaseUrl } from '../../../lib/gateway'
import { gatewayFetch } from '../../../lib/gatewayFetch'
import { delegatesKeys } from './keys'

/** A proposer (delegate) of a Safe as the gateway lists it. */
export type Delegate = { safe: Address | null; delegate: Address; delegator: Address; label: string }

type Page<T> = { count?: number; next: string | null; previous: string | null; results: T[] }

export const MAX_LABEL_LENGTH = 50

/** What the connected wallet signs to add `delegate` (EIP-712, current hour). */
export const delegateSigningData = (p: { delegate: Address; chainId: number; nowMs?: number }) =>
  delegateTypedData({ delegate: p.delegate, totp: totp(p.nowMs), chainId: p.chainId })

/** What it signs to remove `delegate` from `safe`: a removal for that Safe, which no add signature can be. */
export const deleteDelegateSigningData = (p: {
  delegate: Address
  safe: Address
  chainId: number
  nowMs?: number
}) => deleteDelegateTypedData({ delegate: p.delegate, safe: p.safe, totp: totp(p.nowMs), chainId: p.chainId })

/** Checks the add form: a valid address for the proposer, a label of 1 to 50 characters. */
export function validateNewDelegate(p: {
  delegate: string
  label: string
}): { ok: true; delegate: Address; label: string } | { ok: false; error: string } {
  const delegate = p.delegate.trim()
  const label = p.label.trim()
  if (!isAddress(delegate, { strict: false })) return { ok: false, error: 'Enter a valid address' }
  if (!label) return { ok: false, error: 'A label is required' }
  if (label.length > MAX_LABEL_LENGTH)
    return { ok: false, error: `The label is at most ${MAX_LABEL_LENGTH} characters` }
  return { ok: true, delegate, label }
}

export type GatewayRequest = { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown }

const segment = encodeURIComponent

/** `GET /v2/chains/{chainId}/delegates?safe=…` */
export const listDelegatesRequest = (chainId: string, safe: string): GatewayRequest => ({
  method: 'GET',
  path: `/v2/chains/${segment(chainId)}/delegates?safe=${segment(safe)}`,
})

/** `POST /v2/chains/{chainId}/delegates` */
export const addDelegateRequest = (p: {
  chainId: string
  safe: Address
  delegate: Address
  delegator: Address
  label: string
  signature: Hex
}): GatewayRequest => ({
  method: 'POST',
  path: `/v2/chains/${segment(p.chainId)}/delegates`,
  body: {
    safe: p.safe,
    delegate: p.delegate,
    delegator: p.delegator,
    label: p.label,
    signature: p.signature,
  },
})

/** `DELETE /v2/chains/{chainId}/delegates/{delegate}` */
export const removeDelegateRequest = (p: {
  chainId: string
  safe: Address
  delegate: Address
  delegator: Address
  signature: Hex
}): GatewayRequest => ({
  method: 'DELETE',
  path: `/v2/chains/${segment(p.chainId)}/delegates/${segment(p.delegate)}`,
  body: { safe: p.safe, delegator: p.delegator, signature: p.signature },
})

/** Sends a request to the gateway; errors become GatewayError with 'code: message' from the server. */
export const sendGatewayRequest = (request: GatewayRequest): Promise<unknown> =>
  gatewayFetch(request.method, request.path, request.body)

// Enough for any list of proposers a person manages.
const MAX_PAGES = 10

export async function fetchDelegates(chainId: string, safe: string): Promise<Delegate[]> {
  const base = getGatewayBaseUrl() ?? ''
  let request = listDelegatesRequest(chainId, safe)
  const items: Delegate[] = []
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = (await sendGatewayRequest(request)) as Page<Delegate> | null
    if (!page || !Array.isArray(page.results)) throw new GatewayError('Invalid response content')
    items.push(...page.results)
    if (!page.next) break
    const next = page.next.startsWith(base) ? page.next.slice(base.length) : page.next
    request = { method: 'GET', path: next }
  }
  return items
}

export const delegatesQueryOptions = (chainId: string, safe: string) =>
  queryOptions({
    queryKey: delegatesKeys.list(chainId, safe),
    queryFn: () => fetchDelegates(chainId, safe),
    staleTime: 0,
  })
