import { gatewayScope } from '../../../lib/gateway'

export const settingsKeys = {
  fiatCurrencies: () => [gatewayScope(), 'balances', 'supported-fiat-codes'] as const,
}
