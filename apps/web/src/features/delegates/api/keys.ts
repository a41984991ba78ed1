import { gatewayScope } from '../../../lib/gateway'

// Query keys alone, so the app's live-update wiring (app/liveQueryKeys.ts) does not load the delegates screens' code.

export const delegatesKeys = {
  all: () => [gatewayScope(), 'delegates'] as const,
  list: (chainId: string, safe: string) => [...delegatesKeys.all(), chainId, safe] as const,
}
