export const ensKeys = {
  all: () => ['ens'] as const,
  name: (chainId: string, registry: string, address: string) =>
    [...ensKeys.all(), chainId, registry, 'name', address.toLowerCase()] as const,
  avatar: (chainId: string, registry: string, name: string) =>
    [...ensKeys.all(), chainId, registry, 'avatar', name] as const,
}
