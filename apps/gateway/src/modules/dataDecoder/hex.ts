// Hex checks that stay linear and flat on megabytes of input: a backtracking group such as
// /^0x([0-9a-f]{2})*$/ recurses per pair in V8 and overflows the stack on a few MiB.

/** `0x` followed by an even number of hex digits (any case). */
export function isHexData(value: unknown): value is `0x${string}` {
  if (typeof value !== 'string' || value.length % 2 !== 0) return false
  if (value.charCodeAt(0) !== 48 || value.charCodeAt(1) !== 120) return false // '0x'
  for (let i = 2; i < value.length; i++) if (!isHexDigit(value.charCodeAt(i))) return false
  return true
}

/** Whether `value[start, end)` holds only hex digits (no allocation). */
export function isHexRange(value: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isHexDigit(value.charCodeAt(i))) return false
  return true
}

const isHexDigit = (c: number) =>
  (c >= 48 && c <= 57) || // 0-9
  (c >= 97 && c <= 102) || // a-f
  (c >= 65 && c <= 70) // A-F
