import { gatewayScope } from '../../../lib/gateway'

export const assetKeys = {
  all: () => [gatewayScope(), 'assets'] as const,
  balances: (chainId: string, address: string, currency: string, hideSpam: boolean) =>
    [...assetKeys.all(), chainId, address, 'balances', currency, { hideSpam }] as const,
  collectibles: (chainId: string, address: string, hideSpam: boolean) =>
    [...assetKeys.all(), chainId, address, 'collectibles', { hideSpam }] as const,
}
