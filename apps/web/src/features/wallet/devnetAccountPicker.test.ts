import { UserRejectedRequestError } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { createAccountPicker } from './devnetAccountPicker'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('createAccountPicker', () => {
  it('default: resolves with the chosen account', async () => {
    const picker = createAccountPicker()
    const listener = vi.fn()
    picker.subscribe(listener)
    const result = picker.request([A, B], B)
    expect(picker.getSnapshot()).toEqual({ accounts: [A, B], lastAccount: B })
    picker.choose(B)
    await expect(result).resolves.toBe(B)
    expect(picker.getSnapshot()).toBeNull()
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('behavior: cancel rejects as a user rejection', async () => {
    const picker = createAccountPicker()
    const result = picker.request([A])
    picker.cancel()
    await expect(result).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('behavior: a new request supersedes the pending one', async () => {
    const picker = createAccountPicker()
    const first = picker.request([A])
    const second = picker.request([A, B])
    await expect(first).rejects.toBeInstanceOf(UserRejectedRequestError)
    picker.choose(A)
    await expect(second).resolves.toBe(A)
  })

  it('error: account not offered', () => {
    const picker = createAccountPicker()
    void picker.request([A])
    expect(() => picker.choose(B)).toThrow('is not a devnet account')
  })
})
