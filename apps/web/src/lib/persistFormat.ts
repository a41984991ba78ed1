// The persisted query cache's JSON, with bigints and Maps tagged as wagmi tags them (`{ __type, value }`), so
// caches written before keep loading. Written here, not imported from wagmi, to keep the chain libraries out of
// the entry chunk that must run before the first gateway request.

type Tagged = { __type: 'bigint'; value: string } | { __type: 'Map'; value: [unknown, unknown][] }

export function serialize(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return { __type: 'bigint', value: item.toString() } satisfies Tagged
    if (item instanceof Map) return { __type: 'Map', value: [...item.entries()] } satisfies Tagged
    return item
  })
}

export function deserialize<T>(text: string): T {
  return JSON.parse(text, (_key, item: unknown) => {
    const tagged = item as Partial<Tagged> | null
    if (tagged?.__type === 'bigint' && typeof tagged.value === 'string') return BigInt(tagged.value)
    if (tagged?.__type === 'Map' && Array.isArray(tagged.value)) return new Map(tagged.value)
    return item
  }) as T
}
