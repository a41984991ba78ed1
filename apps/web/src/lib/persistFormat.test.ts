import { describe, expect, it } from 'vitest'
import { deserialize as wagmiDeserialize, serialize as wagmiSerialize } from 'wagmi'
import { deserialize, serialize } from './persistFormat'

const sample = {
  balance: 12345678901234567890n,
  byChain: new Map([['1', { nonce: 7n }]]),
  text: 'x',
  n: [1, null],
}

describe('persistFormat', () => {
  it('behavior: bigints and Maps come back as they went', () => {
    expect(deserialize(serialize(sample))).toEqual(sample)
  })

  it('behavior: reads what wagmi’s serializer wrote (caches persisted before) and writes what it reads', () => {
    expect(deserialize(wagmiSerialize(sample))).toEqual(sample)
    expect(wagmiDeserialize(serialize(sample))).toEqual(sample)
  })
})
