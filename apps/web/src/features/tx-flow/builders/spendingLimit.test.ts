import { allowanceModuleAbi } from '@concord/safe/allowanceModule'
import { multiSendAbi, safeV141 } from '@concord/safe/contracts'
import { decodeFunctionData, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildSetSpendingLimit, parseResetMinutes } from './spendingLimit'

const safe = '0x1111111111111111111111111111111111111111'
const module = '0x2222222222222222222222222222222222222222'
const delegate = '0x3333333333333333333333333333333333333333'
const base = {
  safe,
  module,
  delegate,
  token: zeroAddress,
  amount: 5n,
  resetTimeMin: 60,
  version: '1.4.1',
} as const

describe('spending-limit transactions', () => {
  it('reset periods in minutes, within the module’s uint16', () => {
    expect(parseResetMinutes('once', '')).toEqual({ ok: true, value: 0 })
    expect(parseResetMinutes('days', '2')).toEqual({ ok: true, value: 2880 })
    expect(parseResetMinutes('months', '1')).toEqual({ ok: true, value: 43_200 })
    expect(parseResetMinutes('months', '2').ok).toBe(false)
    expect(parseResetMinutes('hours', '0').ok).toBe(false)
    expect(parseResetMinutes('hours', '1.5').ok).toBe(false)
  })

  it('a delegate already added to an enabled module: one setAllowance call', () => {
    const built = buildSetSpendingLimit({ ...base, moduleEnabled: true, delegateAdded: true })
    if (!built.ok) throw new Error(built.error)
    expect(built.value.to).toBe(module)
    const call = decodeFunctionData({ abi: allowanceModuleAbi, data: built.value.data })
    expect(call.functionName).toBe('setAllowance')
    expect(call.args).toEqual([delegate, zeroAddress, 5n, 60, 0])
  })

  it('otherwise a MultiSendCallOnly batch: enableModule, addDelegate, setAllowance', () => {
    const built = buildSetSpendingLimit({ ...base, moduleEnabled: false, delegateAdded: false })
    if (!built.ok) throw new Error(built.error)
    expect(built.value).toMatchObject({ to: safeV141.multiSendCallOnly, operation: 1 })
    expect(decodeFunctionData({ abi: multiSendAbi, data: built.value.data }).functionName).toBe('multiSend')
    expect(built.value.data).toContain('610b5925') // enableModule(address)
    expect(built.value.data).toContain('e71bdf41') // addDelegate(address)
    expect(built.value.data).toContain('beaeb388') // setAllowance(address,address,uint96,uint16,uint32)
  })

  it('refuses an amount the module cannot hold', () => {
    expect(
      buildSetSpendingLimit({ ...base, amount: 2n ** 96n, moduleEnabled: true, delegateAdded: true }).ok,
    ).toBe(false)
  })
})
