import { keccak256, stringToBytes } from 'viem'

export type IdenticonPattern = {
  /** Foreground and background colours (`hsl(…)`). */
  color: string
  background: string
  /** `size` rows of `size` cells, mirrored left to right; true cells are drawn in `color`. */
  cells: boolean[][]
}

/**
 * The pattern of an identicon: a mirrored grid with two colours, all derived from keccak256 of the
 * lower-cased value, so an address looks the same in any casing and two close addresses look unrelated.
 */
export function identiconPattern(value: string, size = 5): IdenticonPattern {
  const bytes = keccak256(stringToBytes(value.toLowerCase()), 'bytes')
  const byte = (i: number) => bytes[i % bytes.length] ?? 0
  const hue = Math.round(((byte(0) << 8) | byte(1)) * (360 / 65536))
  const backgroundHue = (hue + 120 + (byte(2) % 120)) % 360
  const half = Math.ceil(size / 2)
  const cells = Array.from({ length: size }, (_, row) => {
    const left = Array.from({ length: half }, (_, col) => byte(3 + row * half + col) % 2 === 0)
    return [...left, ...left.slice(0, size - half).reverse()]
  })
  return {
    color: `hsl(${hue} ${55 + (byte(30) % 30)}% ${38 + (byte(31) % 20)}%)`,
    background: `hsl(${backgroundHue} 45% 90%)`,
    cells,
  }
}
