// The service against a stubbed node: what it makes of the simulator's answer, and of nodes that do not
// apply eth_call state overrides (the devnet test covers real anvil and Hardhat nodes).
import { SIMULATOR_ADDRESS, safeSimulatorAbi } from '@concord/safe/simulator'
import {
  encodeErrorResult,
  encodeFunctionResult,
  getAddress,
  type Hex,
  InvalidParamsRpcError,
  type PublicClient,
  parseAbi,
  RpcRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { SimulatedToken } from './simulation.repository.ts'
import { SimulationUnsupportedError, simulateSafeTransaction } from './simulation.service.ts'

const safe = getAddress('0x00000000000000000000000000000000005afe00')
const token = getAddress('0x00000000000000000000000000000000000000a1')
const recipient = getAddress('0x00000000000000000000000000000000000000b2')
const chain = { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' } }
const tx = { to: recipient, value: '100', data: null, operation: 0 as const }

type Call = { to: string; data: Hex }
/** A client whose eth_call answers `answer(call)`; every call is recorded. */
function stubClient(answer: (call: Call, params: unknown[]) => Hex | Promise<Hex>) {
  const calls: Call[] = []
  const client = {
    request: async ({ method, params }: { method: string; params: unknown[] }) => {
      if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
      const call = params[0] as Call
      calls.push(call)
      return answer(call, params)
    },
  } as unknown as PublicClient
  return { client, calls }
}

const simulatorAnswer = (...result: [boolean, Hex, bigint, bigint[], bigint[]]) =>
  encodeFunctionResult({ abi: safeSimulatorAbi, functionName: 'simulate', result })

const revert = (data: Hex) =>
  new RpcRequestError({
    body: {},
    url: 'http://node',
    error: { code: 3, message: 'execution reverted', data },
  })

describe('simulateSafeTransaction', () => {
  it('default: balance changes, native first, unchanged balances left out', async () => {
    const tokens: SimulatedToken[] = [
      { address: token, symbol: 'TKN', decimals: 6 },
      { address: recipient, symbol: 'SAME', decimals: 0 },
    ]
    const { client, calls } = stubClient((call, params) => {
      expect(call.to).toBe(SIMULATOR_ADDRESS)
      expect(Object.keys(params[2] as object)).toEqual([SIMULATOR_ADDRESS, safe])
      return simulatorAnswer(true, '0x', 21_000n, [1_000n, 50n, 7n], [900n, 80n, 7n])
    })
    const result = await simulateSafeTransaction({ client, chain, safe, tx, tokens })
    expect(calls).toHaveLength(1)
    expect(result).toEqual({
      success: true,
      revertReason: null,
      gasUsed: '21000',
      balanceChanges: [
        { tokenAddress: null, symbol: 'ETH', decimals: 18, before: '1000', after: '900', change: '-100' },
        { tokenAddress: token, symbol: 'TKN', decimals: 6, before: '50', after: '80', change: '30' },
      ],
    })
  })

  it('behavior: metadata the indexer has not read yet comes from the token', async () => {
    const erc20 = parseAbi([
      'function symbol() view returns (string)',
      'function decimals() view returns (uint8)',
    ])
    const { client } = stubClient((call) => {
      if (call.to === SIMULATOR_ADDRESS) return simulatorAnswer(true, '0x', 1n, [0n, 0n], [0n, 5n])
      if (call.data === '0x95d89b41')
        return encodeFunctionResult({ abi: erc20, functionName: 'symbol', result: 'NEW' })
      return encodeFunctionResult({ abi: erc20, functionName: 'decimals', result: 8 })
    })
    const tokens = [{ address: token, symbol: null, decimals: null }]
    const result = await simulateSafeTransaction({ client, chain, safe, tx, tokens })
    expect(result.balanceChanges[0]).toMatchObject({ tokenAddress: token, symbol: 'NEW', decimals: 8 })
  })

  it('behavior: a failed transaction gives its reason; a failed value transfer says why', async () => {
    const reason = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['nope'],
    })
    const failed = stubClient(() => simulatorAnswer(false, reason, 5_000n, [1n], [1n]))
    expect(await simulateSafeTransaction({ client: failed.client, chain, safe, tx, tokens: [] })).toEqual({
      success: false,
      revertReason: 'nope',
      gasUsed: '5000',
      balanceChanges: [],
    })
    const poor = stubClient(() => simulatorAnswer(false, '0x', 5_000n, [10n], [10n]))
    const result = await simulateSafeTransaction({ client: poor.client, chain, safe, tx, tokens: [] })
    expect(result.revertReason).toBe("The Safe's balance (10 wei) is lower than the value sent (100 wei)")
  })

  it('behavior: the Safe refusing the module call itself is a failed simulation', async () => {
    const guard = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['guard'],
    })
    const { client } = stubClient(() => {
      throw revert(guard)
    })
    expect(await simulateSafeTransaction({ client, chain, safe, tx, tokens: [] })).toEqual({
      success: false,
      revertReason: 'guard',
      gasUsed: '0',
      balanceChanges: [],
    })
  })

  it.each([
    ['ignores the code override', () => '0x' as Hex, /ignored the state override of the code/],
    ['runs other code there', () => `0x${'00'.repeat(32)}` as Hex, /not what the simulator code returns/],
    [
      'ignores the storage override (GS104)',
      () => {
        const data = encodeErrorResult({
          abi: parseAbi(['error Error(string)']),
          errorName: 'Error',
          args: ['GS104'],
        })
        throw revert(data)
      },
      /ignored the state override of the Safe/,
    ],
    [
      'refuses a third eth_call parameter',
      () => {
        throw new InvalidParamsRpcError(new Error('too many arguments, want at most 2'))
      },
      /refused the call/,
    ],
  ])('error: a node that %s answers 503', async (_, answer, message) => {
    const { client } = stubClient(answer)
    const error = await simulateSafeTransaction({ client, chain, safe, tx, tokens: [] }).catch((e) => e)
    expect(error).toBeInstanceOf(SimulationUnsupportedError)
    expect(error).toMatchObject({ status: 503, message: expect.stringMatching(message) })
    expect(error.message).toContain('needs eth_call with state overrides')
  })

  it('error: other node failures are not taken for a revert', async () => {
    const { client } = stubClient(() => {
      throw new RpcRequestError({
        body: {},
        url: 'http://node',
        error: { code: -32005, message: 'rate limited' },
      })
    })
    await expect(simulateSafeTransaction({ client, chain, safe, tx, tokens: [] })).rejects.toBeInstanceOf(
      RpcRequestError,
    )
  })
})

// The simulator's ABI encodes its five results in this order (the service destructures them by position).
it('the simulate() result layout', () => {
  const outputs = safeSimulatorAbi[0].outputs.map((o) => `${o.type} ${o.name}`)
  expect(outputs).toEqual([
    'bool success',
    'bytes returnData',
    'uint256 gasUsed',
    'uint256[] balancesBefore',
    'uint256[] balancesAfter',
  ])
})
