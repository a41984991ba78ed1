import {
  BaseError,
  ContractFunctionExecutionError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { deployErrorText } from './deployError'

describe('deployErrorText', () => {
  it('default: a rejection in the wallet, however wrapped, reads as one', () => {
    const rejected = new UserRejectedRequestError(new Error('User denied transaction signature.'))
    const wrapped = new ContractFunctionExecutionError(
      new TransactionExecutionError(rejected, { account: null }),
      {
        abi: [],
        functionName: 'createProxyWithNonce',
      },
    )
    const expected =
      'You rejected the deployment in your wallet: nothing was sent. Confirm again when you are ready.'
    expect(deployErrorText(wrapped)).toBe(expected)
    expect(deployErrorText(Object.assign(new Error('denied'), { code: 4001 }))).toBe(expected)
  })

  it('behavior: other failures give their first line, without the request dump', () => {
    expect(deployErrorText(new Error('The Safe creation reverted (0x12…3456)\nmore'))).toBe(
      'The deployment failed: The Safe creation reverted (0x12…3456)',
    )
    const insufficient = new TransactionExecutionError(new BaseError('insufficient funds for gas'), {
      account: null,
    })
    expect(deployErrorText(insufficient)).toMatch(/^The deployment failed: /)
    expect(deployErrorText(insufficient)).not.toContain('\n')
  })
})
