import type { ChainInfo, ChainListResponse } from '@safe-global/safe-gateway-typescript-sdk'
import { GatewayError, INVALID_RESPONSE_CONTENT } from '../../lib/gateway'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isString = (value: unknown): value is string => typeof value === 'string'

/** The fields the web relies on; anything else in a Chain is passed through untouched. */
export function isUsableChain(value: unknown): value is ChainInfo {
  if (!isObject(value)) return false
  const { chainId, chainName, nativeCurrency, publicRpcUri } = value
  return (
    isString(chainId) &&
    /^\d+$/.test(chainId) &&
    isString(chainName) &&
    isObject(nativeCurrency) &&
    isString(nativeCurrency.name) &&
    isString(nativeCurrency.symbol) &&
    typeof nativeCurrency.decimals === 'number' &&
    isObject(publicRpcUri) &&
    isString(publicRpcUri.value)
  )
}

/**
 * Validates one page of `GET /v1/chains`. A body that is not a page is an error; single chains
 * that lack required fields are dropped, as CGW does with chains failing its schema.
 */
export function parseChainPage(body: unknown): ChainListResponse {
  if (!isObject(body) || !Array.isArray(body.results)) throw new GatewayError(INVALID_RESPONSE_CONTENT)
  return {
    ...(body as ChainListResponse),
    next: isString(body.next) ? body.next : undefined,
    previous: isString(body.previous) ? body.previous : undefined,
    results: body.results.filter(isUsableChain),
  }
}

/** The `cursor` query parameter of a page link (`next`), or null when there is no further page. */
export function getCursor(pageUrl: string | null | undefined): string | null {
  if (!pageUrl) return null
  try {
    return new URL(pageUrl, 'http://localhost').searchParams.get('cursor')
  } catch {
    return null
  }
}
