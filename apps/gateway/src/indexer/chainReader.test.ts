// eth_getLogs refusals in the providers' own words, read for the caps they state.
import { describe, expect, it } from 'vitest'
import { logsCap } from './chainReader.ts'

describe('logsCap', () => {
  it.each([
    [
      'Alchemy: a suggested range and a 2K block range',
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x10, 0x4f]',
      { suggested: 64, maxRange: 2000 },
    ],
    [
      'Infura: a result cap with a suggested range',
      'query returned more than 10000 results. Try with this block range [0x1234, 0x1240].',
      { suggested: 13 },
    ],
    ['a hard range cap', 'In eth_getLogs, the block range is limited to 2000.', { maxRange: 2000 }],
    ['geth-style', 'exceed maximum block range: 5000', { maxRange: 5000 }],
    [
      'a range of blocks "up to"',
      'block range too large: up to 10,000 blocks per request',
      { maxRange: 10_000 },
    ],
  ])('%s', (_, message, cap) => {
    expect(logsCap(new Error(message))).toEqual(cap)
  })

  it('a result cap without a range says nothing (the window is halved)', () => {
    expect(logsCap(new Error('query returned more than 10000 results'))).toBeUndefined()
    expect(logsCap(new Error('execution reverted'))).toBeUndefined()
  })
})
