import { getFiatCurrencies } from '@safe-global/safe-gateway-typescript-sdk'
import { queryOptions } from '@tanstack/react-query'
import { gatewayCall } from '../../../lib/gateway'
import { settingsKeys } from './keys'

/** `GET /v1/balances/supported-fiat-codes`: upper-case codes such as `USD`, `EUR`. */
export const fiatCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.fiatCurrencies(),
    queryFn: () => gatewayCall(() => getFiatCurrencies()),
    staleTime: 60 * 60 * 1_000,
  })
