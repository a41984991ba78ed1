export const chainKeys = {
  all: ['chains'] as const,
  list: (gatewayUrl: string) => [...chainKeys.all, 'list', gatewayUrl] as const,
}
