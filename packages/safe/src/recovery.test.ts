import { type Address, encodeFunctionData, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { safeAbi, safeV141 } from './contracts.ts'
import { ownerChangeCalls, ownerChangeOutcome, recoveryTransaction } from './recovery.ts'

const address = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`) as Address
const safe = address(0x5afe)
const [a, b, c, d] = [address(0xa), address(0xb), address(0xc), address(0xd)]

describe('recovery', () => {
  it('default: the queued batch decodes back to the owners and threshold asked for', () => {
    const tx = recoveryTransaction(safe, [a, b, c], [d, b], 2)
    expect(tx).toMatchObject({ to: safeV141.multiSendCallOnly, operation: 1, value: 0n })
    expect(ownerChangeOutcome(safe, [a, b, c], tx)).toEqual({ owners: [d, b], threshold: 2 })
  })

  it('behavior: a single owner call (no batch) is read as well', () => {
    const data = encodeFunctionData({ abi: safeAbi, functionName: 'swapOwner', args: [address(1), a, d] })
    expect(ownerChangeOutcome(safe, [a, b], { to: safe, value: 0n, data, operation: 0 })).toEqual({
      owners: [d, b],
      threshold: null,
    })
  })

  it('error: a batch through another contract, or a call elsewhere, is not read as an owner change', () => {
    const tx = recoveryTransaction(safe, [a], [b], 1)
    expect(ownerChangeOutcome(safe, [a], { ...tx, to: address(0xbad) })).toBeNull()
    expect(ownerChangeOutcome(address(0x07e4), [a], tx)).toBeNull()
  })

  it('error: an empty list, a repeated owner, the Safe itself and an impossible threshold are refused', () => {
    expect(() => ownerChangeCalls(safe, [a], [], 1)).toThrow('at least one')
    expect(() => ownerChangeCalls(safe, [a], [b, b], 1)).toThrow('twice')
    expect(() => ownerChangeCalls(safe, [a], [safe], 1)).toThrow('itself')
    expect(() => ownerChangeCalls(safe, [a], [b, c], 3)).toThrow('between 1 and 2')
  })
})
