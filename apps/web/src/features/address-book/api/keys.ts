import { gatewayScope } from '../../../lib/gateway'

export const addressBookKeys = {
  all: () => [gatewayScope(), 'address-book'] as const,
  book: (chainId: string, safe: string, signedIn: string | undefined) =>
    [...addressBookKeys.all(), chainId, safe.toLowerCase(), signedIn ?? 'local'] as const,
}
