import { gatewayScope } from '../../../lib/gateway'

export const notificationKeys = {
  all: () => [gatewayScope(), 'notifications'] as const,
  /** Every device's feed (this browser has one at a time). */
  feeds: () => [...notificationKeys.all(), 'feed'] as const,
  feed: (uuid: string) => [...notificationKeys.feeds(), uuid] as const,
  preferences: (chainId: string, safe: string) =>
    [...notificationKeys.all(), 'preferences', chainId, safe.toLowerCase()] as const,
  chains: () => [...notificationKeys.all(), 'chains'] as const,
}
