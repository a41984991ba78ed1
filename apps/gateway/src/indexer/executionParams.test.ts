// The non-L2 parameter resolver against a stubbed node (the RPC boundary): calldata first, then the call
// trace, a candidate counting only when it hashes to the logged safeTxHash; a node without tracers is
// remembered, a transient trace failure retried and then given up on.
import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import {
  type Address,
  createPublicClient,
  custom,
  encodeFunctionData,
  type Hex,
  HttpRequestError,
  keccak256,
  type PublicClient,
  toHex,
  zeroAddress,
} from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { createExecutionResolver } from './executionParams.ts'
import { type ModuleRow, type MultisigRow, UNKNOWN_PARAMS } from './rows.ts'

const CHAIN = 1
const SAFE: Address = '0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE'
const SENDER: Address = '0x1111111111111111111111111111111111111111'
const RELAYER: Address = '0x2222222222222222222222222222222222222222'
const RECIPIENT: Address = '0x3333333333333333333333333333333333333333'
const MODULE: Address = '0x4444444444444444444444444444444444444444'
const TX = keccak256(toHex('eth tx'))
const SIGNATURES: Hex = `0x${'ab'.repeat(65)}`

const params = SafeTx.from({ to: RECIPIENT, value: 5n, nonce: 3n })
const safeTxHash = SafeTx.hash(params, { chainId: CHAIN, address: SAFE })
const execInput = encodeFunctionData({
  abi: safeAbi,
  functionName: 'execTransaction',
  args: [
    params.to,
    params.value,
    params.data,
    params.operation,
    params.safeTxGas,
    params.baseGas,
    params.gasPrice,
    params.gasToken,
    params.refundReceiver,
    SIGNATURES,
  ],
})

const unresolved = (nonce = 3): MultisigRow => ({
  chainId: CHAIN,
  safe: SAFE,
  safeTxHash,
  nonce,
  ...UNKNOWN_PARAMS,
  threshold: 1,
  owners: [SENDER],
  success: true,
  txHash: TX,
  blockNumber: 10,
  logIndex: 4,
  timestamp: 0,
})

type Handler = (method: string, params: unknown[]) => unknown
function node(handler: Handler): { client: PublicClient; calls: string[] } {
  const calls: string[] = []
  const client = createPublicClient({
    transport: custom({
      request: async ({ method, params }) => {
        calls.push(method)
        return handler(method, params as unknown[])
      },
    }),
  }) as PublicClient
  return { client, calls }
}
const transaction = (to: Address, input: Hex) => ({ hash: TX, from: SENDER, to, input })
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

