import { gatewayScope } from '../../../lib/gateway'

// Query keys alone, so the app's live-update wiring (app/liveQueryKeys.ts) does not load the messages screens' code.

export const messagesKeys = {
  all: () => [gatewayScope(), 'messages'] as const,
  list: (chainId: string, safe: string) => [...messagesKeys.all(), chainId, safe, 'list'] as const,
  details: (chainId: string, hash: string) => [...messagesKeys.all(), chainId, 'details', hash] as const,
}
