import { gatewayScope } from '../../../lib/gateway'

export const nestedKeys = {
  all: () => [gatewayScope(), 'nested-safes'] as const,
  owner: (chainId: string, owner: string) =>
    [...nestedKeys.all(), chainId, 'owner', owner.toLowerCase()] as const,
  controlled: (chainId: string, account: string) =>
    [...nestedKeys.all(), chainId, 'controlled', account.toLowerCase()] as const,
  pending: (chainId: string, parent: string, child: string, safeTxHash: string) =>
    [...nestedKeys.all(), chainId, 'pending', parent.toLowerCase(), child.toLowerCase(), safeTxHash] as const,
}
