import { describe, expect, it } from 'vitest'
import {
  addDelegateRequest,
  delegateSigningData,
  deleteDelegateSigningData,
  listDelegatesRequest,
  removeDelegateRequest,
  validateNewDelegate,
} from './api/requests'

const SAFE = '0x1111111111111111111111111111111111111111'
const DELEGATE = '0x2222222222222222222222222222222222222222'
const DELEGATOR = '0x3333333333333333333333333333333333333333'

describe('delegate requests', () => {
  it('builds the list, add and remove requests of the gateway', () => {
    expect(listDelegatesRequest('1', SAFE)).toEqual({
      method: 'GET',
      path: `/v2/chains/1/delegates?safe=${SAFE}`,
    })
    expect(
      addDelegateRequest({
        chainId: '1',
        safe: SAFE,
        delegate: DELEGATE,
        delegator: DELEGATOR,
        label: 'Bot',
        signature: '0xabcd',
      }),
    ).toEqual({
      method: 'POST',
      path: '/v2/chains/1/delegates',
      body: { safe: SAFE, delegate: DELEGATE, delegator: DELEGATOR, label: 'Bot', signature: '0xabcd' },
    })
    expect(
      removeDelegateRequest({
        chainId: '1',
        safe: SAFE,
        delegate: DELEGATE,
        delegator: DELEGATOR,
        signature: '0xab',
      }),
    ).toEqual({
      method: 'DELETE',
      path: `/v2/chains/1/delegates/${DELEGATE}`,
      body: { safe: SAFE, delegator: DELEGATOR, signature: '0xab' },
    })
  })

  it('signs a removal for the Safe it removes from (not the Delegate an add signs)', () => {
    const data = deleteDelegateSigningData({ delegate: DELEGATE, safe: SAFE, chainId: 5, nowMs: 7_200_000 })
    expect(data.primaryType).toBe('DeleteDelegate')
    expect(data.message).toEqual({ delegateAddress: DELEGATE, safe: SAFE, totp: 2n })
  })

  it('signs the delegate and the current hour on the chain', () => {
    const data = delegateSigningData({ delegate: DELEGATE, chainId: 5, nowMs: 7_200_000 })
    expect(data.domain).toEqual({ name: 'Safe Transaction Service', version: '1.0', chainId: 5 })
    expect(data.message).toEqual({ delegateAddress: DELEGATE, totp: 2n })
  })

  it('validates the address and the label', () => {
    expect(validateNewDelegate({ delegate: 'nope', label: 'x' })).toEqual({
      ok: false,
      error: 'Enter a valid address',
    })
    expect(validateNewDelegate({ delegate: DELEGATE, label: ' ' })).toMatchObject({ ok: false })
    expect(validateNewDelegate({ delegate: DELEGATE, label: 'x'.repeat(51) })).toMatchObject({ ok: false })
    expect(validateNewDelegate({ delegate: ` ${DELEGATE} `, label: ' Bot ' })).toEqual({
      ok: true,
      delegate: DELEGATE,
      label: 'Bot',
    })
  })
})
