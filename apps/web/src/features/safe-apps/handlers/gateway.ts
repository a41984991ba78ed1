// Answers read from the gateway for the open Safe and chain.
import { getBalances, getSafeMessage, getTransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { gatewayCall } from '../../../lib/gateway'
import { AppFacingError } from '../protocol'
import type { HostContext, HostHandler } from './context'

const HASH = /^0x[0-9a-fA-F]{64}$/
const chainId = (host: HostContext) => host.state().chain.chainId
const safe = (host: HostContext) => host.state().safeInfo.address.value

/** `{currency}` picks the fiat currency; anything else is 'usd'. */
export const readCurrency = (params: unknown): string =>
  typeof params === 'object' &&
  params !== null &&
  typeof (params as { currency?: unknown }).currency === 'string'
    ? (params as { currency: string }).currency
    : 'usd'

export const getSafeBalances: HostHandler = async (params, _request, host) => {
  const currency = readCurrency(params)
  return gatewayCall(() => getBalances(chainId(host), safe(host), currency, { exclude_spam: true }))
}

export const getTxBySafeTxHash: HostHandler = async (params, _request, host) => {
  const hash = (params as { safeTxHash?: unknown } | undefined)?.safeTxHash
  if (typeof hash !== 'string' || !HASH.test(hash)) throw new AppFacingError('Invalid safeTxHash')
  return gatewayCall(() => getTransactionDetails(chainId(host), hash))
}

/** A bare string; '' until the message is fully signed or when it is unknown (never silence). */
export const getOffChainSignature: HostHandler = async (params, _request, host) => {
  if (typeof params !== 'string' || !HASH.test(params)) return ''
  try {
    const message = await getSafeMessage(chainId(host), params)
    return (message as { preparedSignature?: string | null }).preparedSignature ?? ''
  } catch {
    return ''
  }
}
