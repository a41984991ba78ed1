import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { Address } from 'viem'
import { formatSafeParam, parseSafeAddress, SAFE_PARAM, safeHref } from '../lib/safeLink'
import { useRuntime } from './RuntimeContext'

export type OpenSafe = {
  status: 'ok'
  chain: ChainInfo
  address: Address
  /** Canonical `safe` parameter: `<shortName>:<checksummed address>`. */
  param: string
  /** Link to another Safe screen of this Safe, e.g. `href('/assets')`. */
  href: (pathname: string, extra?: Record<string, string>) => string
}

export type CurrentSafe = { status: 'none' } | { status: 'invalid'; param: string; error: string } | OpenSafe

/** The Safe named by the URL's `?safe=<shortName>:<address>`, resolved against the gateway's chains. */
export function useCurrentSafe(): CurrentSafe {
  const [searchParams] = useSearchParams()
  const { chains } = useRuntime()
  const raw = searchParams.get(SAFE_PARAM)
  return useMemo((): CurrentSafe => {
    if (!raw) return { status: 'none' }
    const parsed = parseSafeAddress(raw, chains)
    if (!parsed.ok) return { status: 'invalid', param: raw, error: parsed.error }
    const param = formatSafeParam(parsed.chain, parsed.address)
    return {
      status: 'ok',
      chain: parsed.chain,
      address: parsed.address,
      param,
      href: (pathname, extra) => safeHref(pathname, param, extra),
    }
  }, [raw, chains])
}

/** The query string that keeps the open Safe when moving between screens ('' when none is open). */
export const safeSearch = (current: CurrentSafe): string => (current.status === 'ok' ? current.href('') : '')
