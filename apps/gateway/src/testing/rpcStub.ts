// A JSON-RPC node that knows nothing: zero balances, zero-word eth_call results, on 127.0.0.1. Enough for
// routes that read the chain at request time (balances) to answer without a devnet; a simulation (an
// eth_call to the simulator's address) succeeds and changes nothing.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SIMULATOR_ADDRESS, safeSimulatorAbi } from '@concord/safe/simulator'
import { encodeFunctionResult } from 'viem'

export type RpcStub = { url: string; close(): Promise<void> }

const ZERO_WORD = `0x${'0'.repeat(64)}`
const NOTHING_SIMULATED = encodeFunctionResult({
  abi: safeSimulatorAbi,
  functionName: 'simulate',
  result: [true, '0x', 0n, [], []],
})

/** The only block: number 1, a minute past the epoch, no base fee (a legacy chain). */
const BLOCK_ONE = {
  number: '0x1',
  hash: `0x${'0b'.repeat(32)}`,
  parentHash: ZERO_WORD,
  timestamp: '0x3c',
  gasLimit: '0x1c9c380',
  gasUsed: '0x0',
  miner: `0x${'0'.repeat(40)}`,
  transactions: [],
  logsBloom: `0x${'0'.repeat(512)}`,
}

/** The one transaction the stub knows: sent, not yet mined. */
export const KNOWN_TX_HASH = `0x${'ab'.repeat(32)}`
const PENDING_TX = {
  hash: KNOWN_TX_HASH,
  from: `0x${'11'.repeat(20)}`,
  to: `0x${'22'.repeat(20)}`,
  input: '0x',
  value: '0x1',
  nonce: '0x0',
  gas: '0x5208',
  gasPrice: '0x1',
  type: '0x0',
  blockHash: null,
  blockNumber: null,
  transactionIndex: null,
  v: '0x1b',
  r: ZERO_WORD,
  s: ZERO_WORD,
}
const knownTx = (params: unknown) =>
  Array.isArray(params) && typeof params[0] === 'string' && params[0].toLowerCase() === KNOWN_TX_HASH

function answer(call: { id?: unknown; method?: unknown; params?: unknown }, chainId: number) {
  const to = Array.isArray(call.params) ? (call.params[0] as { to?: unknown } | undefined)?.to : undefined
  const simulation = typeof to === 'string' && to.toLowerCase() === SIMULATOR_ADDRESS.toLowerCase()
  const result: Record<string, unknown> = {
    eth_chainId: `0x${chainId.toString(16)}`,
    eth_blockNumber: '0x1',
    eth_getBalance: '0x0',
    eth_getStorageAt: ZERO_WORD,
    eth_call: simulation ? NOTHING_SIMULATED : ZERO_WORD,
    eth_getCode: '0x',
    eth_getTransactionCount: '0x0',
    eth_getBlockByNumber: BLOCK_ONE,
    // One pending transaction is known (KNOWN_TX_HASH); no receipt.
    eth_getTransactionByHash: knownTx(call.params) ? PENDING_TX : null,
    eth_getTransactionReceipt: null,
  }
  const value =
    typeof call.method === 'string' && Object.hasOwn(result, call.method) ? result[call.method] : undefined
  return value === undefined
    ? { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32601, message: 'Method not found' } }
    : { jsonrpc: '2.0', id: call.id ?? null, result: value }
}

export async function startRpcStub(chainId: number): Promise<RpcStub> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        return void res.writeHead(400).end()
      }
      const reply = Array.isArray(parsed)
        ? parsed.map((c) => answer(c, chainId))
        : answer(parsed as { id?: unknown; method?: unknown; params?: unknown }, chainId)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
