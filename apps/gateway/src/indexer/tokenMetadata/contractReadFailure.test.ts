import { erc20Abi } from '@concord/safe/contracts'
import { HttpRequestError, TimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import { contractReadFailure } from './contractReadFailure.ts'
import { raw, rpcError, stubClient } from './testClient.ts'

const TOKEN = '0x00000000000000000000000000000000000000aa'
const failureOf = async (answer: () => unknown) => {
  const { client } = stubClient(answer)
  const error = await client.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'decimals' }).then(
    () => {
      throw new Error('did not fail')
    },
    (e: unknown) => e,
  )
  return contractReadFailure(error)
}

describe('contractReadFailure', () => {
  it.each([
    [
      'JSON-RPC code 3 (anvil, geth with data)',
      () => Promise.reject(rpcError(3, 'execution reverted', '0x')),
    ],
    [
      'hardhat: -32603 with a revert message',
      () => Promise.reject(rpcError(-32603, 'VM Exception while processing transaction: reverted')),
    ],
    [
      'a revert reason',
      () =>
        Promise.reject(
          rpcError(
            3,
            'execution reverted: nope',
            '0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000046e6f706500000000000000000000000000000000000000000000000000000000',
          ),
        ),
    ],
    [
      'geth: -32000 "execution reverted" without data',
      () => Promise.reject(rpcError(-32000, 'execution reverted')),
    ],
    ['no code at the address (0x)', () => raw('0x')],
    ['a result that does not decode', () => raw('0x01')],
  ])("'contract': %s", async (_, answer) => {
    expect(await failureOf(answer)).toBe('contract')
  })

  it.each([
    ['HTTP 503', () => Promise.reject(new HttpRequestError({ url: 'http://rpc', status: 503 }))],
    ['HTTP 429', () => Promise.reject(new HttpRequestError({ url: 'http://rpc', status: 429 }))],
    ['a timeout', () => Promise.reject(new TimeoutError({ body: {}, url: 'http://rpc' }))],
    ['-32005 limit exceeded', () => Promise.reject(rpcError(-32005, 'limit exceeded'))],
    ['JSON-RPC 429', () => Promise.reject(rpcError(429, 'Too Many Requests'))],
    [
      '-32603 internal error (viem reads it as a revert)',
      () => Promise.reject(rpcError(-32603, 'internal error')),
    ],
    ['-32000 header not found', () => Promise.reject(rpcError(-32000, 'header not found'))],
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
  ])("'transport': %s", async (_, answer) => {
    expect(await failureOf(answer)).toBe('transport')
  })

  it("'transport': anything that is not a viem error", () => {
    expect(contractReadFailure(new Error('boom'))).toBe('transport')
    expect(contractReadFailure('nope')).toBe('transport')
  })
})
