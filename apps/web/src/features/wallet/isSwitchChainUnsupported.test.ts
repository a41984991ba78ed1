import {
  MethodNotFoundRpcError,
  SwitchChainError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { SwitchChainNotSupportedError } from 'wagmi'
import { isSwitchChainUnsupported } from './isSwitchChainUnsupported'

describe('isSwitchChainUnsupported', () => {
  it('default: connector without switchChain', () => {
    expect(
      isSwitchChainUnsupported(new SwitchChainNotSupportedError({ connector: { name: 'X' } as never })),
    ).toBe(true)
  })

  it('behavior: wallet rejects the method', () => {
    expect(isSwitchChainUnsupported(new UnsupportedProviderMethodError(new Error('no')))).toBe(true)
    expect(isSwitchChainUnsupported(new MethodNotFoundRpcError(new Error('no')))).toBe(true)
    expect(isSwitchChainUnsupported({ code: 4200, message: 'Unsupported method' })).toBe(true)
  })

  it('behavior: nested cause', () => {
    const error = new SwitchChainError(new Error('wrapped'))
    Object.defineProperty(error, 'cause', { value: { code: -32601 } })
    expect(isSwitchChainUnsupported(error)).toBe(true)
  })

  it('behavior: other failures are not "unsupported"', () => {
    expect(isSwitchChainUnsupported(new UserRejectedRequestError(new Error('no')))).toBe(false)
    expect(isSwitchChainUnsupported(new Error('timeout'))).toBe(false)
    expect(isSwitchChainUnsupported(undefined)).toBe(false)
  })
})
