import { describe, expect, it } from 'vitest'
import { type AbiEntryError, parseAbiEntries } from './abiEntries.ts'

describe('parseAbiEntries', () => {
  it('reports the entry at fault', () => {
    const fail = (entries: unknown[]) => {
      try {
        parseAbiEntries(entries)
      } catch (error) {
        return error as AbiEntryError
      }
      throw new Error('did not throw')
    }
    expect(fail(['function ok()', 'function foo(uint257 x)'])).toMatchObject({
      index: 1,
      message: expect.stringMatching(/uint257/),
    })
    expect(fail([{ type: 'function', name: 'x', inputs: [{ type: 'uint257' }] }])).toMatchObject({ index: 0 })
    expect(fail([{ name: 'x' }])).toMatchObject({ index: 0, message: expect.stringMatching(/type/) })
    expect(fail([42])).toMatchObject({ index: 0 })
    expect(parseAbiEntries(['struct Pair { address a; uint256 b; }', 'function f(Pair p)'])[0]).toMatchObject(
      {
        name: 'f',
      },
    )
  })

  it('accepts signatures without the function keyword and passes non-function JSON items through', () => {
    const abi = parseAbiEntries([
      'transfer(address to, uint256 value)',
      { type: 'event', name: 'E', inputs: [] },
    ])
    expect(abi).toMatchObject([
      { type: 'function', name: 'transfer' },
      { type: 'event', name: 'E' },
    ])
  })
})