describe('createExecutionResolver', () => {
  it("reads a direct execTransaction from the transaction's calldata", async () => {
    const { client, calls } = node((m) =>
      m === 'eth_getTransactionByHash' ? transaction(SAFE, execInput) : null,
    )
    const row = unresolved()
    expect(await createExecutionResolver(client, CHAIN).resolve([row], [])).toBe(0)
    expect(row).toMatchObject({
      paramsSource: 'calldata',
      to: RECIPIENT,
      value: '5',
      data: '0x',
      operation: 0,
      gasToken: zeroAddress,
      signatures: SIGNATURES,
      executor: SENDER,
    })
    expect(calls).not.toContain('debug_traceTransaction')
  })

  it('never attaches a call that does not hash to the logged safeTxHash; remembers a node without tracers', async () => {
    const { client, calls } = node((m) => {
      if (m === 'eth_getTransactionByHash') return transaction(SAFE, execInput)
      throw rpcError(-32601, 'the method debug_traceTransaction does not exist')
    })
    const resolver = createExecutionResolver(client, CHAIN)
    const row = unresolved(4) // another nonce: the calldata's call is a different Safe transaction
    expect(await resolver.resolve([row], [])).toBe(1)
    expect(row.paramsSource).toBeNull()
    expect(row.to).toBeNull()
    expect(row.executor).toBe(SENDER)
    expect(resolver.tracing()).toBe(false)
    await resolver.resolve([unresolved(4)], [])
    expect(calls.filter((c) => c === 'debug_traceTransaction')).toHaveLength(1)
  })

  it('finds a relayed execution and a module call in the call trace', async () => {
    const moduleInput = encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransactionFromModule',
      args: [RECIPIENT, 9n, '0x1234', 0],
    })
    const { client } = node((m) => {
      if (m === 'eth_getTransactionByHash') return transaction(RELAYER, '0xdeadbeef')
      return {
        from: SENDER,
        to: RELAYER,
        input: '0xdeadbeef',
        type: 'CALL',
        calls: [
          {
            from: RELAYER,
            to: SAFE,
            input: execInput,
            type: 'CALL',
            calls: [{ from: SAFE, to: zeroAddress, input: execInput, type: 'DELEGATECALL' }],
          },
          { from: MODULE, to: SAFE, input: moduleInput, type: 'CALL' },
        ],
      }
    })
    const resolver = createExecutionResolver(client, CHAIN)
    const row = unresolved()
    const moduleRow: ModuleRow = {
      chainId: CHAIN,
      safe: SAFE,
      module: MODULE,
      to: null,
      value: null,
      data: null,
      operation: null,
      success: true,
      txHash: TX,
      blockNumber: 10,
      logIndex: 7,
      timestamp: 0,
    }
    expect(await resolver.resolve([row], [moduleRow])).toBe(0)
    expect(row).toMatchObject({ paramsSource: 'trace', to: RECIPIENT, value: '5', executor: SENDER })
    expect(moduleRow).toMatchObject({ to: RECIPIENT, value: '9', data: '0x1234', operation: 0 })
    expect(resolver.tracing()).toBe(true)
  })

  it('gives up on a transaction whose trace the node keeps refusing, after a few tries', async () => {
    const { client, calls } = node((m) => {
      if (m === 'eth_getTransactionByHash') return transaction(RELAYER, '0xdeadbeef')
      throw rpcError(-32000, 'execution aborted (timeout = 5s)')
    })
    const onGiveUp = vi.fn()
    const row = unresolved()
    expect(await createExecutionResolver(client, CHAIN, { onGiveUp }).resolve([row], [])).toBe(1)
    expect(calls.filter((c) => c === 'debug_traceTransaction').length).toBeGreaterThanOrEqual(3)
    expect(onGiveUp).toHaveBeenCalledOnce()
    expect(row.paramsSource).toBeNull()
  })

  it('gives up at once when the node has no state for that transaction (pruned)', async () => {
    for (const error of [rpcError(-32001, 'Resource not found'), rpcError(-32000, 'missing trie node abc')]) {
      let traces = 0
      const { client } = node((m) => {
        if (m === 'eth_getTransactionByHash') return transaction(RELAYER, '0xdeadbeef')
        traces++
        throw error
      })
      const row = unresolved()
      expect(await createExecutionResolver(client, CHAIN).resolve([row], [])).toBe(1)
      expect(row.paramsSource).toBeNull()
      expect(traces).toBeLessThanOrEqual(4) // viem's own transport retries, none of ours
    }
  })

  it('fails the window when the node cannot be reached (retried later, nothing recorded)', async () => {
    const { client } = node((m) => {
      if (m === 'eth_getTransactionByHash') return transaction(RELAYER, '0xdeadbeef')
      throw new HttpRequestError({ url: 'http://node', status: 503 })
    })
    const resolver = createExecutionResolver(client, CHAIN)
    await expect(resolver.resolve([unresolved()], [])).rejects.toThrow()
    expect(resolver.tracing()).toBeUndefined()
  })

  it('a stored proposal with the same hash gives the parameters', async () => {
    const { client } = node((m) => (m === 'eth_getTransactionByHash' ? transaction(RELAYER, '0x') : null))
    const proposals = async () => new Map([[safeTxHash, { ...params, signatures: SIGNATURES }]])
    const row = unresolved()
    expect(await createExecutionResolver(client, CHAIN, { proposals }).resolve([row], [])).toBe(0)
    expect(row).toMatchObject({ paramsSource: 'proposal', to: RECIPIENT })
  })
})
