// Caps on what is stored from a token contract or a tokenURI document, and served back by the collectibles and
// balances routes. Whoever deploys a contract picks these strings: they are cut to size, stripped of what
// PostgreSQL refuses (NUL, lone UTF-16 surrogates) and kept shallow enough to serialise without recursion limits.

/** Longest stored value of each field (characters; `metadata` as serialised JSON). */
export const STORED_LIMITS = {
  tokenName: 256,
  tokenSymbol: 64,
  name: 256,
  description: 4096,
  /** URLs are dropped, not cut: a truncated URL points elsewhere. On-chain SVG images are often tens of KiB. */
  imageUri: 48 * 1024,
  uri: 8 * 1024,
  metadata: 64 * 1024,
  /** Nesting depth of the stored document. */
  depth: 32,
} as const

/** A string PostgreSQL can store: no NUL, no lone surrogate. */
export function storable(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\ufffd')
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what must go
const NUL = /\u0000/g
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** A text field cut to `max` characters (on a code point boundary); null for a non-string or empty value. */
export function cappedText(value: unknown, max: number): string | null {
  if (typeof value !== 'string' || value === '') return null
  const text = storable(value.length > max * 2 ? value.slice(0, max * 2) : value)
  return Array.from(text).slice(0, max).join('') || null
}

/** A URL kept whole or not at all. */
export function cappedUrl(value: unknown, max: number): string | null {
  if (typeof value !== 'string' || value === '' || value.length > max) return null
  return storable(value)
}

/**
 * The document as stored: strings made storable, null when it is nested deeper than STORED_LIMITS.depth or
 * serialises to more than STORED_LIMITS.metadata characters.
 */
export function storedDocument(doc: Record<string, unknown>): Record<string, unknown> | null {
  const clean = (value: unknown, depth: number): unknown => {
    if (depth > STORED_LIMITS.depth) throw new RangeError('metadata nested too deeply')
    if (typeof value === 'string') return storable(value)
    if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1))
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), clean(v, depth + 1)]))
    return value
  }
  try {
    const stored = clean(doc, 0) as Record<string, unknown>
    return JSON.stringify(stored).length <= STORED_LIMITS.metadata ? stored : null
  } catch (error) {
    if (error instanceof RangeError) return null
    throw error
  }
}
